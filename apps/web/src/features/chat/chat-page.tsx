import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { CHAT_TITLE, ChatConversation } from './components/chat-conversation';
import { useChat } from './use-chat';
import { useTrackView } from '../../lib/tracking/use-track-view';

/** /chat (spec §2, broker only): the help chat's conversation on a page of its own, without the footer. */
export function ChatPage() {
  const { session, view } = useChat();
  // Issue 12: the full-page chat counts as opening it, like the launcher's button.
  useTrackView('CHAT_OPENED', { via: 'page' });
  const frame = useRef<HTMLDivElement>(null);
  // The conversation fills the screen below the navbar, whose height differs by width (a search row on phones).
  const [top, setTop] = useState(72);
  useLayoutEffect(() => {
    const measure = () => {
      if (frame.current) setTop(Math.max(0, frame.current.getBoundingClientRect().top + window.scrollY));
    };
    measure();
    window.addEventListener('resize', measure);
    // The navbar can grow or shrink while the page is open (its search row docks in and out).
    const topBar = document.querySelector('[data-top-bar]');
    const observer = topBar && typeof ResizeObserver !== 'undefined' ? new ResizeObserver(measure) : null;
    if (topBar) observer?.observe(topBar);
    return () => {
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, []);

  // Being on the page counts as having the chat open (spec §4: opening resets the idle timer).
  useEffect(() => {
    session.open();
    return () => session.close();
  }, [session]);

  return (
    <div
      ref={frame}
      style={{ height: `calc(100dvh - ${top}px)` }}
      className="mx-auto flex min-h-80 max-w-3xl flex-col px-0 sm:px-4 sm:py-4"
    >
      <section
        aria-labelledby="chat-page-title"
        className="flex min-h-0 flex-1 flex-col overflow-hidden bg-white shadow-sm ring-1 ring-slate-200 sm:rounded-2xl"
      >
        <header className="bg-brand-800 px-4 py-3 text-white">
          <h1 id="chat-page-title" className="text-base font-semibold">
            {CHAT_TITLE}
          </h1>
        </header>
        <ChatConversation session={session} view={view} autoFocus />
      </section>
    </div>
  );
}
