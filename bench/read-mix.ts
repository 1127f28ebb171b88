/**
 * The catalogue reads a bench sends, drawn the way visitors read the catalogue (issue 16's mix, also the reads the
 * tracking bench times while it ingests, issue 12), so no bench replays a few URLs a cache would answer every time:
 * - detail: ids drawn Zipf-like (s = 1) from every public project, rank to id by a fixed shuffle (md5 order), so a few
 *   projects are read often and most now and then;
 * - search: distinct prefixes as a typeahead sends them, from real project, locality and builder names, 2 letters and
 *   up, each name extended letter by letter;
 * - listing: results-page visits (spec §2 /property-detail-page): a locality (a suggestion's locationId) or the free
 *   text of a name, with the refinements the results page offers (budget, BHK, property type, transaction,
 *   possession, sort), paged 1, 2, 3... up to `maxPage` while pages remain (spec §4: a short page ends it).
 * Deterministic: the same seed and catalogue give the same URLs on every run and both databases.
 */
import type { Database } from '@nivaas/db';
import { sql } from '@nivaas/db/orm';

export interface ReadMix {
  detail: string[];
  search: string[];
  listing: string[];
  /** How the mix was drawn, for the report. */
  notes: string[];
}

export interface ReadMixOptions {
  detailDraws: number;
  searchPrefixes: number;
  listingVisits: number;
  maxPage: number;
  pageSize: number;
  /** Visitor streams laid side by side, so consecutive URLs of a list belong to different visitors. */
  lanes: number;
  /** The total a listing query (without its page) reports, to stop a visit at its last page. */
  listingTotal(query: string): Promise<number>;
  seed?: number;
}

const LAKH = 100_000;
const BUDGETS = [20, 30, 40, 50, 60, 75, 90, 100, 150, 200, 300, 500, 1000].map((lakhs) => lakhs * LAKH);
const PROPERTY_TYPES = ['apartment', 'villa', 'plot', 'residentialhouse', 'pent house', 'studio'];

/** A small seeded PRNG (mulberry32), so the mix is the same on every run and both engines. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Lays visitor streams side by side, `lanes` at a time, so consecutive URLs belong to different visitors. */
function interleave(streams: string[][], lanes: number): string[] {
  const out: string[] = [];
  const queue = [...streams];
  const active: string[][] = [];
  while (queue.length > 0 || active.length > 0) {
    while (active.length < lanes && queue.length > 0) active.push([...(queue.shift() ?? [])]);
    for (let lane = active.length - 1; lane >= 0; lane -= 1) {
      const next = active[lane]?.shift();
      if (next !== undefined) out.push(next);
      if (active[lane]?.length === 0) active.splice(lane, 1);
    }
  }
  return out;
}

function shuffle<T>(items: T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

function pick<T>(items: readonly T[], random: () => number): T {
  return items[Math.floor(random() * items.length)] as T;
}

/** Draws the mix from the seeded catalogue. */
export async function buildReadMix({ db }: Database, options: ReadMixOptions): Promise<ReadMix> {
  const random = prng(options.seed ?? 16);

  // detail: Zipf over every public project, rank -> id by md5 order (a fixed shuffle unrelated to id).
  const ids = (await db.execute<{ id: number }>(sql`select id from projects where status = 'active' and approval = 'approved' order by md5(id::text)`)).rows.map((row) => row.id);
  const cumulative: number[] = [];
  ids.reduce((sum, _, rank) => (cumulative[rank] = sum + 1 / (rank + 1)), 0);
  const totalWeight = cumulative[cumulative.length - 1] ?? 1;
  const draw = () => {
    const target = random() * totalWeight;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((cumulative[middle] ?? 0) < target) low = middle + 1;
      else high = middle;
    }
    return ids[low] as number;
  };
  const detail = Array.from({ length: options.detailDraws }, () => `/api/project/${draw()}`);
  const distinctDetail = new Set(detail).size;

  // search: real names, prefixes of 2+ letters extended one letter at a time; a trailing space is what the
  // typeahead trims away, so it adds no request.
  const names = async (query: ReturnType<typeof sql>) => (await db.execute<{ name: string }>(query)).rows.map((row) => row.name);
  const projectNames = await names(sql`select name from projects where status = 'active' and approval = 'approved' order by md5(name || id::text) limit 3000`);
  const localityNames = await names(sql`select name from locations where status = 'active'`);
  const builderNames = await names(sql`select name from builders where status = 'active' and approval = 'approved'`);
  const sources = shuffle(
    [...projectNames.slice(0, 1200).map((name) => ({ name, kind: 'project' })), ...localityNames.map((name) => ({ name, kind: 'locality' })), ...builderNames.map((name) => ({ name, kind: 'builder' }))],
    random,
  );
  const seen = new Set<string>();
  const typed: string[][] = [];
  const kinds: Record<string, number> = { project: 0, locality: 0, builder: 0 };
  for (const { name, kind } of sources) {
    if (seen.size >= options.searchPrefixes) break;
    const lower = name.toLowerCase();
    const stream: string[] = [];
    for (let length = 2; length <= lower.length && seen.size < options.searchPrefixes; length += 1) {
      const prefix = lower.slice(0, length);
      if (prefix.endsWith(' ') || seen.has(prefix)) continue;
      seen.add(prefix);
      stream.push(`/api/project/search?query=${encodeURIComponent(prefix)}`);
    }
    if (stream.length > 0) {
      typed.push(stream);
      kinds[kind] = (kinds[kind] ?? 0) + 1;
    }
  }

  // listing: results-page visits. Where: a locality (a location suggestion) or a name's free text.
  const localities = (await db.execute<{ id: number; name: string }>(sql`select id, name from locations where status = 'active' order by id`)).rows;
  const visits: URLSearchParams[] = [];
  for (let visit = 0; visit < options.listingVisits; visit += 1) {
    const params = new URLSearchParams({ status: 'active', approval: 'approved' });
    const where = random();
    if (where < 0.6) params.set('locationId', String(pick(localities, random).id));
    else if (where < 0.8) params.set('search', pick(localities, random).name.toLowerCase());
    else if (where < 0.9) params.set('search', pick(builderNames, random).toLowerCase());
    else params.set('search', `${1 + Math.floor(random() * 4)} bhk in ${pick(localities, random).name.toLowerCase()}`);
    if (random() < 0.4) {
      const low = Math.floor(random() * (BUDGETS.length - 1));
      const high = low + 1 + Math.floor(random() * (BUDGETS.length - 1 - low));
      if (random() < 0.7) params.set('minPrice', String(BUDGETS[low]));
      params.set('maxPrice', String(BUDGETS[high]));
    }
    if (random() < 0.35) {
      const bhk = [1, 2, 3, 4, 5].filter(() => random() < 0.4);
      if (bhk.length > 0) params.set('bhk', bhk.flatMap((n) => (n === 5 ? [5, 6, 7, 8, 9, 10] : [n])).join(','));
    }
    if (random() < 0.25) params.set('propertyType', PROPERTY_TYPES.filter(() => random() < 0.35).join(',') || 'apartment');
    if (random() < 0.15) params.set('transaction', random() < 0.5 ? 'New Booking' : 'Resale');
    if (random() < 0.15) params.set('possession', pick(['ready', 'under-construction', 'upcoming'], random));
    params.set('sort', random() < 0.7 ? 'price_asc' : 'price_desc');
    params.set('limit', String(options.pageSize));
    visits.push(params);
  }
  // How deep each visit scrolls: mostly the first pages, some to the last allowed; never past the last page.
  const paged: string[][] = [];
  let pagesTotal = 0;
  for (const params of visits) {
    const total = await options.listingTotal(params.toString());
    const pages = Math.min(options.maxPage, Math.max(1, Math.ceil(total / options.pageSize)));
    const depth = Math.min(pages, 1 + Math.floor(random() ** 2 * options.maxPage));
    pagesTotal += depth;
    paged.push(Array.from({ length: depth }, (_, index) => `/api/project?${params}&page=${index + 1}`));
  }
  const deepest = Math.max(...paged.map((stream) => stream.length));

  return {
    detail,
    search: interleave(typed, options.lanes),
    listing: interleave(paged, options.lanes),
    notes: [
      `detail: ${options.detailDraws.toLocaleString('en-IN')} draws, Zipf s = 1 over ${ids.length.toLocaleString('en-IN')} public projects (${distinctDetail.toLocaleString('en-IN')} distinct ids drawn)`,
      `search: ${seen.size.toLocaleString('en-IN')} distinct prefixes typed out of ${typed.length} names (${kinds.project} projects, ${kinds.locality} localities, ${kinds.builder} builders), 2 letters and up`,
      `listing: ${visits.length.toLocaleString('en-IN')} results-page visits (60% a locality, 40% free text; budget 40%, BHK 35%, type 25%, transaction 15%, possession 15%, price H-L 30%), ${pagesTotal.toLocaleString('en-IN')} pages, the deepest page ${deepest} (at most ${options.maxPage}; a visit stops at its last page)`,
    ],
  };
}
