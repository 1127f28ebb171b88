import { z } from 'zod';
import { multiLineText, singleLineText } from './common.schema';
import { ItemSchema, PropertyTypeSchema } from './project.schema';

/**
 * The help chat's realtime protocol (spec §7 'Realtime chat', §3 'Chat message' / 'Chat property card data').
 *
 * How a client connects: socket.io on the API's own origin, path `/socket.io` (CHAT_SOCKET_PATH), transport
 * `websocket` only, `auth: { clientId, token? }` (ChatHandshakeAuthSchema). A handshake without a valid clientId is
 * refused (connect_error with CHAT_HANDSHAKE_ERROR); a bad or expired token is not: the visitor is anonymous.
 *
 * A turn: the client emits `send_message`; the server answers with zero or more `reply` (text) and
 * `property_card` events and ENDS every answered turn with exactly one `action_buttons`. A message the server
 * refuses (malformed, too long, too many) gets one `notice` instead, and the connection stays open.
 *
 * Action buttons: clicking an option sends its `value` as the message (`send_message {message: value}`); for the
 * spec's four action values the client shows CHAT_ACTION_TEXTS[value] as the user's own bubble, for any other
 * value (e.g. a city name offered as a choice) it shows the label. Card Contact sends contactMessage(card).
 */

/** Where socket.io listens on the API server. */
export const CHAT_SOCKET_PATH = '/socket.io';
/** spec §7/§9: the server drops a client that has not answered a ping for this long. */
export const CHAT_PING_TIMEOUT_MS = 60_000;
/** Longest message a visitor may send; longer ones are refused with a notice (the socket stays open). */
export const CHAT_MESSAGE_MAX = 1_000;
/** Per client: at most this many messages in CHAT_RATE_WINDOW_MS; more get a 'rate_limited' notice. */
export const CHAT_RATE_LIMIT = 10;
export const CHAT_RATE_WINDOW_MS = 10_000;
/** Property cards per answer; 'Next properties' shows the next this many. */
export const CHAT_PAGE_SIZE = 5;
/** spec §9: the widget's idle expiry, after which it emits clear_session. The server forgets idle state after it too. */
export const CHAT_IDLE_EXPIRY_MS = 30 * 60_000;

/** A per-browser id the client generates (spec §3 storage: 'per-browser client id'), e.g. a UUID. */
export const CHAT_CLIENT_ID_MAX = 100;
export const ChatClientIdSchema = singleLineText({ error: 'clientId is required' })
  .min(1, 'clientId is required')
  .max(CHAT_CLIENT_ID_MAX, `clientId must be at most ${CHAT_CLIENT_ID_MAX} characters`)
  .regex(/^[\w.:-]+$/, 'clientId may hold letters, digits, and . : _ - only');

/** socket.io `auth` of the handshake. `token` is the access JWT of a signed-in user or broker, when there is one. */
export const ChatHandshakeAuthSchema = z.object({
  clientId: ChatClientIdSchema,
  token: singleLineText({ trim: false }).max(4_096).optional(),
});
export type ChatHandshakeAuth = z.infer<typeof ChatHandshakeAuthSchema>;

/** The connect_error message when the handshake is refused (no or bad clientId). */
export const CHAT_HANDSHAKE_ERROR = 'clientId is required';

// ---------------------------------------------------------------------------------------------------------------
// Actions (spec §7)

export const CHAT_ACTIONS = ['trigger_switch_area', 'trigger_switch_property_type', 'trigger_switch_city', 'trigger_next_properties'] as const;
export const ChatActionSchema = z.enum(CHAT_ACTIONS);
export type ChatAction = z.infer<typeof ChatActionSchema>;

/** spec §7: what the user's own bubble says when they click an action. */
export const CHAT_ACTION_TEXTS: Record<ChatAction, string> = {
  trigger_switch_area: "Let's switch the area.",
  trigger_switch_property_type: "Let's switch the property type.",
  trigger_switch_city: "Let's switch the city.",
  trigger_next_properties: "Let's explore more properties...",
};

/** Button labels (spec §7: Switch Area, Switch Property Type, Switch City; 'Next properties' when more exist). */
export const CHAT_ACTION_LABELS: Record<ChatAction, string> = {
  trigger_switch_area: 'Switch Area',
  trigger_switch_property_type: 'Switch Property Type',
  trigger_switch_city: 'Switch City',
  trigger_next_properties: 'Next properties',
};

/** spec §7: the default prompt above the action buttons. */
export const CHAT_DEFAULT_ACTION_TEXT = 'Choose an option:';

// ---------------------------------------------------------------------------------------------------------------
// Client -> server

/** spec §7 send_message {message, time, clientId}. `time` is when the user sent it: ISO text or epoch ms. */
export const SendMessageSchema = z.strictObject({
  message: multiLineText({ error: 'message must be text' })
    .min(1, 'message is empty')
    .max(CHAT_MESSAGE_MAX, `message must be at most ${CHAT_MESSAGE_MAX} characters`),
  time: z.union([singleLineText().max(64), z.number().finite()]).optional(),
  clientId: ChatClientIdSchema,
});
export type SendMessage = z.infer<typeof SendMessageSchema>;
export type SendMessageInput = z.input<typeof SendMessageSchema>;

/** spec §7 clear_session {clientId}: forget this client's conversation (spec §4: sent on the 30-minute idle expiry). */
export const ClearSessionSchema = z.strictObject({ clientId: ChatClientIdSchema });
export type ClearSession = z.infer<typeof ClearSessionSchema>;

/** The optional acknowledgement of clear_session. */
export const ClearSessionAckSchema = z.object({ ok: z.boolean() });
export type ClearSessionAck = z.infer<typeof ClearSessionAckSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Server -> client

/**
 * spec §3 'Chat property card data', plus what the card link needs (`path`, the listing's page on this site) and
 * the figures behind the price text. `price` is text as the spec's client expects it: '₹1,20,00,000' or a range
 * '₹1,20,00,000 - ₹1,45,00,000' (spec §5: the client shows the part before the dash as Cr / Lakh / K).
 * `bannerUrl` null means 'show the placeholder image'.
 */
export const ChatPropertyCardSchema = z.object({
  projectId: z.number().int(),
  projectName: z.string(),
  /** Locality name. */
  location: z.string(),
  zone: z.string().nullable(),
  city: z.string(),
  price: z.string(),
  /** The catalogue's property type: apartment, villa, plot, residentialhouse, pent house, studio. */
  propertyType: PropertyTypeSchema,
  /**
   * `type`: the card's unit label by spec §5's rule, property type once ('3 BHK Apartment', '3, 4 BHK Villa', 'Plot',
   * 'Studio, 1 BHK Apartment': unit-labels.ts, issue 17); `exteriorArea`: '1,650 sqft'
   * or a range '1,200 - 1,650 sqft', null when unknown (spec §3: the client then shows '1200 sqft').
   */
  exteriorArea: z.object({ type: z.string(), exteriorArea: z.string().nullable() }),
  bannerUrl: z.string().nullable(),
  /** The listing's page: /properties/..., /prelaunch/..., /broker-property-details/... or /user-property-details/... */
  path: z.string(),
  item: ItemSchema,
  builder: z.string().nullable(),
  /** Configurations the card stands for (the ones that matched the visitor's question), e.g. ['3 BHK']. */
  configurations: z.array(z.string()),
  /** Integer rupees behind `price` (the matching units only); null when the listing has no priced units. */
  minPrice: z.number().int().nullable(),
  maxPrice: z.number().int().nullable(),
});
export type ChatPropertyCard = z.infer<typeof ChatPropertyCardSchema>;

/**
 * spec §7 reply: text, or a list of property objects. Text is plain, with newlines; the only markup is
 * `**bold**` (spec §4: a reply with bold markup types more slowly). Render it as text, never as HTML.
 */
export const ChatReplySchema = z.union([z.string(), z.array(ChatPropertyCardSchema)]);
export type ChatReply = z.infer<typeof ChatReplySchema>;

/** spec §7 property_card {data: one or a list}; the client appends to the last card group (spec §4). */
export const PropertyCardEventSchema = z.object({
  data: z.union([ChatPropertyCardSchema, z.array(ChatPropertyCardSchema)]),
});
export type PropertyCardEvent = z.infer<typeof PropertyCardEventSchema>;

/** An action button: `value` is sent back as the message when clicked. */
export const ChatOptionSchema = z.object({ label: z.string(), value: z.string() });
export type ChatOption = z.infer<typeof ChatOptionSchema>;

/** spec §7 action_buttons {data: {text, options[{label, value}]}}. */
export const ActionButtonsEventSchema = z.object({
  data: z.object({ text: z.string(), options: z.array(ChatOptionSchema) }),
});
export type ActionButtonsEvent = z.infer<typeof ActionButtonsEventSchema>;

/**
 * Why a message was refused (our design; the spec has none). The connection stays open in every case.
 * - invalid_message: not a {message, time, clientId} object, empty, or a clientId other than the handshake's
 * - message_too_long: over CHAT_MESSAGE_MAX characters (or over the socket's byte limit)
 * - rate_limited: over CHAT_RATE_LIMIT messages in CHAT_RATE_WINDOW_MS; `retryAfterMs` says when to try again
 * - unavailable: the server could not answer this time (e.g. the catalogue was unreachable); try again
 */
/**
 * `too_many_connections` never arrives as a `notice` event: it is the `data` of the handshake's refusal
 * (socket.io's connect_error), since the connection is closed rather than kept open.
 */
export const CHAT_NOTICE_CODES = ['invalid_message', 'message_too_long', 'rate_limited', 'unavailable', 'too_many_connections'] as const;
export const ChatNoticeCodeSchema = z.enum(CHAT_NOTICE_CODES);
export type ChatNoticeCode = z.infer<typeof ChatNoticeCodeSchema>;

export const ChatNoticeSchema = z.object({
  code: ChatNoticeCodeSchema,
  /** Short text fit to show the user. */
  message: z.string(),
  /** The field at fault, for invalid_message / message_too_long. */
  field: z.string().optional(),
  retryAfterMs: z.number().int().nonnegative().optional(),
});
export type ChatNotice = z.infer<typeof ChatNoticeSchema>;

/** Typed event maps for `Server<ClientToServerEvents, ServerToClientEvents>` and `Socket<ServerToClientEvents, ClientToServerEvents>`. */
export interface ClientToServerEvents {
  send_message: (payload: SendMessageInput) => void;
  clear_session: (payload: ClearSession, ack?: (result: ClearSessionAck) => void) => void;
}

export interface ServerToClientEvents {
  reply: (payload: ChatReply) => void;
  property_card: (payload: PropertyCardEvent) => void;
  action_buttons: (payload: ActionButtonsEvent) => void;
  notice: (payload: ChatNotice) => void;
}

// ---------------------------------------------------------------------------------------------------------------
// Contact (spec §7: clicking Contact on a card sends 'Interested, {project name}, {type}')

const CONTACT_PREFIX = 'Interested, ';

/** The message a card's Contact button sends: 'Interested, {projectName}, {propertyType}'. */
export function contactMessage(card: Pick<ChatPropertyCard, 'projectName' | 'propertyType'>): string {
  return `${CONTACT_PREFIX}${card.projectName}, ${card.propertyType}`;
}

/**
 * Reads a Contact message back: the project name may itself hold commas, so the type is after the LAST comma.
 * Null when the text is not one.
 */
export function parseContactMessage(text: string): { projectName: string; type: string } | null {
  const trimmed = text.trim();
  if (!trimmed.toLowerCase().startsWith(CONTACT_PREFIX.toLowerCase())) return null;
  const rest = trimmed.slice(CONTACT_PREFIX.length);
  const comma = rest.lastIndexOf(',');
  const projectName = (comma === -1 ? rest : rest.slice(0, comma)).trim();
  const type = comma === -1 ? '' : rest.slice(comma + 1).trim();
  return projectName ? { projectName, type } : null;
}
