import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { CHAT_MESSAGE_MAX, type ChatOption, type ChatPropertyCard } from '@nivaas/contracts/chat.schema';
import type { ChatSession, ChatView } from '../lib/chat-session';
import { ChatMessageItem } from './chat-message-item';
import { SendIcon } from './chat-icons';
import { TypingDots } from './typing-dots';
import { track } from '../../../lib/tracking/track';

/** spec §2 'Help chat widget': the heading of the panel (and of the /chat page). */
export const CHAT_TITLE = 'Welcome! Looking for your dream home?';
/** spec §2/§8: the notice after the connection failed or was lost. */
export const DISCONNECTED_TEXT = '⚠️ Disconnected from server';
/** Issue 17: before the first connect nothing has failed yet, so the panel says so neutrally. */
export const CONNECTING_TEXT = 'Connecting...';

interface ChatConversationProps {
  session: ChatSession;
  view: ChatView;
  /** Focus the message box on mount (the widget opening, the /chat page). */
  autoFocus?: boolean;
}

/** The message list, the disconnected notice and the message box: the widget's panel and the /chat page alike. */
export function ChatConversation({ session, view, autoFocus = false }: ChatConversationProps) {
  const [draft, setDraft] = useState('');
  const listRef = useRef<HTMLDivElement>(null);
  const inputId = useId();

  // Follow the conversation as it grows (new messages, characters typed, cards added).
  useLayoutEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [view.messages, view.reveal, view.botTyping, view.connected]);

  const onContact = useCallback(
    (card: ChatPropertyCard) => {
      if (session.contact(card)) track('CHAT_CONTACT', { projectId: card.projectId, project: card.projectName });
    },
    [session],
  );
  const onAction = useCallback((option: ChatOption) => session.chooseAction(option), [session]);

  const reconnectIfDown = () => {
    if (!view.connected) session.ensureConnected();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // spec §5: ignored when not connected or blank; the text stays in the box to send once back online.
    if (session.send(draft)) setDraft('');
  };

  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (autoFocus) input.current?.focus({ preventScroll: true });
  }, [autoFocus]);

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div
        ref={listRef}
        tabIndex={0}
        aria-label="Conversation"
        className="min-h-0 flex-1 overflow-y-auto overscroll-contain bg-slate-50 px-3 py-4 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-inset"
      >
        <ul className="flex flex-col gap-3">
          {view.messages.map((message, index) => (
            <ChatMessageItem
              key={index}
              message={message}
              revealed={view.reveal?.index === index ? view.reveal.count : undefined}
              contacted={view.contacted}
              connected={view.connected}
              onContact={onContact}
              onAction={onAction}
            />
          ))}
        </ul>
        {view.botTyping && (
          <div className="mt-3">
            <TypingDots />
          </div>
        )}
      </div>

      {view.connection === 'connecting' && (
        <p role="status" className="border-t border-slate-200 bg-white px-3 py-2 text-center text-xs font-medium text-slate-600">
          {CONNECTING_TEXT}
        </p>
      )}
      {view.connection === 'disconnected' && (
        <p role="status" className="border-t border-amber-200 bg-amber-50 px-3 py-2 text-center text-xs font-medium text-amber-900">
          {DISCONNECTED_TEXT}
        </p>
      )}
      {view.notice && (
        <p role="alert" className="border-t border-rose-200 bg-rose-50 px-3 py-2 text-center text-xs font-medium text-rose-900">
          {view.notice}
        </p>
      )}

      <form onSubmit={submit} className="flex items-center gap-2 border-t border-slate-200 bg-white p-2.5">
        <label htmlFor={inputId} className="sr-only">
          Message
        </label>
        <input
          ref={input}
          id={inputId}
          type="text"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          // After the reconnection attempts ran out or the session expired, coming back to type tries again.
          onFocus={reconnectIfDown}
          onKeyDown={reconnectIfDown}
          maxLength={CHAT_MESSAGE_MAX}
          autoComplete="off"
          placeholder="Type your message..."
          className="min-w-0 flex-1 rounded-full border border-slate-300 bg-white px-4 py-2 text-sm text-slate-900 placeholder:text-slate-500 focus:border-brand-600 focus:outline-none"
        />
        <button
          type="submit"
          aria-label="Send"
          disabled={!view.connected}
          className="grid size-10 shrink-0 place-items-center rounded-full bg-brand-700 text-white transition-colors hover:bg-brand-800 disabled:bg-slate-300"
        >
          <SendIcon width={20} height={20} />
        </button>
      </form>

      {/* Each finished bot message is read once; the list itself is not live, or every typed character would be. */}
      <div aria-live="polite" aria-atomic="true" className="sr-only">
        {view.announcement && <span key={view.announcement.id}>{view.announcement.text}</span>}
      </div>
    </div>
  );
}
