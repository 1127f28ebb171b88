import { useSyncExternalStore } from 'react';

/**
 * Issue 17: on a phone a floating help-chat button always sits on top of something (a card's 'Add to compare', a
 * form's privacy link), so there it lives in the sticky navbar instead, which covers nothing. The navbar renders
 * the slot; the launcher renders its button into it (a portal) while the slot is mounted and the screen is narrow.
 */
let slot: HTMLElement | null = null;
const slotListeners = new Set<() => void>();

function setSlot(element: HTMLElement | null) {
  slot = element;
  slotListeners.forEach((listener) => listener());
}

function subscribeSlot(listener: () => void) {
  slotListeners.add(listener);
  return () => slotListeners.delete(listener);
}

/** Below Tailwind's `md`: the widths where the navbar shows the slot. */
const PHONE_QUERY = '(max-width: 767.98px)';

function subscribePhone(listener: () => void) {
  if (typeof window.matchMedia !== 'function') return () => {};
  const list = window.matchMedia(PHONE_QUERY);
  list.addEventListener('change', listener);
  return () => list.removeEventListener('change', listener);
}

const isPhone = () => typeof window.matchMedia === 'function' && window.matchMedia(PHONE_QUERY).matches;

export function ChatLauncherSlot() {
  return <div ref={setSlot} className="flex shrink-0 md:hidden" />;
}

/** The navbar's slot when the help-chat button belongs there (a phone, a page with a navbar), else null. */
export function useChatLauncherSlot(): HTMLElement | null {
  const element = useSyncExternalStore(subscribeSlot, () => slot, () => null);
  const phone = useSyncExternalStore(subscribePhone, isPhone, () => false);
  return phone ? element : null;
}
