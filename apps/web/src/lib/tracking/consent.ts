import type { TrackingConsent } from '@nivaas/contracts/tracking.schema';
import { CONSENT_KEY, readText, writeText } from './tracking-storage';

/**
 * The visitor's tracking choice (issue 12, India's DPDP Act 2023): 'essential' sends only anonymous events;
 * 'analytics' adds the identity, the address and the location. null until the visitor has chosen, which tracks as
 * 'essential' and shows the consent bar.
 */
export function readConsent(): TrackingConsent | null {
  const stored = readText(CONSENT_KEY);
  return stored === 'analytics' || stored === 'essential' ? stored : null;
}

/** The consent an event or a batch is sent under: anything but an explicit 'analytics' is essential. */
export function effectiveConsent(): TrackingConsent {
  return readConsent() ?? 'essential';
}

type ConsentListener = (consent: TrackingConsent | null, fromThisTab: boolean) => void;
const listeners = new Set<ConsentListener>();

export function writeConsent(consent: TrackingConsent): void {
  const before = readConsent();
  writeText(CONSENT_KEY, consent);
  if (before === consent) {
    // Still tell the UI: a choice confirmed from the bar hides it even when it matches the stored one.
    for (const listener of listeners) listener(consent, false);
    return;
  }
  for (const listener of listeners) listener(consent, true);
}

let listeningToStorage = false;
function onStorage(event: StorageEvent): void {
  // Another tab chose: follow it here (fromThisTab false, so only the tab that chose restarts the session).
  if (event.key !== CONSENT_KEY && event.key !== null) return;
  const consent = readConsent();
  for (const listener of listeners) listener(consent, false);
}

/**
 * Called with every change of the choice, from this tab (fromThisTab true when it differs from the stored one) or
 * another. Returns the unsubscribe function.
 */
export function subscribeConsent(listener: ConsentListener): () => void {
  listeners.add(listener);
  if (!listeningToStorage && typeof window !== 'undefined') {
    window.addEventListener('storage', onStorage);
    listeningToStorage = true;
  }
  return () => {
    listeners.delete(listener);
  };
}
