/**
 * Shared constants and helpers of the seed generator. Time comes from BASE_TIME only: the seed must not read the
 * clock, or two runs would differ.
 */
import { hashString, Random } from './random';

/** The one seed every generator derives from. */
export const SEED = 20_250_601;

/** "Now" for the seeded world: 1 June 2025, 10:00 IST. Every timestamp is an offset from it. */
export const BASE_TIME = Date.UTC(2025, 5, 1, 4, 30, 0);

const DAY_MS = 86_400_000;

/** Catalogue size (projects + listings) when the caller does not say. */
export const DEFAULT_PROJECTS = 1_800;

/** An independent generator per section, so adding rows to one section never reshuffles another. */
export function randomFor(section: string): Random {
  return new Random((SEED ^ hashString(section)) >>> 0);
}

export function daysBefore(days: number, minutes = 0): Date {
  return new Date(BASE_TIME - days * DAY_MS - minutes * 60_000);
}

export function daysAfter(date: Date, days: number, minutes = 0): Date {
  return new Date(date.getTime() + days * DAY_MS + minutes * 60_000);
}

/** A calendar date 'YYYY-MM-DD', `months` from the base date (negative for the past), on a given day. */
export function monthsFromBase(months: number, day: number): string {
  const base = new Date(BASE_TIME);
  const date = new Date(Date.UTC(base.getUTCFullYear(), base.getUTCMonth() + months, day));
  return date.toISOString().slice(0, 10);
}

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replaceAll('&', ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

/** Rounds rupees to a figure people quote: the nearest thousand below ₹10 lakh, else the nearest ten thousand. */
export function roundRupees(value: number): number {
  const step = value < 1_000_000 ? 1_000 : 10_000;
  return Math.max(step, Math.round(value / step) * step);
}

/**
 * Fictional contact details. Ten-digit numbers in a fixed prefix block (the first digit says the kind of
 * person: 9 users, 8 brokers, 7 leads, 6 contractors) and example.com addresses, which can never be delivered.
 */
export function fakePhone(kindDigit: 6 | 7 | 8 | 9, n: number): string {
  return `${kindDigit}${String(n).padStart(9, '0')}`;
}

export function fakeEmail(localPart: string, n: number): string {
  return `${slugify(localPart).replaceAll('-', '.')}.${n}@example.com`;
}
