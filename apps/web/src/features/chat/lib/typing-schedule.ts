import { hasBoldMarkup, parseMarkup, visibleLength } from './bot-markup';

/** spec §4/§9: how a bot reply is typed out after the three-dot indicator. */
export const BOLD_WAIT_MS = 1_500;
export const REPLY_WAIT_MS = 800;
export const SLOW_CHAR_MS = 30;
export const FAST_CHAR_MS = 10;
/** Replies longer than this type fast. */
export const LONG_REPLY_CHARS = 150;
/** spec §4/§9: property cards are added one per 500 ms. */
export const CARD_INTERVAL_MS = 500;

export interface TypingPlan {
  /** How long the typing indicator shows before the first character. */
  waitMs: number;
  /** Delay between characters. */
  perCharMs: number;
  /** Visible characters to type. */
  chars: number;
}

/**
 * spec §4: a reply with bold markup waits 1.5 s and types at 30 ms per character; a reply over 150 characters waits
 * 0.8 s, 10 ms per character; others wait 0.8 s, 30 ms per character. Characters are the visible ones (markup is
 * not typed out).
 */
export function typingPlan(text: string): TypingPlan {
  const chars = visibleLength(parseMarkup(text));
  if (hasBoldMarkup(text)) return { waitMs: BOLD_WAIT_MS, perCharMs: SLOW_CHAR_MS, chars };
  if (chars > LONG_REPLY_CHARS) return { waitMs: REPLY_WAIT_MS, perCharMs: FAST_CHAR_MS, chars };
  return { waitMs: REPLY_WAIT_MS, perCharMs: SLOW_CHAR_MS, chars };
}
