import {
  ActionButtonsEventSchema,
  CHAT_ACTION_TEXTS,
  CHAT_DEFAULT_ACTION_TEXT,
  CHAT_IDLE_EXPIRY_MS,
  ChatActionSchema,
  ChatNoticeSchema,
  ChatReplySchema,
  contactMessage,
  PropertyCardEventSchema,
  type ChatHandshakeAuth,
  type ChatOption,
  type ChatPropertyCard,
} from '@nivaas/contracts/chat.schema';
import type { ChatSocket } from '../../../lib/chat-socket';
import { plainText } from './bot-markup';
import {
  clearStoredConversation,
  contactKey,
  loadContacted,
  loadHistory,
  loadLastActive,
  saveContacted,
  saveHistory,
  saveLastActive,
  type ChatMessage,
} from './chat-history';
import { CARD_INTERVAL_MS, typingPlan } from './typing-schedule';

/** spec §4: the greeting the widget sends for the visitor on the first connect with an empty history. */
export const GREETING_MESSAGE = 'hi';

/**
 * 'connecting' until the first connect (and again after a reconnect the session asked for itself: a new sign-in, the
 * idle expiry); 'disconnected' only after a real failure or loss (issue 17: the spec's disconnected line flashed each
 * time the panel opened, before the socket had had a chance to connect).
 */
export type ChatConnection = 'connecting' | 'connected' | 'disconnected';

/** What the widget and the /chat page draw; a new object on every change (useSyncExternalStore). */
export interface ChatView {
  open: boolean;
  connected: boolean;
  connection: ChatConnection;
  /** The whole conversation, as stored. */
  messages: readonly ChatMessage[];
  /**
   * The message at `index` is still appearing: `count` visible characters of its text, or `count` of its cards.
   * Everything else is shown whole.
   */
  reveal: { index: number; count: number } | null;
  /** The three-dot indicator before a reply is typed. */
  botTyping: boolean;
  /** Contact keys (chat-history contactKey) of the cards already contacted. */
  contacted: readonly string[];
  /** The server's last refusal ('too many messages'), shown until the next send. */
  notice: string | null;
  /** The last bot output fully shown, for the screen-reader live region; `id` changes each time. */
  announcement: { id: number; text: string } | null;
}

/** The part of a socket.io client socket the session uses (a test passes a fake). */
export type ChatSocketLike = Pick<ChatSocket, 'on' | 'emit' | 'connect' | 'disconnect' | 'connected'>;

export interface ChatSessionDeps {
  connect: (auth: () => ChatHandshakeAuth) => ChatSocketLike;
  clientId: () => string;
  /** When true, a reply appears whole after its wait instead of character by character; the text is the same. */
  reducedMotion?: () => boolean;
}

type QueueItem =
  | { kind: 'text'; text: string }
  | { kind: 'cards'; cards: ChatPropertyCard[] }
  | { kind: 'buttons'; text: string; options: ChatOption[] };

/**
 * One visitor's help chat (spec §4 'Chat'): the socket, the stored history, the pacing of bot output and the
 * 30-minute idle expiry. Framework-free so its timing rules are tested with fake timers; React reads it through
 * subscribe/getView.
 */
export class ChatSession {
  private view: ChatView;
  private readonly listeners = new Set<() => void>();
  private socket: ChatSocketLike | null = null;
  private token: string | undefined;
  private readonly queue: QueueItem[] = [];
  private busy = false;
  /** The item being shown now, and whether it is in the conversation yet (a reply is not, during its wait). */
  private current: { item: QueueItem; committed: boolean } | null = null;
  private paceTimer: ReturnType<typeof setTimeout> | null = null;
  private idleTimer: ReturnType<typeof setTimeout> | null = null;
  private greeted = false;
  /** The session itself closed the socket to reconnect (a new token): that is not a loss to report. */
  private reconnectingOnPurpose = false;
  /** The idle expiry disconnected on purpose (spec §4). */
  private expired = false;
  /** A stored conversation expired while no page was open: the server is told on the next connect. */
  private clearOnConnect = false;
  private announcements = 0;

  constructor(private readonly deps: ChatSessionDeps) {
    let messages = loadHistory();
    const lastActive = loadLastActive();
    if (messages.length > 0 && lastActive !== null && Date.now() - lastActive >= CHAT_IDLE_EXPIRY_MS) {
      clearStoredConversation();
      messages = [];
      this.clearOnConnect = true;
    }
    this.view = {
      open: false,
      connected: false,
      connection: 'connecting',
      messages,
      reveal: null,
      botTyping: false,
      contacted: messages.length > 0 ? loadContacted() : [],
      notice: null,
      announcement: null,
    };
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getView = (): ChatView => this.view;

  private update(patch: Partial<ChatView>): void {
    this.view = { ...this.view, ...patch };
    for (const listener of this.listeners) listener();
  }

  private setMessages(messages: ChatMessage[], patch: Partial<ChatView> = {}): void {
    saveHistory(messages);
    this.update({ ...patch, messages });
  }

  // ------------------------------------------------------------------------------------------------------------
  // Connection

  /** The access token of whoever is signed in; a change re-handshakes so the server sees the new identity. */
  setToken(token: string | undefined): void {
    if (token === this.token) return;
    this.token = token;
    if (this.socket?.connected) {
      this.reconnectingOnPurpose = true;
      this.socket.disconnect();
      this.socket.connect();
    }
  }

  /**
   * Connects, or, when the socket is down, tries again. socket.io makes the spec's 5 attempts on its own and then
   * gives up; a new round starts only when the visitor comes back to the chat (opens it, focuses or types in the
   * message box) or the browser comes back online. While a round is running this changes nothing.
   */
  ensureConnected(): void {
    this.expired = false;
    if (!this.socket) {
      this.socket = this.deps.connect(() => ({
        clientId: this.deps.clientId(),
        ...(this.token ? { token: this.token } : {}),
      }));
      this.listen(this.socket);
      window.addEventListener('online', this.onOnline);
      window.addEventListener('pagehide', this.onPageHide);
    } else if (!this.socket.connected) {
      this.socket.connect();
    }
    if (!this.idleTimer) this.resetIdle();
  }

  private readonly onPageHide = () => this.flushPending();

  private readonly onOnline = () => {
    // An expired session stays closed until the visitor comes back; only a dropped connection is picked up.
    if (this.socket && !this.socket.connected && !this.expired) this.socket.connect();
  };

  private listen(socket: ChatSocketLike): void {
    socket.on('connect', () => {
      const clientId = this.deps.clientId();
      if (this.clearOnConnect) {
        this.clearOnConnect = false;
        socket.emit('clear_session', { clientId });
      }
      // spec §4: the first connect with an empty history greets for the visitor, once.
      if (!this.greeted && this.view.messages.length === 0) {
        this.greeted = true;
        socket.emit('send_message', { message: GREETING_MESSAGE, time: new Date().toISOString(), clientId });
      }
      this.reconnectingOnPurpose = false;
      this.update({ connected: true, connection: 'connected' });
    });
    socket.on('disconnect', () => {
      this.update({ connected: false, connection: this.reconnectingOnPurpose || this.expired ? 'connecting' : 'disconnected' });
    });
    socket.on('connect_error', (error: Error & { data?: unknown }) => {
      // A refusal the server explains (too many chats open from one network) carries a notice; a transport
      // failure does not, and the spec's disconnected line says all there is to say.
      const refusal = ChatNoticeSchema.safeParse(error.data);
      this.reconnectingOnPurpose = false;
      this.update(
        refusal.success
          ? { connected: false, connection: 'disconnected', notice: refusal.data.message }
          : { connected: false, connection: 'disconnected' },
      );
    });
    socket.on('reply', (payload: unknown) => {
      const reply = ChatReplySchema.safeParse(payload);
      if (!reply.success) return ignored('reply', reply.error);
      if (typeof reply.data === 'string') this.enqueue({ kind: 'text', text: reply.data });
      else if (reply.data.length > 0) this.enqueue({ kind: 'cards', cards: reply.data });
    });
    socket.on('property_card', (payload: unknown) => {
      const event = PropertyCardEventSchema.safeParse(payload);
      if (!event.success) return ignored('property_card', event.error);
      const cards = Array.isArray(event.data.data) ? event.data.data : [event.data.data];
      if (cards.length > 0) this.enqueue({ kind: 'cards', cards });
    });
    socket.on('action_buttons', (payload: unknown) => {
      const event = ActionButtonsEventSchema.safeParse(payload);
      if (!event.success) return ignored('action_buttons', event.error);
      const { text, options } = event.data.data;
      this.enqueue({ kind: 'buttons', text: text.trim() ? text : CHAT_DEFAULT_ACTION_TEXT, options });
    });
    socket.on('notice', (payload: unknown) => {
      const notice = ChatNoticeSchema.safeParse(payload);
      if (!notice.success) return ignored('notice', notice.error);
      this.update({ notice: notice.data.message });
    });
  }

  // ------------------------------------------------------------------------------------------------------------
  // What the visitor does

  /** spec §4: opening resets the idle timer. */
  open(): void {
    this.update({ open: true });
    this.ensureConnected();
    this.resetIdle();
  }

  close(): void {
    this.update({ open: false });
  }

  /** spec §5: ignored when not connected or blank after trimming. Returns whether it was sent. */
  send(text: string): boolean {
    const message = text.trim();
    if (!message || !this.socket?.connected) return false;
    this.emitMessage(message);
    this.setMessages([...this.view.messages, { sender: 'user', message }], { notice: null });
    this.resetIdle();
    return true;
  }

  /** spec §7: the user's bubble reads the action's text ('Let's switch the area.'), the server gets the value. */
  chooseAction(option: ChatOption): boolean {
    if (!this.socket?.connected) return false;
    const action = ChatActionSchema.safeParse(option.value);
    const shown = action.success ? CHAT_ACTION_TEXTS[action.data] : option.label;
    this.emitMessage(option.value);
    this.setMessages([...this.view.messages, { sender: 'user', message: shown, isSwitchCard: true }], {
      notice: null,
    });
    this.resetIdle();
    return true;
  }

  /** spec §4/§7: Contact sends 'Interested, {project name}, {type}' and the card becomes Contacted for good. */
  contact(card: ChatPropertyCard): boolean {
    const key = contactKey(card);
    if (!this.socket?.connected || this.view.contacted.includes(key)) return false;
    const message = contactMessage(card);
    this.emitMessage(message);
    const contacted = [...this.view.contacted, key];
    saveContacted(contacted);
    this.setMessages([...this.view.messages, { sender: 'user', message }], { contacted, notice: null });
    this.resetIdle();
    return true;
  }

  /**
   * Before the visitor's own bubble: what the assistant has already said is shown whole at once, so the conversation
   * reads in order and the answer to this message comes right under it (issue 17: the greeting's city picker, still
   * being typed out, landed between '2 bhk in whitefield' and its cards).
   */
  private emitMessage(message: string): void {
    this.flushPending();
    this.socket?.emit('send_message', { message, time: new Date().toISOString(), clientId: this.deps.clientId() });
  }

  // ------------------------------------------------------------------------------------------------------------
  // Idle expiry (spec §4, §9: 30 minutes)

  private resetIdle(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    saveLastActive(Date.now());
    this.idleTimer = setTimeout(() => this.expire(), CHAT_IDLE_EXPIRY_MS);
  }

  /** spec §4: emits clear_session, disconnects, clears history and contacted list, empties the chat, closes the panel. */
  private expire(): void {
    this.idleTimer = null;
    this.expired = true;
    if (this.socket?.connected) this.socket.emit('clear_session', { clientId: this.deps.clientId() });
    this.socket?.disconnect();
    this.stopPacing();
    this.greeted = false;
    clearStoredConversation();
    this.update({
      open: false,
      connected: false,
      connection: 'connecting',
      messages: [],
      reveal: null,
      botTyping: false,
      contacted: [],
      notice: null,
    });
  }

  // ------------------------------------------------------------------------------------------------------------
  // Pacing of the bot's output: one item at a time, in arrival order.

  private enqueue(item: QueueItem): void {
    this.queue.push(item);
    this.pump();
  }

  private pump(): void {
    if (this.busy) return;
    const item = this.queue.shift();
    if (!item) return;
    this.busy = true;
    this.current = { item, committed: false };
    if (item.kind === 'text') this.typeText(item);
    else if (item.kind === 'cards') this.addCards(item);
    else {
      this.commit(item);
      this.finish(item.text);
    }
  }

  /**
   * Puts an item into the conversation (and so into the stored history). Cards join the last card group when the
   * last message is one (spec §4). Returns the message's index and how many of its cards were there before.
   */
  private commit(item: QueueItem, patch: Partial<ChatView> = {}): { index: number; before: number } {
    if (this.current?.item === item) this.current.committed = true;
    const messages = [...this.view.messages];
    let index = messages.length;
    let before = 0;
    if (item.kind === 'text') {
      messages.push({ sender: 'bot', message: item.text });
    } else if (item.kind === 'buttons') {
      messages.push({ sender: 'bot', message: item.text, isActionButtons: true, actionButtons: item.options });
    } else {
      const last = messages.at(-1);
      if (last?.isPropertyCard) {
        index = messages.length - 1;
        before = last.property?.length ?? 0;
        messages[index] = { ...last, property: [...(last.property ?? []), ...item.cards] };
      } else {
        messages.push({ sender: 'bot', message: '', isPropertyCard: true, property: item.cards });
      }
    }
    this.setMessages(messages, patch);
    return { index, before };
  }

  private later(ms: number, step: () => void): void {
    this.paceTimer = setTimeout(() => {
      this.paceTimer = null;
      step();
    }, ms);
  }

  private finish(announce: string | null): void {
    this.busy = false;
    this.current = null;
    if (announce !== null) {
      this.announcements += 1;
      this.update({ reveal: null, announcement: { id: this.announcements, text: announce } });
    } else {
      this.update({ reveal: null });
    }
    this.pump();
  }

  /** spec §4: three dots for the wait, then the reply types out per character. */
  private typeText(item: Extract<QueueItem, { kind: 'text' }>): void {
    const { text } = item;
    const plan = typingPlan(text);
    this.update({ botTyping: true });
    this.later(plan.waitMs, () => {
      const whole = plan.chars <= 1 || this.deps.reducedMotion?.() === true;
      const index = this.view.messages.length;
      this.commit(item, { botTyping: false, reveal: whole ? null : { index, count: 1 } });
      if (whole) return this.finish(plainText(text));
      const typeFrom = (count: number) => {
        if (count >= plan.chars) return this.finish(plainText(text));
        this.later(plan.perCharMs, () => {
          this.update({ reveal: { index, count: count + 1 } });
          typeFrom(count + 1);
        });
      };
      typeFrom(1);
    });
  }

  /** spec §4: cards appear one per 500 ms (the group and the history hold them all at once). */
  private addCards(item: Extract<QueueItem, { kind: 'cards' }>): void {
    const { index, before } = this.commit(item);
    const total = before + item.cards.length;
    const announce = item.cards.length === 1 ? '1 property' : `${item.cards.length} properties`;
    this.update({ reveal: { index, count: before + 1 } });
    const step = (count: number) => {
      if (count >= total) return this.finish(announce);
      this.update({ reveal: { index, count: count + 1 } });
      this.later(CARD_INTERVAL_MS, () => step(count + 1));
    };
    this.later(CARD_INTERVAL_MS, () => step(before + 1));
  }

  /**
   * Leaving the page (pagehide) must not lose what the server already said: the reply being typed and everything
   * still waiting its turn go into the stored history whole.
   */
  flushPending(): void {
    if (this.paceTimer) clearTimeout(this.paceTimer);
    this.paceTimer = null;
    if (this.current && !this.current.committed) this.commit(this.current.item);
    for (const item of this.queue.splice(0)) this.commit(item);
    this.current = null;
    this.busy = false;
    this.update({ reveal: null, botTyping: false });
  }

  private stopPacing(): void {
    if (this.paceTimer) clearTimeout(this.paceTimer);
    this.paceTimer = null;
    this.queue.length = 0;
    this.current = null;
    this.busy = false;
  }

  /** Closes the socket and stops every timer (tests, or a page that tears the chat down). */
  dispose(): void {
    this.stopPacing();
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    this.socket?.disconnect();
    this.socket = null;
    this.listeners.clear();
    window.removeEventListener('online', this.onOnline);
    window.removeEventListener('pagehide', this.onPageHide);
  }
}

function ignored(event: string, error: unknown): void {
  // A payload off the contract is dropped rather than drawn half-broken; the conversation goes on.
  console.warn(`chat: ignored a malformed ${event} event`, error);
}
