import { AnalyticsDaySchema, MAX_ANALYTICS_RANGE_DAYS, analyticsRangeDays } from '@nivaas/contracts/analytics.schema';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { messageOf } from '../../lib/use-paged';
import type { DayRange } from '../../lib/analytics-api';

export const PRESETS = [7, 30, 90] as const;
const DAY_MS = 86_400_000;
const IST_OFFSET_MS = 330 * 60_000;

/** Today as the rollups count days (India, UTC+05:30), whatever the provider's own time zone. */
export function indiaToday(now = Date.now()): string {
  return new Date(now + IST_OFFSET_MS).toISOString().slice(0, 10);
}

function daysBefore(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);
}

export type RangeChoice = { kind: 'preset'; days: number; range: DayRange } | { kind: 'custom'; range: DayRange };

/**
 * The range lives in the address (?days=7|30|90 or ?from&to), so a reload, a shared link and the drill-downs keep
 * it. Anything unreadable falls back to the last 30 days.
 */
export function useRange(): [RangeChoice, (next: URLSearchParams) => void, string] {
  const [params, setParams] = useSearchParams();
  const today = indiaToday();
  const from = params.get('from');
  const to = params.get('to');
  let choice: RangeChoice;
  if (from && to && AnalyticsDaySchema.safeParse(from).success && AnalyticsDaySchema.safeParse(to).success && analyticsRangeDays(from, to) >= 1 && analyticsRangeDays(from, to) <= MAX_ANALYTICS_RANGE_DAYS) {
    choice = { kind: 'custom', range: { from, to } };
  } else {
    const asked = Number(params.get('days'));
    const days = (PRESETS as readonly number[]).includes(asked) ? asked : 30;
    choice = { kind: 'preset', days, range: { from: daysBefore(today, days - 1), to: today } };
  }
  const query = choice.kind === 'preset' ? `days=${choice.days}` : `from=${choice.range.from}&to=${choice.range.to}`;
  return [choice, (next) => setParams(next), query];
}

export type Loadable<T> = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; data: T };

/** One call's state, again whenever `key` changes; `retry` asks once more. */
export function useLoad<T>(load: () => Promise<T>, key: string): [Loadable<T>, () => void] {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<{ key: string; value: Loadable<T> }>({ key: '', value: { status: 'loading' } });
  const stateKey = `${key}#${attempt}`;
  useEffect(() => {
    let live = true;
    load().then(
      (data) => live && setState({ key: stateKey, value: { status: 'ready', data } }),
      (error: unknown) => live && setState({ key: stateKey, value: { status: 'error', message: messageOf(error) } }),
    );
    return () => {
      live = false;
    };
    // `load` is rebuilt every render; `key` names what it loads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stateKey]);
  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  return [state.key === stateKey ? state.value : { status: 'loading' }, retry];
}
