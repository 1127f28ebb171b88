import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LEAD_PROMPT_INTERVAL_MS, useLeadFormFlag } from './use-lead-form-flag';

describe('useLeadFormFlag (spec §4 Lead form flag)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('turns on 30 s after load', () => {
    const { result } = renderHook(() => useLeadFormFlag('a'));
    act(() => vi.advanceTimersByTime(LEAD_PROMPT_INTERVAL_MS - 1));
    expect(result.current.flag).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.flag).toBe(true);
  });

  it('stays off for the rest of the page once dismissed (issue 17), and comes back after a navigation', () => {
    const { result, rerender } = renderHook(({ key }) => useLeadFormFlag(key), { initialProps: { key: 'a' } });
    act(() => vi.advanceTimersByTime(LEAD_PROMPT_INTERVAL_MS));
    act(() => result.current.dismiss());
    expect(result.current.flag).toBe(false);
    act(() => vi.advanceTimersByTime(LEAD_PROMPT_INTERVAL_MS * 4));
    expect(result.current.flag).toBe(false);
    rerender({ key: 'b' });
    act(() => vi.advanceTimersByTime(LEAD_PROMPT_INTERVAL_MS));
    expect(result.current.flag).toBe(true);
  });

  it('starts over on navigation', () => {
    const { result, rerender } = renderHook(({ key }) => useLeadFormFlag(key), { initialProps: { key: 'a' } });
    act(() => vi.advanceTimersByTime(LEAD_PROMPT_INTERVAL_MS));
    expect(result.current.flag).toBe(true);
    rerender({ key: 'b' });
    expect(result.current.flag).toBe(false);
    act(() => vi.advanceTimersByTime(LEAD_PROMPT_INTERVAL_MS - 1));
    expect(result.current.flag).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.flag).toBe(true);
  });

  it('stays off when disabled (a signed-in account)', () => {
    const { result } = renderHook(() => useLeadFormFlag('a', false));
    act(() => vi.advanceTimersByTime(LEAD_PROMPT_INTERVAL_MS * 3));
    expect(result.current.flag).toBe(false);
  });
});
