import { z } from 'zod';
import { ChatOptionSchema, ChatPropertyCardSchema, type ChatPropertyCard } from '@nivaas/contracts/chat.schema';
import { CHAT_HISTORY_KEY } from '../../../lib/client-identity';

/**
 * spec §3 'Chat message (stored locally)': sender, message (text, may contain markup), isPropertyCard with property
 * (the card list), isSwitchCard, isActionButtons with actionButtons (label and value).
 * isSwitchCard marks the user's bubble that an action button wrote ('Let's switch the area.'), not typed text.
 */
export const ChatMessageSchema = z.object({
  sender: z.enum(['user', 'bot']),
  message: z.string(),
  isPropertyCard: z.boolean().optional(),
  property: z.array(ChatPropertyCardSchema).optional(),
  isSwitchCard: z.boolean().optional(),
  isActionButtons: z.boolean().optional(),
  actionButtons: z.array(ChatOptionSchema).optional(),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

/** The Contact -> Contacted list (spec §4), kept beside the history. */
export const CHAT_CONTACTED_KEY = 'NIVAAS_CHAT_CONTACTED';
/** When the idle timer was last reset, so a page opened after 30 idle minutes still expires the session. */
export const CHAT_LAST_ACTIVE_KEY = 'NIVAAS_CHAT_LAST_ACTIVE';

function readJson(key: string): unknown {
  try {
    const raw = window.localStorage.getItem(key);
    return raw === null ? null : (JSON.parse(raw) as unknown);
  } catch {
    return null;
  }
}

function writeJson(key: string, value: unknown): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Quota or disabled storage: the conversation still holds for this page view.
  }
}

function removeKey(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // As above.
  }
}

/** The stored history; messages that no longer parse (an older shape, hand edits) are dropped one by one. */
export function loadHistory(): ChatMessage[] {
  const raw = readJson(CHAT_HISTORY_KEY);
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((item) => {
    const parsed = ChatMessageSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

export function saveHistory(messages: readonly ChatMessage[]): void {
  writeJson(CHAT_HISTORY_KEY, messages);
}

/** spec §4: Contacted is stored per project id, or per name when a card has no id. */
export function contactKey(card: Pick<ChatPropertyCard, 'projectId' | 'projectName'>): string {
  return Number.isInteger(card.projectId) ? `id:${card.projectId}` : `name:${card.projectName}`;
}

export function loadContacted(): string[] {
  const raw = readJson(CHAT_CONTACTED_KEY);
  return Array.isArray(raw) ? raw.filter((key): key is string => typeof key === 'string') : [];
}

export function saveContacted(keys: readonly string[]): void {
  writeJson(CHAT_CONTACTED_KEY, keys);
}

export function loadLastActive(): number | null {
  const value = readJson(CHAT_LAST_ACTIVE_KEY);
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

export function saveLastActive(at: number): void {
  writeJson(CHAT_LAST_ACTIVE_KEY, at);
}

/** spec §4 idle expiry: history and contacted list go. */
export function clearStoredConversation(): void {
  removeKey(CHAT_HISTORY_KEY);
  removeKey(CHAT_CONTACTED_KEY);
  removeKey(CHAT_LAST_ACTIVE_KEY);
}
