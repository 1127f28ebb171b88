import { useEffect, useRef } from 'react';
import { CloseIcon } from '../../components/icons';
import { CHAT_TITLE, ChatConversation } from './components/chat-conversation';
import { useChat } from './use-chat';

interface ChatPanelProps {
  open: boolean;
  /** The panel closed itself: the close button, Escape, or the idle expiry (spec §4). */
  onClose: () => void;
}

/**
 * The floating panel, loaded on the first click of the Help Chat button (chat-launcher.tsx), with the socket
 * client, so neither weighs on the first paint.
 */
export default function ChatPanel({ open, onClose }: ChatPanelProps) {
  const { session, view } = useChat();

  useEffect(() => {
    if (open) session.open();
    else session.close();
  }, [open, session]);

  // The session closes the panel itself when it expires; tell the launcher, which owns the button.
  const wasOpen = useRef(view.open);
  useEffect(() => {
    if (wasOpen.current && !view.open) onClose();
    wasOpen.current = view.open;
  }, [view.open, onClose]);

  if (!open) return null;
  return (
    <section
      role="dialog"
      aria-labelledby="chat-panel-title"
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
      className="fixed inset-2 z-50 flex flex-col overflow-hidden rounded-2xl bg-white shadow-2xl ring-1 ring-slate-900/10 md:inset-auto md:right-6 md:bottom-24 md:h-[min(560px,calc(100dvh-8rem))] md:w-[380px]"
    >
      <header className="flex items-start gap-3 bg-brand-800 px-4 py-3 text-white">
        <h2 id="chat-panel-title" className="flex-1 text-sm leading-snug font-semibold">
          {CHAT_TITLE}
        </h2>
        <button
          type="button"
          aria-label="Close chat"
          onClick={onClose}
          className="-m-1 rounded-full p-1 text-white/85 hover:bg-white/10 hover:text-white"
        >
          <CloseIcon width={20} height={20} />
        </button>
      </header>
      <ChatConversation session={session} view={view} autoFocus />
    </section>
  );
}
