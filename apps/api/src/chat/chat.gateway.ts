import {
  CHAT_HANDSHAKE_ERROR,
  CHAT_IDLE_EXPIRY_MS,
  CHAT_PING_TIMEOUT_MS,
  CHAT_RATE_LIMIT,
  CHAT_RATE_WINDOW_MS,
  CHAT_SOCKET_PATH,
  type ChatNotice,
  ChatHandshakeAuthSchema,
  ClearSessionSchema,
  type ClientToServerEvents,
  SendMessageSchema,
  type ServerToClientEvents,
} from '@nivaas/contracts/chat.schema';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import type { ZodError } from 'zod';
import type { Config } from '../config';
import { addressKey, clientAddressOf, trustFunction } from '../lib/client-address';
import { type ChatCatalogueServices, createChatCatalogue } from './chat.catalogue';
import { type ChatEngine, type ChatEvent, type ChatIdentity, createChatEngine, newConversation } from './chat.engine';
import { type ChatLeadsServices, createChatLeads } from './chat.leads';
import { createChatRateLimiter, hitEvery } from './chat-rate-limiter';
import { type ChatStateStore, createMemoryStateStore, createRedisStateStore } from './chat-state.store';

/**
 * Largest socket.io frame accepted. Messages over CHAT_MESSAGE_MAX characters but within this are refused with a
 * notice and the socket stays open; a frame over it is not a chat message but an attack on memory, and engine.io
 * closes that connection (the client's reconnection brings it back).
 */
export const CHAT_MAX_FRAME_BYTES = 32 * 1024;
/** Conversations kept in memory at most (single-process mode); the least recently used go first. */
const MEMORY_CONVERSATIONS = 50_000;
/** The handshake's refusal when an address already holds CHAT_CONNECTIONS_PER_IP connections (issue 10). */
export const CHAT_TOO_MANY_CONNECTIONS = 'Too many chats are open from your network. Please close one and try again.';

interface SocketData {
  clientId: string;
  identity: ChatIdentity | null;
  /** The client's address as the limits count it (TRUST_PROXY honoured, IPv6 by its /64). */
  address: string;
}

type ChatServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
type ChatSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

export interface ChatOptions {
  /** The module services the chat reads and writes through (the composition root's, modules.ts). */
  modules: ChatCatalogueServices & ChatLeadsServices;
  config: Config;
  /** Test overrides; the defaults are the contract's (10 messages per 10 s). */
  rateLimit?: { limit: number; windowMs: number };
}

export interface ChatGateway {
  io: ChatServer;
}

/**
 * An error as the chat logs it: what failed and its database code, never the query's parameters (a lead's insert
 * would carry the visitor's phone and e-mail in them: drizzle appends 'params: ...' to its message).
 */
function loggable(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  const cause = error.cause as { code?: unknown } | undefined;
  return { type: error.name, message: error.message.split('\nparams:')[0], code: cause?.code ?? (error as { code?: unknown }).code, stack: error.stack?.split('\n').filter((line) => line.trimStart().startsWith('at ')).slice(0, 5).join('\n') };
}

/** Every socket of one client (several tabs, possibly on several processes) joins its room and hears every answer. */
const roomOf = (clientId: string) => `client:${clientId}`;

function noticeFor(error: ZodError): ChatNotice {
  const issue = error.issues[0];
  const field = typeof issue?.path[0] === 'string' ? issue.path[0] : undefined;
  if (field === 'message' && issue?.code === 'too_big') return { code: 'message_too_long', message: issue.message, field };
  return { code: 'invalid_message', message: field ? `${field}: ${issue?.message ?? 'invalid'}` : 'Expected {message, time, clientId}', ...(field ? { field } : {}) };
}

/**
 * Puts the help chat (spec §7 'Realtime chat') on the app's own HTTP server: socket.io at /socket.io, websocket
 * transport only. Call it after buildApp and before listen (it adds close hooks); buildApp itself stays free of
 * sockets so app.inject() tests need none. With REDIS_URL, conversations live in Redis and the Redis adapter joins
 * the processes, so any process continues any conversation and reaches every socket of a client.
 */
export async function attachChat(app: FastifyInstance, { modules, config, rateLimit }: ChatOptions): Promise<ChatGateway> {
  const io: ChatServer = new Server(app.server, {
    path: CHAT_SOCKET_PATH,
    transports: ['websocket'],
    pingTimeout: CHAT_PING_TIMEOUT_MS,
    maxHttpBufferSize: CHAT_MAX_FRAME_BYTES,
    serveClient: false,
  });

  let redis: { pub: Redis; sub: Redis } | undefined;
  let store: ChatStateStore;
  if (config.redisUrl) {
    const pub = new Redis(config.redisUrl, { maxRetriesPerRequest: 2 });
    const sub = pub.duplicate();
    redis = { pub, sub };
    for (const connection of [pub, sub]) connection.on('error', (error) => app.log.warn({ error: loggable(error) }, 'chat: redis error'));
    io.adapter(createAdapter(pub, sub));
    store = createRedisStateStore(pub, { ttlMs: CHAT_IDLE_EXPIRY_MS });
  } else {
    store = createMemoryStateStore({ ttlMs: CHAT_IDLE_EXPIRY_MS, maxEntries: MEMORY_CONVERSATIONS });
  }

  const catalogue = await createChatCatalogue(modules);
  const engine: ChatEngine = createChatEngine({ catalogue, leads: createChatLeads(modules) });
  // Issue 10: the client id is the client's own choice, so a fresh one per message would never be limited; each
  // message also counts against its connection and its address. Per process, like the connections below.
  const perClient = rateLimit ?? { limit: CHAT_RATE_LIMIT, windowMs: CHAT_RATE_WINDOW_MS };
  const limiter = createChatRateLimiter(perClient);
  const perConnection = createChatRateLimiter(perClient);
  const perAddress = createChatRateLimiter({ limit: config.rateLimits.chatMessagesPerIp, windowMs: perClient.windowMs });
  /** Each client's messages are answered one at a time, in order, so two quick messages never race on its state. */
  const queues = new Map<string, Promise<void>>();

  function enqueue(clientId: string, work: () => Promise<void>): Promise<void> {
    const previous = queues.get(clientId) ?? Promise.resolve();
    const current = previous.then(work, work);
    queues.set(clientId, current);
    void current.finally(() => {
      if (queues.get(clientId) === current) queues.delete(clientId);
    });
    return current;
  }

  function send(clientId: string, { event, payload }: ChatEvent): void {
    const room = io.to(roomOf(clientId));
    switch (event) {
      case 'reply':
        room.emit('reply', payload);
        break;
      case 'property_card':
        room.emit('property_card', payload);
        break;
      case 'action_buttons':
        room.emit('action_buttons', payload);
        break;
    }
  }

  // Connections per address, counted on engine.io's own sockets: their 'close' always comes, whatever happens to the
  // handshake, so the count cannot leak. One over the bound is let finish its handshake only to be refused in words.
  const trust = trustFunction(config.trustProxy);
  // The app's metrics (plugins/metrics.ts), when the app was built with them.
  const metrics = app.hasDecorator('metrics') ? app.metrics : undefined;
  const openFrom = new Map<string, number>();
  const addressOfConnection = new WeakMap<object, string>();
  const overTheBound = new WeakSet<object>();
  io.engine.on('connection', (connection: ChatSocket['conn']) => {
    const address = addressKey(clientAddressOf(connection.request, trust));
    addressOfConnection.set(connection, address);
    metrics?.chatConnectionOpened();
    connection.once('close', () => metrics?.chatConnectionClosed());
    const open = openFrom.get(address) ?? 0;
    if (open >= config.rateLimits.chatConnectionsPerIp) {
      overTheBound.add(connection);
      metrics?.rateLimitRefused('chat:connections-per-address');
      // A raw engine.io client that never asks for the chat namespace would otherwise stay until socket.io's own
      // connect timeout (45 s), uncounted.
      const closeSoon = setTimeout(() => connection.close(), 5_000);
      closeSoon.unref();
      connection.once('close', () => clearTimeout(closeSoon));
      return;
    }
    openFrom.set(address, open + 1);
    connection.once('close', () => {
      const left = (openFrom.get(address) ?? 1) - 1;
      if (left > 0) openFrom.set(address, left);
      else openFrom.delete(address);
    });
  });
  io.use((socket, next) => {
    socket.data.address = addressOfConnection.get(socket.conn) ?? addressKey(socket.handshake.address);
    if (!overTheBound.has(socket.conn)) {
      next();
      return;
    }
    // socket.io hands `data` to the client's connect_error, so the widget can say why instead of only 'Disconnected'.
    const notice: ChatNotice = { code: 'too_many_connections', message: CHAT_TOO_MANY_CONNECTIONS };
    next(Object.assign(new Error(CHAT_TOO_MANY_CONNECTIONS), { data: notice }));
    // After the refusal has been written (engine.io sends what is queued before it closes): an uncounted connection
    // must not stay open.
    setImmediate(() => socket.conn.close());
  });

  // Handshake: a clientId is required; a token is optional and a bad one means a guest, never a refusal (a stale
  // token in the browser must not cost the visitor the chat).
  io.use((socket, next) => {
    const auth = ChatHandshakeAuthSchema.safeParse(socket.handshake.auth);
    if (!auth.success) {
      next(new Error(CHAT_HANDSHAKE_ERROR));
      return;
    }
    const { clientId, token } = auth.data;
    // identifyBearer also refuses a token whose sign-in has ended (logout, password reset).
    const identify = token ? app.identifyBearer(token).then((grant) => grant?.principal ?? null) : Promise.resolve(null);
    identify
      .then((principal) => {
        socket.data.clientId = clientId;
        socket.data.identity = principal && principal.kind !== 'provider' ? { kind: principal.kind, id: principal.id } : null;
        next();
      })
      .catch(next);
  });

  io.on('connection', (socket: ChatSocket) => {
    const { clientId } = socket.data;
    void socket.join(roomOf(clientId));

    socket.on('send_message', (payload: unknown) => {
      const retryAfterMs = hitEvery([
        [limiter, clientId],
        [perConnection, socket.id],
        [perAddress, socket.data.address],
      ]);
      if (retryAfterMs > 0) {
        metrics?.rateLimitRefused('chat:messages');
        socket.emit('notice', { code: 'rate_limited', message: 'You are sending messages too quickly. Please wait a moment.', retryAfterMs });
        return;
      }
      const parsed = SendMessageSchema.safeParse(payload);
      if (!parsed.success) {
        socket.emit('notice', noticeFor(parsed.error));
        return;
      }
      if (parsed.data.clientId !== clientId) {
        socket.emit('notice', { code: 'invalid_message', message: 'clientId: not the one this connection was opened with', field: 'clientId' });
        return;
      }
      const { message } = parsed.data;
      enqueue(clientId, async () => {
        const state = (await store.get(clientId)) ?? newConversation();
        const turn = await engine.handle(state, message, { identity: socket.data.identity });
        await store.set(clientId, turn.state);
        for (const event of turn.events) send(clientId, event);
      }).catch((error: unknown) => {
        app.log.error({ error: loggable(error) }, 'chat: could not answer a message');
        socket.emit('notice', { code: 'unavailable', message: 'Sorry, I could not answer just now. Please try again.' });
      });
    });

    socket.on('clear_session', (payload: unknown, ack?: unknown) => {
      const parsed = ClearSessionSchema.safeParse(payload);
      const reply = (ok: boolean) => {
        if (typeof ack === 'function') (ack as (result: { ok: boolean }) => void)({ ok });
      };
      if (!parsed.success || parsed.data.clientId !== clientId) {
        socket.emit('notice', parsed.success ? { code: 'invalid_message', message: 'clientId: not the one this connection was opened with', field: 'clientId' } : noticeFor(parsed.error));
        reply(false);
        return;
      }
      enqueue(clientId, () => store.delete(clientId)).then(
        () => reply(true),
        (error: unknown) => {
          app.log.error({ error: loggable(error) }, 'chat: could not clear a session');
          reply(false);
        },
      );
    });
  });

  // preClose, not onClose: the sockets must go before Fastify waits for its server to close. io.close() is not
  // used because it would close the HTTP server, which is Fastify's to close.
  app.addHook('preClose', async () => {
    io.local.disconnectSockets(true);
    io.engine.close();
    for (const each of [limiter, perConnection, perAddress]) each.close();
  });
  app.addHook('onClose', async () => {
    await Promise.resolve(io.of('/').adapter.close());
    await catalogue.close();
    if (redis) await Promise.all([redis.pub.quit(), redis.sub.quit()]);
  });

  return { io };
}
