import type { ChatPropertyCard } from '@nivaas/contracts/chat.schema';
import { ChatSession, type ChatSocketLike } from '../features/chat/lib/chat-session';

type Handler = (payload?: unknown) => void;

/**
 * A stand-in for the socket.io client socket: records what the session emits and lets a test play the server
 * (connect, drop, send events). The real socket is exercised by the e2e spec against the real server.
 */
export class FakeChatSocket {
  connected = false;
  connectCalls = 0;
  readonly emitted: Array<[string, unknown]> = [];
  private readonly handlers = new Map<string, Handler[]>();

  on(event: string, handler: Handler): this {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    return this;
  }

  emit(event: string, payload: unknown): this {
    this.emitted.push([event, payload]);
    return this;
  }

  connect(): this {
    this.connectCalls += 1;
    return this;
  }

  disconnect(): this {
    if (this.connected) {
      this.connected = false;
      this.fire('disconnect', 'io client disconnect');
    }
    return this;
  }

  /** The server accepted the handshake. */
  serverAccepts(): void {
    this.connected = true;
    this.fire('connect');
  }

  /** The server went away. */
  serverDrops(): void {
    this.connected = false;
    this.fire('disconnect', 'transport close');
  }

  /** The handshake failed: a transport error, or a refusal the server explains in `data` (socket.io's connect_error). */
  serverRefuses(message: string, data?: unknown): void {
    this.connected = false;
    this.fire('connect_error', Object.assign(new Error(message), data === undefined ? {} : { data }));
  }

  serverSends(event: 'reply' | 'property_card' | 'action_buttons' | 'notice', payload: unknown): void {
    this.fire(event, payload);
  }

  /** The messages the session sent with send_message, in order. */
  sentMessages(): string[] {
    return this.emitted
      .filter(([event]) => event === 'send_message')
      .map(([, payload]) => (payload as { message: string }).message);
  }

  private fire(event: string, payload?: unknown): void {
    for (const handler of this.handlers.get(event) ?? []) handler(payload);
  }
}

export const TEST_CLIENT_ID = 'client-test-1';

export function createTestSession(options: { reducedMotion?: boolean } = {}) {
  const socket = new FakeChatSocket();
  const auths: unknown[] = [];
  const session = new ChatSession({
    connect: (auth) => {
      auths.push(auth());
      return socket as unknown as ChatSocketLike;
    },
    clientId: () => TEST_CLIENT_ID,
    reducedMotion: () => options.reducedMotion ?? false,
  });
  return { session, socket, auths };
}

let nextId = 1;

export function chatCard(overrides: Partial<ChatPropertyCard> = {}): ChatPropertyCard {
  const id = overrides.projectId ?? nextId++;
  return {
    projectId: id,
    projectName: `Prestige Lakeside ${id}`,
    location: 'Whitefield',
    zone: 'East Bengaluru',
    city: 'Bengaluru',
    price: '₹1,20,00,000 - ₹1,45,00,000',
    propertyType: 'apartment',
    exteriorArea: { type: '3 BHK', exteriorArea: '1650 sqft' },
    bannerUrl: null,
    path: `/properties/bengaluru/east-bengaluru/whitefield/prestige-lakeside-${id}/${id}`,
    item: 'project',
    builder: 'Prestige Group',
    configurations: ['3 BHK'],
    minPrice: 12_000_000,
    maxPrice: 14_500_000,
    ...overrides,
  };
}
