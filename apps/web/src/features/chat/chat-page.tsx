import { useEffect } from 'react';
import { CHAT_TITLE, ChatConversation } from './components/chat-conversation';
import { useChat } from './use-chat';

/** /chat (spec §2, broker only): the help chat's conversation on a page of its own, without the footer. */
export function ChatPage() {
  const { session, view } = useChat();

  // Being on the page counts as having the chat open (spec §4: opening resets the idle timer).
  useEffect(() => {
    session.open();
    return () => session.close();
  }, [session]);

  return (
    <div className="mx-auto flex h-[calc(100dvh-4.5rem)] max-w-3xl flex-col px-0 sm:px-4 sm:py-4">
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
