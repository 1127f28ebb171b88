import { describe, expect, it } from 'vitest';
import { sharedReads } from './shared-reads';

/** A read the test settles by hand, counting how often it was started. */
function deferredReads() {
  const started: { resolve: (value: string) => void; reject: (error: Error) => void }[] = [];
  const read = () =>
    new Promise<string>((resolve, reject) => {
      started.push({ resolve, reject });
    });
  return { started, read };
}

describe('sharedReads', () => {
  it('answers identical requests in flight together from one read, and reads again once it has settled', async () => {
    const shared = sharedReads<string>();
    const { started, read } = deferredReads();
    const first = shared('broker:80:30', read);
    const second = shared('broker:80:30', read);
    const other = shared('broker:81:30', read);
    expect(started).toHaveLength(2);
    started[0]?.resolve('figures of 80');
    started[1]?.resolve('figures of 81');
    await expect(Promise.all([first, second, other])).resolves.toEqual(['figures of 80', 'figures of 80', 'figures of 81']);

    // Settled: the next request is not answered from the earlier read.
    const later = shared('broker:80:30', read);
    expect(started).toHaveLength(3);
    started[2]?.resolve('newer figures of 80');
    await expect(later).resolves.toBe('newer figures of 80');
  });

  it('gives a failed read to every request that waited for it, then forgets it', async () => {
    const shared = sharedReads<string>();
    const { started, read } = deferredReads();
    const first = shared('overview', read);
    const second = shared('overview', read);
    started[0]?.reject(new Error('connection lost'));
    await expect(first).rejects.toThrow('connection lost');
    await expect(second).rejects.toThrow('connection lost');
    const retried = shared('overview', read);
    started[1]?.resolve('overview');
    await expect(retried).resolves.toBe('overview');
  });
});
