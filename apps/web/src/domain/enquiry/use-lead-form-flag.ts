import { useCallback, useEffect, useState } from 'react';

/** spec §9 'Lead form prompt every 30 s'. */
export const LEAD_PROMPT_INTERVAL_MS = 30_000;

/**
 * spec §4 'Lead form flag': turns on 30 s after load, then every 30 s, reset on every navigation (`resetKey`,
 * the location key). `dismiss` turns it off; the next tick turns it on again, so a closed prompt stays closed
 * only until then.
 */
export function useLeadFormFlag(resetKey: string, enabled = true): { flag: boolean; dismiss: () => void } {
  const [state, setState] = useState({ key: resetKey, flag: false });
  // A navigation starts over with the flag off (adjusted during render, not in an effect).
  if (state.key !== resetKey) setState({ key: resetKey, flag: false });

  useEffect(() => {
    if (!enabled) return;
    const timer = window.setInterval(() => setState({ key: resetKey, flag: true }), LEAD_PROMPT_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [resetKey, enabled]);

  const dismiss = useCallback(() => setState((current) => ({ ...current, flag: false })), []);
  return { flag: enabled && state.key === resetKey && state.flag, dismiss };
}
