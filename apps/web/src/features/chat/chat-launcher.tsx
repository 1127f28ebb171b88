import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useChatLauncherSlot } from '../../components/chat-launcher-slot';
import { useSelector } from 'react-redux';
import { CloseIcon } from '../../components/icons';
import { selectCompareItems, type CompareState } from '../../domain/compare/compare-slice';
import { ChatBubbleIcon } from './components/chat-icons';
import { track } from '../../lib/tracking/track';

// The panel and socket.io-client load on the first click (or hover/focus just before it), never for first paint.
const loadPanel = () => import('./chat-panel');
const ChatPanel = lazy(loadPanel);

/**
 * spec §2 'Help chat widget': the floating round button with its 'Help Chat' tooltip, on every page of the layout.
 * It owns whether the panel is open; the panel owns the conversation.
 */
export function ChatLauncher() {
  const [activated, setActivated] = useState(false);
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  // The compare tray sits at the bottom centre; on a phone the button rides above it.
  const comparing = useSelector((state: { compare: CompareState }) => selectCompareItems(state).length > 0);

  const close = useCallback(() => {
    // Focus goes back to the button when it was inside the panel, so the keyboard is never left on nothing.
    if (document.activeElement?.closest('[role="dialog"]')) buttonRef.current?.focus();
    setOpen(false);
  }, []);

  // Issue 17: on a wide screen the open panel sits beside the page, which makes room for it (index.css), so it
  // never covers a carousel or cuts its cards.
  useEffect(() => {
    const root = document.documentElement;
    root.toggleAttribute('data-chat-open', open);
    return () => root.removeAttribute('data-chat-open');
  }, [open]);

  // Issue 17: on a phone the button lives in the navbar (a portal into its slot), floating only elsewhere.
  const slot = useChatLauncherSlot();
  const tooltip = (
    <span
      aria-hidden="true"
      className={`pointer-events-none absolute rounded-md bg-slate-900 px-2.5 py-1 text-xs font-semibold whitespace-nowrap text-white opacity-0 shadow transition-opacity group-focus-within:opacity-100 group-hover:opacity-100 ${slot ? 'top-full right-0 mt-2' : 'top-1/2 right-full mr-3 -translate-y-1/2'}`}
    >
      Help Chat
    </span>
  );
  const button = (
    <button
      ref={buttonRef}
      type="button"
      aria-label="Help Chat"
      aria-expanded={open}
      aria-haspopup="dialog"
      onPointerEnter={() => void loadPanel()}
      onFocus={() => void loadPanel()}
      onClick={() => {
        setActivated(true);
        if (!open) track('CHAT_OPENED', { via: 'button' });
        setOpen((wasOpen) => !wasOpen);
      }}
      className={`grid place-items-center rounded-full bg-brand-700 text-white transition-colors hover:bg-brand-800 ${slot ? 'size-10' : 'size-14 shadow-lg ring-4 ring-white/70'}`}
    >
      {open ? <CloseIcon width={slot ? 20 : 26} height={slot ? 20 : 26} /> : <ChatBubbleIcon width={slot ? 22 : 28} height={slot ? 22 : 28} />}
    </button>
  );

  return (
    <>
      {activated && (
        <Suspense fallback={null}>
          <ChatPanel open={open} onClose={close} />
        </Suspense>
      )}
      {slot ? createPortal(<div className="group relative">{tooltip}{button}</div>, slot) : (
        <div className={`group fixed right-4 z-50 md:right-6 md:bottom-6 ${comparing ? 'bottom-20' : 'bottom-4'}`}>
          {tooltip}
          {button}
        </div>
      )}
    </>
  );
}
