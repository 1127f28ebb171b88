import { createContext, useContext, useEffect, useSyncExternalStore } from 'react';
import { useSelector } from 'react-redux';
import { selectSessionToken } from '../../domain/auth/auth-slice';
import { connectChatSocket } from '../../lib/chat-socket';
import { readClientId } from '../../lib/client-identity';
import { prefersReducedMotion } from '../../lib/use-reduced-motion';
import { ChatSession, type ChatView } from './lib/chat-session';

let pageSession: ChatSession | null = null;

/** One conversation per page: the floating widget and the /chat page show the same one (spec §2, issue 6). */
export function getChatSession(): ChatSession {
  pageSession ??= new ChatSession({
    connect: connectChatSocket,
    clientId: readClientId,
    reducedMotion: prefersReducedMotion,
  });
  return pageSession;
}

/** Tests hand the chat a session over a fake socket; the app leaves it empty. */
export const ChatSessionContext = createContext<ChatSession | null>(null);

/** The session and what it shows now; keeps the handshake token in step with whoever is signed in. */
export function useChat(): { session: ChatSession; view: ChatView } {
  const session = useContext(ChatSessionContext) ?? getChatSession();
  const view = useSyncExternalStore(session.subscribe, session.getView);
  const token = useSelector(selectSessionToken);
  useEffect(() => session.setToken(token ?? undefined), [session, token]);
  return { session, view };
}
