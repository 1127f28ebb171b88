import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { useSelector } from 'react-redux';
import { CloseIcon } from '../../components/icons';
import { selectCompareItems, type CompareState } from '../../domain/compare/compare-slice';
import { ChatBubbleIcon } from './components/chat-icons';

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
  const button = useRef<HTMLButtonElement>(null);
  // The compare tray sits at the bottom centre; on a phone the button rides above it.
  const comparing = useSelector((state: { compare: CompareState }) => selectCompareItems(state).length > 0);

  const close = useCallback(() => {
    // Focus goes back to the button when it was inside the panel, so the keyboard is never left on nothing.
    if (document.activeElement?.closest('[role="dialog"]')) button.current?.focus();
    setOpen(false);
  }, []);

  return (
    <>
      {activated && (
        <Suspense fallback={null}>
          <ChatPanel open={open} onClose={close} />
        </Suspense>
      )}
      <div className={`group fixed right-4 z-50 md:right-6 md:bottom-6 ${comparing ? 'bottom-20' : 'bottom-4'}`}>
        <span
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 right-full mr-3 -translate-y-1/2 rounded-md bg-slate-900 px-2.5 py-1 text-xs font-semibold whitespace-nowrap text-white opacity-0 shadow transition-opacity group-focus-within:opacity-100 group-hover:opacity-100"
        >
          Help Chat
        </span>
        <button
          ref={button}
          type="button"
          aria-label="Help Chat"
          aria-expanded={open}
          aria-haspopup="dialog"
          onPointerEnter={() => void loadPanel()}
          onFocus={() => void loadPanel()}
          onClick={() => {
            setActivated(true);
            setOpen((wasOpen) => !wasOpen);
          }}
          className="grid size-14 place-items-center rounded-full bg-brand-700 text-white shadow-lg ring-4 ring-white/70 transition-colors hover:bg-brand-800"
        >
          {open ? <CloseIcon width={26} height={26} /> : <ChatBubbleIcon width={28} height={28} />}
        </button>
      </div>
    </>
  );
}
