import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import {
  CHAT_SOCKET_PATH,
  type ChatHandshakeAuth,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@nivaas/contracts/chat.schema';

/** The help chat's socket, typed by the contract's event maps. */
export type ChatSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * spec §7/§9 'Realtime chat': websocket only, 5 reconnection attempts, 20 s connect timeout ('timeout' after it),
 * delays from 1 s up to 5 s with jitter 0.5. socket.io's backoff counts the attempts and resets them on a successful
 * reconnect (spec §4 'Socket reconnect'); a 'parse error' closes the connection and reconnects on its own (§8).
 * The 60 s ping timeout is the server's setting (CHAT_PING_TIMEOUT_MS).
 */
export const CHAT_SOCKET_OPTIONS = {
  path: CHAT_SOCKET_PATH,
  transports: ['websocket'],
  reconnection: true,
  reconnectionAttempts: 5,
  timeout: 20_000,
  reconnectionDelay: 1_000,
  reconnectionDelayMax: 5_000,
  randomizationFactor: 0.5,
} as const satisfies Partial<ManagerOptions & SocketOptions>;

/**
 * Connects to the chat on this page's own origin (the API serves the app; in development Vite proxies /socket.io).
 * `auth` is asked again on every (re)connect, so a sign-in between attempts sends the new token.
 */
export function connectChatSocket(auth: () => ChatHandshakeAuth): ChatSocket {
  return io({
    ...CHAT_SOCKET_OPTIONS,
    transports: [...CHAT_SOCKET_OPTIONS.transports],
    auth: (callback) => callback(auth()),
  });
}
