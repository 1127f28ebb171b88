import { randomUUID } from 'node:crypto';
import {
  type ActionButtonsEvent,
  CHAT_SOCKET_PATH,
  type ChatNotice,
  type ChatPropertyCard,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@nivaas/contracts/chat.schema';
import { io, type Socket } from 'socket.io-client';

/** One answered turn, as the widget sees it: text replies, cards (flattened), and the closing buttons. */
export interface Turn {
  replies: string[];
  cards: ChatPropertyCard[];
  buttons: ActionButtonsEvent['data'];
}

/**
 * A real socket.io client for the chat tests and the load script: connects like the widget (websocket only,
 * auth.clientId) and collects what the server sends. A turn is complete when its action_buttons arrive (the
 * server ends every answered turn with exactly one).
 */
export class ChatTestClient {
  readonly socket: Socket<ServerToClientEvents, ClientToServerEvents>;
  private current: { replies: string[]; cards: ChatPropertyCard[] } = { replies: [], cards: [] };
  private turnWaiters: ((turn: Turn) => void)[] = [];
  private noticeWaiters: ((notice: ChatNotice) => void)[] = [];
  readonly notices: ChatNotice[] = [];

  constructor(
    url: string,
    readonly clientId: string = randomUUID(),
    token?: string,
    /** Handshake headers, e.g. the X-Forwarded-For a proxy in front of the server would add. */
    extraHeaders?: Record<string, string>,
  ) {
    this.socket = io(url, {
      path: CHAT_SOCKET_PATH,
      transports: ['websocket'],
      auth: token ? { clientId, token } : { clientId },
      reconnection: false,
      forceNew: true,
      ...(extraHeaders ? { extraHeaders } : {}),
    });
    this.socket.on('reply', (payload) => {
      if (typeof payload === 'string') this.current.replies.push(payload);
      else this.current.cards.push(...payload);
    });
    this.socket.on('property_card', ({ data }) => {
      this.current.cards.push(...(Array.isArray(data) ? data : [data]));
    });
    this.socket.on('action_buttons', ({ data }) => {
      const turn = { ...this.current, buttons: data };
      this.current = { replies: [], cards: [] };
      this.turnWaiters.shift()?.(turn);
    });
    this.socket.on('notice', (notice) => {
      this.notices.push(notice);
      this.noticeWaiters.shift()?.(notice);
    });
  }

  connected(): Promise<void> {
    if (this.socket.connected) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.socket.once('connect', () => resolve());
      this.socket.once('connect_error', reject);
    });
  }

  /** The next turn the server completes (whoever caused it). */
  nextTurn(): Promise<Turn> {
    return new Promise((resolve) => this.turnWaiters.push(resolve));
  }

  nextNotice(): Promise<ChatNotice> {
    return new Promise((resolve) => this.noticeWaiters.push(resolve));
  }

  /** Sends a message as the widget does and waits for the whole answer. */
  async say(message: string): Promise<Turn> {
    const turn = this.nextTurn();
    this.socket.emit('send_message', { message, time: new Date().toISOString(), clientId: this.clientId });
    return turn;
  }

  /** Sends anything at all under send_message (for the refusal tests). */
  sendRaw(payload: unknown): void {
    (this.socket.emit as (event: string, ...args: unknown[]) => void)('send_message', payload);
  }

  clearSession(): Promise<{ ok: boolean }> {
    return new Promise((resolve) => this.socket.emit('clear_session', { clientId: this.clientId }, resolve));
  }

  close(): void {
    this.socket.disconnect();
  }
}
