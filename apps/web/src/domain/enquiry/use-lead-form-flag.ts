import { useCallback, useEffect, useState } from 'react';

/** spec §9 'Lead form prompt every 30 s'. */
export const LEAD_PROMPT_INTERVAL_MS = 30_000;

interface FlagState {
  key: string;
  flag: boolean;
  dismissed: boolean;
}

/**
 * spec §4 'Lead form flag': turns on 30 s after load, then every 30 s, reset on every navigation (`resetKey`,
 * the location key). The timing is the spec's; what a visitor sees of it is ours (issue 17): `dismiss` closes the
 * prompt for the rest of this page, so a visitor who said no is not asked again every 30 s. The next navigation
 * starts over with the flag off and the prompt offered again.
 */
export function useLeadFormFlag(resetKey: string, enabled = true): { flag: boolean; dismiss: () => void } {
  const [state, setState] = useState<FlagState>({ key: resetKey, flag: false, dismissed: false });
  // A navigation starts over with the flag off (adjusted during render, not in an effect).
  if (state.key !== resetKey) setState({ key: resetKey, flag: false, dismissed: false });

  useEffect(() => {
    if (!enabled) return;
    const timer = window.setInterval(
      () => setState((current) => (current.key === resetKey ? { ...current, flag: true } : { key: resetKey, flag: true, dismissed: false })),
      LEAD_PROMPT_INTERVAL_MS,
    );
    return () => window.clearInterval(timer);
  }, [resetKey, enabled]);

  const dismiss = useCallback(() => setState((current) => ({ ...current, flag: false, dismissed: true })), []);
  return { flag: enabled && state.key === resetKey && state.flag && !state.dismissed, dismiss };
}
