import { useSyncExternalStore } from 'react';
import type { TrackingConsent } from '@nivaas/contracts/tracking.schema';
import { readConsent, subscribeConsent } from './consent';

const subscribe = (onChange: () => void) => subscribeConsent(() => onChange());

/** The visitor's tracking choice, null until made; follows changes from this tab and others. */
export function useConsent(): TrackingConsent | null {
  return useSyncExternalStore(subscribe, readConsent, () => null);
}
