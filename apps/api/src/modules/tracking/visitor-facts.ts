/**
 * What the server derives about a visitor from the request itself (issue 12): device, OS and browser from the
 * User-Agent, a coarse city from the address through a local table, and where the visit came from. Everything here
 * is computed in process from local data: no address, agent or referrer ever leaves the server.
 * Choices and rejected options: docs/decisions/015-visitor-facts.md.
 */
import { readFileSync } from 'node:fs';
import { isIPv4, isIPv6 } from 'node:net';
import Bowser from 'bowser';

// ---------------------------------------------------------------------------------------------------------------
// User-Agent

/** Spec §9's device types. */
export type DeviceType = 'mobile' | 'tablet' | 'desktop' | 'laptop';

export const DEVICE_TYPES: readonly DeviceType[] = ['mobile', 'tablet', 'desktop', 'laptop'];

export interface UserAgentFacts {
  deviceType: DeviceType;
  os: string | null;
  osVersion: string | null;
  browser: string | null;
  browserVersion: string | null;
  /** A crawler or monitor by its own declaration; the analytics may leave these out. */
  bot: boolean;
}

/** Long enough for any real name or version; a forged agent cannot fill a column with kilobytes. */
const MAX_FACT_LENGTH = 40;
/** Agents seen recently: 200 browsers send a handful of distinct agents, and parsing is the costly part. */
const AGENT_CACHE_SIZE = 500;
const agentCache = new Map<string, Omit<UserAgentFacts, 'deviceType'> & { platform: string }>();

function fact(value: string | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed.slice(0, MAX_FACT_LENGTH) : null;
}

function parsedAgent(userAgent: string) {
  const cached = agentCache.get(userAgent);
  if (cached) return cached;
  const result = Bowser.parse(userAgent);
  const parsed = {
    platform: result.platform.type ?? '',
    os: fact(result.os.name),
    osVersion: fact(result.os.version),
    browser: fact(result.browser.name),
    browserVersion: fact(result.browser.version),
    bot: result.platform.type === 'bot',
  };
  if (agentCache.size >= AGENT_CACHE_SIZE) agentCache.delete(agentCache.keys().next().value as string);
  agentCache.set(userAgent, parsed);
  return parsed;
}

function deviceHint(hint: string | undefined): DeviceType | undefined {
  const value = hint?.trim().toLowerCase();
  return DEVICE_TYPES.find((type) => type === value);
}

/**
 * Device, OS and browser from the User-Agent. The client's own device type (spec §3 device.type) is a hint that
 * counts only where the agent cannot tell: no agent can say 'laptop', so a 'laptop' hint is kept when the agent says
 * desktop; and iPadOS Safari presents itself as a Mac, so a 'tablet' hint is kept for a desktop macOS agent. A hint
 * the agent contradicts (a phone's agent with a 'desktop' hint) loses: the agent is what the browser really sent.
 */
export function parseUserAgent(userAgent: string | undefined, clientDeviceHint?: string): UserAgentFacts {
  const hint = deviceHint(clientDeviceHint);
  const agent = userAgent?.trim().slice(0, 1000);
  if (!agent) {
    return { deviceType: hint ?? 'desktop', os: null, osVersion: null, browser: null, browserVersion: null, bot: false };
  }
  const { platform, ...facts } = parsedAgent(agent);
  let deviceType: DeviceType;
  if (platform === 'mobile' || platform === 'tablet') deviceType = platform;
  else if (hint === 'laptop') deviceType = 'laptop';
  else if (hint === 'tablet' && facts.os === 'macOS') deviceType = 'tablet';
  else deviceType = 'desktop';
  return { deviceType, ...facts };
}

// ---------------------------------------------------------------------------------------------------------------
// Address -> city

export interface IpCityTable {
  /** The city for an address, or null when the table does not know it (or the address is not an address). */
  cityFor(ip: string): string | null;
}

/**
 * The table used when TRACKING_IP_CITY_TABLE is unset: it knows no city, and says so explicitly for the addresses
 * that can never be placed (private, loopback, link-local, carrier-grade NAT, unique-local IPv6), in the same format
 * an operator's file uses (README, 'Tracking: the address -> city table').
 */
export const DEFAULT_IP_CITY_TABLE = `# Nivaas address -> city table: one "CIDR,city" per line; "-" means "unknown".
0.0.0.0/8,-
10.0.0.0/8,-
100.64.0.0/10,-
127.0.0.0/8,-
169.254.0.0/16,-
172.16.0.0/12,-
192.168.0.0/16,-
::1/128,-
fc00::/7,-
fe80::/10,-
`;

/** An unknown city in a table file: explicit, so a private range inside a city's block can say "not here". */
const UNKNOWN_CITY = '-';

/** Non-overlapping ranges sorted by start, one family per table; parallel arrays keep the lookup allocation-free. */
interface RangeTable<T extends number | bigint> {
  starts: T[];
  ends: T[];
  cities: (string | null)[];
}

interface Cidr {
  family: 4 | 6;
  start: bigint;
  end: bigint;
}

/** An IPv4 address as a number (0 .. 2^32-1), or undefined. */
function ipv4ToNumber(text: string): number | undefined {
  if (!isIPv4(text)) return undefined;
  let value = 0;
  for (const part of text.split('.')) value = value * 256 + Number(part);
  return value;
}

/** An IPv6 address (with '::', an embedded IPv4 tail or a zone) as a 128-bit bigint, or undefined. */
function ipv6ToBigInt(text: string): bigint | undefined {
  const address = text.split('%')[0] ?? '';
  if (!isIPv6(address)) return undefined;
  let groups = address;
  const lastColon = groups.lastIndexOf(':');
  const tail = groups.slice(lastColon + 1);
  if (tail.includes('.')) {
    const v4 = ipv4ToNumber(tail);
    if (v4 === undefined) return undefined;
    groups = `${groups.slice(0, lastColon + 1)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const [head = '', rest] = groups.split('::');
  const headParts = head ? head.split(':') : [];
  const restParts = rest ? rest.split(':') : [];
  const missing = 8 - headParts.length - restParts.length;
  const parts = rest === undefined ? headParts : [...headParts, ...Array<string>(missing).fill('0'), ...restParts];
  let value = 0n;
  for (const part of parts) value = (value << 16n) + BigInt(parseInt(part, 16));
  return value;
}

const IPV4_MAPPED_PREFIX = 0xffffn << 32n;

/** An address as (family, value); an IPv4-mapped IPv6 address (::ffff:1.2.3.4, Node's dual-stack form) as IPv4. */
function parseAddress(text: string): { family: 4; value: number } | { family: 6; value: bigint } | undefined {
  const trimmed = text.trim();
  const v4 = ipv4ToNumber(trimmed);
  if (v4 !== undefined) return { family: 4, value: v4 };
  const v6 = ipv6ToBigInt(trimmed);
  if (v6 === undefined) return undefined;
  if (v6 >> 32n === IPV4_MAPPED_PREFIX >> 32n) return { family: 4, value: Number(v6 & 0xffffffffn) };
  return { family: 6, value: v6 };
}

function parseCidr(text: string): Cidr | undefined {
  const [addressText = '', prefixText, extra] = text.trim().split('/');
  if (extra !== undefined) return undefined;
  const address = parseAddress(addressText);
  if (!address) return undefined;
  // An IPv4-mapped block written in IPv6 would be read as IPv4 with an IPv6 prefix length: refuse it rather than guess.
  if (address.family === 4 && !isIPv4(addressText.trim())) return undefined;
  const bits = address.family === 4 ? 32 : 128;
  const prefix = prefixText === undefined ? bits : /^\d{1,3}$/.test(prefixText) ? Number(prefixText) : NaN;
  if (!(prefix >= 0 && prefix <= bits)) return undefined;
  const hostBits = BigInt(bits - prefix);
  const value = BigInt(address.value);
  const start = (value >> hostBits) << hostBits;
  return { family: address.family, start, end: start + (1n << hostBits) - 1n };
}

/**
 * Flattens CIDR blocks into non-overlapping ranges where the most specific block wins (blocks are either nested or
 * apart, so one pass over them sorted by start, widest first, with a stack of the blocks still open does it).
 * Identical blocks: the later line wins.
 */
function flatten(blocks: { start: bigint; end: bigint; city: string | null }[]) {
  const sorted = blocks
    .map((block, order) => ({ ...block, order }))
    .sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : a.end > b.end ? -1 : a.end < b.end ? 1 : a.order - b.order));
  const out: { start: bigint; end: bigint; city: string | null }[] = [];
  const emit = (start: bigint, end: bigint, city: string | null) => {
    if (start > end) return;
    const last = out.at(-1);
    if (last && last.city === city && last.end + 1n === start) last.end = end;
    else out.push({ start, end, city });
  };
  const open: { end: bigint; city: string | null; next: bigint }[] = [];
  const close = () => {
    const done = open.pop();
    if (!done) return;
    emit(done.next, done.end, done.city);
    const parent = open.at(-1);
    if (parent) parent.next = done.end + 1n;
  };
  for (const block of sorted) {
    while (open.length > 0 && (open.at(-1)?.end ?? 0n) < block.start) close();
    const parent = open.at(-1);
    if (parent) {
      emit(parent.next, block.start - 1n, parent.city);
      parent.next = block.start;
    }
    open.push({ end: block.end, city: block.city, next: block.start });
  }
  while (open.length > 0) close();
  // Unknown ranges only matter for overriding a wider block; once flat, a miss says the same.
  return out.filter((range) => range.city !== null);
}

function binarySearch<T extends number | bigint>(table: RangeTable<T>, value: T): string | null {
  let low = 0;
  let high = table.starts.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    if ((table.starts[middle] as T) <= value) low = middle + 1;
    else high = middle - 1;
  }
  // `high` is now the last range starting at or before the value.
  if (high < 0 || (table.ends[high] as T) < value) return null;
  return table.cities[high] ?? null;
}

export class IpCityTableError extends Error {
  constructor(source: string, line: number, message: string) {
    super(`${source}, line ${line}: ${message}`);
    this.name = 'IpCityTableError';
  }
}

/**
 * Parses a table's text: one `CIDR,city` per line (a bare address is a /32 or /128), `#` starts a comment, blank
 * lines are skipped, `-` as the city means unknown. A bad line throws naming the line, so a broken file stops the
 * start instead of silently placing nobody.
 */
export function parseIpCityTable(text: string, source = 'ip city table'): IpCityTable {
  const blocks: Record<4 | 6, { start: bigint; end: bigint; city: string | null }[]> = { 4: [], 6: [] };
  const lines = text.split(/\r?\n/);
  lines.forEach((raw, index) => {
    const line = raw.replace(/#.*$/, '').trim();
    if (!line) return;
    const comma = line.indexOf(',');
    if (comma < 0) throw new IpCityTableError(source, index + 1, `expected "CIDR,city", got "${line.slice(0, 80)}"`);
    const cidr = parseCidr(line.slice(0, comma));
    if (!cidr) throw new IpCityTableError(source, index + 1, `"${line.slice(0, comma).slice(0, 60)}" is not an IPv4 or IPv6 CIDR block`);
    const city = line.slice(comma + 1).trim();
    if (!city) throw new IpCityTableError(source, index + 1, 'the city is empty (write "-" for unknown)');
    if (city.length > 80) throw new IpCityTableError(source, index + 1, 'the city is longer than 80 characters');
    blocks[cidr.family].push({ start: cidr.start, end: cidr.end, city: city === UNKNOWN_CITY ? null : city });
  });
  const v4Ranges = flatten(blocks[4]);
  const v6Ranges = flatten(blocks[6]);
  const v4: RangeTable<number> = { starts: v4Ranges.map((r) => Number(r.start)), ends: v4Ranges.map((r) => Number(r.end)), cities: v4Ranges.map((r) => r.city) };
  const v6: RangeTable<bigint> = { starts: v6Ranges.map((r) => r.start), ends: v6Ranges.map((r) => r.end), cities: v6Ranges.map((r) => r.city) };
  return {
    cityFor(ip: string): string | null {
      const address = parseAddress(ip);
      if (!address) return null;
      return address.family === 4 ? binarySearch(v4, address.value) : binarySearch(v6, address.value);
    },
  };
}

/**
 * The address -> city table from a local file (TRACKING_IP_CITY_TABLE), or the built-in one that places nobody.
 * Read once at start; never a network service.
 */
export function loadIpCityTable(filePath?: string): IpCityTable {
  if (filePath === undefined) return parseIpCityTable(DEFAULT_IP_CITY_TABLE, 'the built-in ip city table');
  return parseIpCityTable(readFileSync(filePath, 'utf8'), filePath);
}

// ---------------------------------------------------------------------------------------------------------------
// Traffic source

export const TRAFFIC_SOURCES = ['direct', 'search', 'social', 'referral', 'campaign', 'internal'] as const;
export type TrafficSource = (typeof TRAFFIC_SOURCES)[number];

/** Search engines by a label of their host (google.co.in, www.bing.com, search.yahoo.com, duckduckgo.com ...). */
const SEARCH_ENGINES = ['google', 'bing', 'yahoo', 'duckduckgo', 'yandex', 'baidu', 'ecosia', 'startpage', 'qwant', 'naver', 'seznam', 'sogou', 'perplexity'];
/** Engines whose name is too common a word to match as a label. */
const SEARCH_HOSTS = ['ask.com', 'search.aol.com', 'so.com', 'search.brave.com'];
/** Social sites by their registrable host; a subdomain (m.facebook.com, l.instagram.com) counts as the site. */
const SOCIAL_HOSTS = [
  'facebook.com', 'fb.com', 'fb.me', 'instagram.com', 'threads.net', 'twitter.com', 'x.com', 't.co', 'linkedin.com', 'lnkd.in',
  'youtube.com', 'youtu.be', 'pinterest.com', 'pin.it', 'reddit.com', 'quora.com', 'whatsapp.com', 'wa.me', 't.me', 'telegram.org',
  'snapchat.com', 'sharechat.com', 'tiktok.com', 'moj.app',
];
/** Android apps that open links with an android-app://<package> referrer. */
const SEARCH_APPS = ['com.google.android.googlequicksearchbox'];
const SOCIAL_APPS = ['com.facebook.katana', 'com.facebook.orca', 'com.instagram.android', 'com.twitter.android', 'com.linkedin.android', 'com.whatsapp', 'org.telegram.messenger', 'com.google.android.youtube', 'com.reddit.frontpage'];
/** Paid-click ids that mean an ad even without UTM parameters (fbclid is not one: Facebook adds it to every link). */
const AD_CLICK_IDS = ['gclid', 'gbraid', 'wbraid', 'dclid', 'msclkid'];

function bareHost(host: string): string {
  return host.toLowerCase().replace(/\.$/, '').replace(/^www\./, '');
}

/** A Host header's name without its port: example.com:3000, [::1]:3000, ::1. */
function hostName(host: string): string {
  const value = host.trim();
  if (value.startsWith('[')) return `[${value.slice(1).split(']')[0] ?? ''}]`;
  // More than one colon without brackets is a bare IPv6 address, which has no port.
  return value.split(':').length === 2 ? (value.split(':')[0] ?? '') : value;
}

function isSearchHost(host: string): boolean {
  if (SEARCH_HOSTS.some((site) => host === site || host.endsWith(`.${site}`))) return true;
  // The engine's name is a label of the host other than the last one: google.co.in, search.yahoo.com, so.com.
  const labels = host.split('.');
  if (labels.length < 2) return false;
  const named = labels.slice(0, -1).filter((label) => SEARCH_ENGINES.includes(label));
  if (named.length === 0) return false;
  // Mail and documents under a search engine's name are not searches.
  return !/^(mail|docs|drive|calendar|accounts|outlook|play)\./.test(host);
}

function isSocialHost(host: string): boolean {
  return SOCIAL_HOSTS.some((site) => host === site || host.endsWith(`.${site}`));
}

function parseUrl(text: string | undefined, base?: string): URL | undefined {
  if (!text?.trim()) return undefined;
  try {
    return new URL(text.trim(), base);
  } catch {
    return undefined;
  }
}

/**
 * Where a visit came from. Campaign first: UTM parameters or an ad click id on the landing URL say so whatever the
 * referrer. Then the referrer: none is direct; our own host is internal (a reload or a new tab from inside the
 * site); a search engine, a social site (or their Android apps), else another site: referral. Only the referrer's
 * host is kept, never its path or query (they can hold a search or a person's details).
 */
export function classifyTrafficSource(
  referrer: string | undefined,
  landingUrl: string | undefined,
  ownHost: string,
): { source: string; referrerHost: string | null } {
  const referrerUrl = parseUrl(referrer);
  const isApp = referrerUrl?.protocol === 'android-app:';
  const rawHost = isApp ? (referrerUrl?.hostname ?? referrerUrl?.pathname.replace(/^\/\//, '').split('/')[0] ?? '') : (referrerUrl?.hostname ?? '');
  const referrerHost = referrerUrl && (isApp || referrerUrl.protocol === 'http:' || referrerUrl.protocol === 'https:') && rawHost ? bareHost(rawHost).slice(0, 253) : null;

  const landing = parseUrl(landingUrl, 'http://landing.invalid');
  const params = landing?.searchParams;
  if (params && ([...params.keys()].some((key) => key.toLowerCase().startsWith('utm_')) || AD_CLICK_IDS.some((id) => params.has(id)))) {
    return { source: 'campaign', referrerHost };
  }
  if (referrerHost === null) return { source: 'direct', referrerHost: null };
  if (isApp) {
    if (SEARCH_APPS.includes(referrerHost)) return { source: 'search', referrerHost };
    if (SOCIAL_APPS.includes(referrerHost)) return { source: 'social', referrerHost };
    return { source: 'referral', referrerHost };
  }
  // URL.hostname keeps an IPv6 address's brackets, so the own host keeps them too.
  const own = bareHost(hostName(ownHost));
  const ownBracketed = own.includes(':') && !own.startsWith('[') ? `[${own}]` : own;
  if (own && referrerHost === ownBracketed) return { source: 'internal', referrerHost };
  if (isSearchHost(referrerHost)) return { source: 'search', referrerHost };
  if (isSocialHost(referrerHost)) return { source: 'social', referrerHost };
  return { source: 'referral', referrerHost };
}
