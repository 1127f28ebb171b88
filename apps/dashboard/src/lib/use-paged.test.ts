import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { usePage, type Loaded } from './use-paged';

const pagination = { page: 1, limit: 20, total: 1, hasMore: false };

describe('usePage', () => {
  it("never shows one loader's rows as another's while the second is loading, even under the same page key", async () => {
    const builders = () => Promise.resolve<Loaded<{ id: number; name: string }>>({ items: [{ id: 1, name: 'Anantya Properties' }], pagination });
    let answerContractors: (loaded: Loaded<{ id: number; name: string }>) => void = () => undefined;
    const contractors = () => new Promise<Loaded<{ id: number; name: string }>>((resolve) => (answerContractors = resolve));

    const { result, rerender } = renderHook(({ load }) => usePage(load, 'page=1'), { initialProps: { load: builders } });
    await waitFor(() => expect(result.current.state.status).toBe('ready'));

    rerender({ load: contractors });
    expect(result.current.state.status).toBe('loading');

    answerContractors({ items: [{ id: 7, name: 'Sharma Interiors' }], pagination });
    await waitFor(() => expect(result.current.state).toMatchObject({ status: 'ready', items: [{ id: 7 }] }));
  });
});
