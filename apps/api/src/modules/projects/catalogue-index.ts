import type { Item, PropertyType, TransactionTag } from '@nivaas/db';
import type { CatalogueFilters } from './project-filters';
import { MIN_NAME_WORD, type TextMatch, type WordHit, type WordMatch } from './project-text-search';
import { isPlainWord, TrigramSpace } from './trigram';

/*
 * The public catalogue in process, for search (decision 031): what the typeahead's statement used to find by trigram
 * index and heap reads, and rank by word_similarity, is found here in memory, and only the rows of the answer are read
 * from the database, by id, with their visibility checked again live. It answers exactly what the SQL path answers
 * (catalogue-index.test.ts compares the two over many queries): the same text rules (project-text-search.ts), the
 * same filters (project-filters.ts), the same orders and the same word_similarity (trigram.ts).
 *
 * The results page (GET /project) is answered from it too (decision 038): the page's ids in any of the three orders and
 * the total, counted here, so neither the page's statement nor a count runs in SQL; the rows are read by id as above.
 *
 * It is a snapshot: the projects service builds it from the database and drops it on every catalogue notice of the
 * tables it reads (projects.service.ts); a filter it does not hold (possession: it depends on the database's
 * current_date) or a non-ASCII word is answered by SQL.
 */

/** A public project as the index holds it (catalogueIndexChunk's row). */
export type IndexProjectRow = [
  id: number,
  name: string,
  item: Item,
  type: PropertyType,
  minPrice: number | null,
  maxPrice: number | null,
  cityId: number,
  zoneId: number | null,
  locationId: number,
  builderId: number | null,
  transactionTag: TransactionTag | null,
  /** Units: [type, minPrice, maxPrice]. */
  units: [string, number, number][],
  /** updated_at in whole microseconds since 1970 (exact: PostgreSQL keeps microseconds; 2^53 µs is year 2255). */
  updatedAt: number,
  /** possession_date in days since 1970-01-01, or null. */
  possessionDay: number | null,
  /** Tagged 'Upcoming Launches' (project-filters.ts UPCOMING_TAG). */
  upcoming: boolean,
];

/** What resolveWords reads: active places (with their city and zone) and public builders. */
export interface IndexPlaces {
  locations: [id: number, name: string, cityId: number, cityName: string, zoneId: number | null, zoneName: string | null][];
  zones: [id: number, name: string, cityId: number, cityName: string][];
  cities: [id: number, name: string][];
  builders: [id: number, name: string, logo: string | null][];
  /** The database's current_date in days since 1970-01-01, and when (ms since 1970) it becomes the next day. */
  today: number;
  nextDayAt: number;
}

/** Localities, zones, cities and builders a word names when their name is this similar to it (as projects.repository's). */
const PLACE_SIMILARITY = 0.5;
/** As project-text-search.ts: a near miss is this similar, and shares the word's first four letters. */
const NAME_SIMILARITY = 0.6;
const NEAR_MISS_STEM = 4;

interface Place {
  kind: WordHit['kind'];
  id: number;
  name: string;
  lower: string;
  trigrams: Int32Array;
  logo: string | null;
  cityId: number | null;
  cityName: string | null;
  zoneId: number | null;
  zoneName: string | null;
}

/** Ids the answer is made of, in the answer's order; the rows themselves are read by id. */
export interface IndexedSearch {
  suggestions: number[];
  properties: number[];
}

/** One page of a listing (ids in the page's order, at most the limit asked) and how many projects match in all. */
export interface IndexedPage {
  ids: number[];
  total: number;
}

/** The orders of projects.repository ORDER_BY (CatalogueOrder there; spelled out here, which that module imports). */
export type IndexOrder = 'price_asc' | 'price_desc' | 'newest';

export interface CatalogueIndex {
  /** Public projects held. */
  readonly size: number;
  /** When the database's date moves on (ms since 1970): the possession filters read it, so the index is stale then. */
  readonly validUntil: number;
  /** resolveWords' answer (projects.repository.ts), or undefined when a word is for SQL to judge. */
  resolveWords(words: string[], wholeText: string): WordHit[] | undefined;
  /**
   * The ids of searchCatalogue's two pages: the builder projects whose names best match `text` (rankedByNameSpec) and
   * the first `properties` matches cheapest first (publicSpec, price_asc); undefined when SQL must answer.
   */
  search(filters: CatalogueFilters, text: string, limits: { suggestions: number; properties: number }): IndexedSearch | undefined;
  /**
   * publicSpec(filters, order, window) and countPublic(filters) of projects.repository: the page's ids and the total;
   * undefined when SQL must answer (a filter the index does not hold, a non-ASCII word).
   */
  list(filters: CatalogueFilters, order: IndexOrder, window: { offset: number; limit: number }): IndexedPage | undefined;
}

type Predicate = (position: number) => boolean;

/** Lets the event loop serve requests between slices of a build (setImmediate: after pending I/O). */
const pause = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Positions are the projects in price order (min_price ascending, no price last, then id): a sorted list of positions
 * is a price-sorted page. Built on the API thread in slices of `yieldEvery` projects: the whole build is about a
 * second of JavaScript at 100,000 projects (encoding names is most of it), which must not stall every request at once.
 */
export async function buildCatalogueIndex(rows: IndexProjectRow[], places: IndexPlaces, { yieldEvery = 2_000 }: { yieldEvery?: number } = {}): Promise<CatalogueIndex> {
  const sorted = [...rows].sort((a, b) => {
    const [ap, bp] = [a[4], b[4]];
    if (ap !== bp) {
      if (ap === null) return 1;
      if (bp === null) return -1;
      return ap - bp;
    }
    return a[0] - b[0];
  });
  const size = sorted.length;
  const ids = new Int32Array(size);
  const names: string[] = new Array(size);
  const lowers: string[] = new Array(size);
  const isProject = new Uint8Array(size);
  const types: PropertyType[] = new Array(size);
  const minPrices = new Float64Array(size);
  const maxPrices = new Float64Array(size);
  const transactions: (TransactionTag | null)[] = new Array(size);
  const unitsOf: [string, number, number][][] = new Array(size);
  const cityIds = new Int32Array(size);
  const zoneIds = new Int32Array(size);
  const locationIds = new Int32Array(size);
  const builderIds = new Int32Array(size);
  const updatedAts = new Float64Array(size);
  const possessionDays = new Float64Array(size);
  const upcoming = new Uint8Array(size);
  const lists = { location: new Map<number, number[]>(), zone: new Map<number, number[]>(), city: new Map<number, number[]>(), builder: new Map<number, number[]>() };
  // Every name as trigram ids (for word_similarity), and trigram id -> positions holding it (ascending): a word's
  // inner trigrams narrow ILIKE '%word%' to a few candidates, as the trigram index does in SQL.
  const space = new TrigramSpace();
  const encoded: Int32Array[] = new Array(size);
  const push = (map: Map<number, number[]>, key: number, position: number) => {
    const list = map.get(key);
    if (list) list.push(position);
    else map.set(key, [position]);
  };
  for (let position = 0; position < size; position += 1) {
    if (position > 0 && position % yieldEvery === 0) await pause();
    const [id, name, item, type, minPrice, maxPrice, cityId, zoneId, locationId, builderId, transaction, units, updatedAt, possessionDay, isUpcoming] = sorted[position] as IndexProjectRow;
    ids[position] = id;
    names[position] = name;
    lowers[position] = name.toLowerCase();
    isProject[position] = item === 'project' ? 1 : 0;
    types[position] = type;
    minPrices[position] = minPrice ?? Number.NaN;
    maxPrices[position] = maxPrice ?? Number.NaN;
    transactions[position] = transaction;
    unitsOf[position] = units;
    cityIds[position] = cityId;
    zoneIds[position] = zoneId ?? -1;
    locationIds[position] = locationId;
    builderIds[position] = builderId ?? -1;
    updatedAts[position] = updatedAt;
    possessionDays[position] = possessionDay ?? Number.NaN;
    upcoming[position] = isUpcoming ? 1 : 0;
    push(lists.city, cityId, position);
    if (zoneId !== null) push(lists.zone, zoneId, position);
    push(lists.location, locationId, position);
    if (builderId !== null) push(lists.builder, builderId, position);
    encoded[position] = space.encode(name);
  }
  await pause();
  const postings = postingLists(encoded, space.size, () => true);
  // The same for builder projects alone: the suggestions' scans, which would otherwise step over every listing named
  // '3 BHK Apartment in ...' for the word 'apartment'.
  await pause();
  const projectPostings = postingLists(encoded, space.size, (position) => isProject[position] === 1);
  // The two other orders of a listing, as permutations of positions (ORDER_BY of projects.repository): highest price
  // first with no price first (DESC puts NULL first) then id; newest change first, then the highest id.
  await pause();
  const priceDesc = orderOf(size, (a, b) => {
    const [ap, bp] = [maxPrices[a] as number, maxPrices[b] as number];
    if (Number.isNaN(ap) || Number.isNaN(bp)) {
      if (!Number.isNaN(ap)) return 1;
      if (!Number.isNaN(bp)) return -1;
    } else if (ap !== bp) return bp - ap;
    return (ids[a] as number) - (ids[b] as number);
  });
  await pause();
  const newest = orderOf(size, (a, b) => (updatedAts[b] as number) - (updatedAts[a] as number) || (ids[b] as number) - (ids[a] as number));
  // A scratch mark per position for unions and ordered walks: the index is used synchronously, one query at a time.
  const marks = new Uint8Array(size);
  /*
   * Every match of a results page's filters, by filters, for this snapshot only (decision 040): a visitor pages
   * through one filter set (pages 2, 3... of the bench's visits are most of its pages), and each page needs every
   * match to count the total. The index is immutable and dropped on the catalogue's change notices, so these are
   * dropped with it and can never outlive a change. Bounded by the positions held; the oldest set goes first.
   */
  const matchesByFilters = new Map<string, number[]>();
  let matchesHeld = 0;
  const MATCHES_HELD_MAX = 1_000_000;
  function rememberMatches(key: string, matched: number[]): void {
    if (matched.length > MATCHES_HELD_MAX / 4) return;
    matchesByFilters.set(key, matched);
    matchesHeld += matched.length;
    for (const [oldest, positions] of matchesByFilters) {
      if (matchesHeld <= MATCHES_HELD_MAX) break;
      matchesByFilters.delete(oldest);
      matchesHeld -= positions.length;
    }
  }

  const placeList: Place[] = [];
  const place = (fields: Omit<Place, 'lower' | 'trigrams'>) => placeList.push({ ...fields, lower: fields.name.toLowerCase(), trigrams: space.encode(fields.name) });
  for (const [id, name, cityId, cityName, zoneId, zoneName] of places.locations) place({ kind: 'location', id, name, logo: null, cityId, cityName, zoneId, zoneName });
  for (const [id, name, cityId, cityName] of places.zones) place({ kind: 'zone', id, name, logo: null, cityId, cityName, zoneId: null, zoneName: null });
  for (const [id, name] of places.cities) place({ kind: 'city', id, name, logo: null, cityId: null, cityName: null, zoneId: null, zoneName: null });
  for (const [id, name, logo] of places.builders) place({ kind: 'builder', id, name, logo, cityId: null, cityName: null, zoneId: null, zoneName: null });

  /**
   * Where to look for names containing `part`: the posting list of its rarest inner trigram (a superset), null for
   * every name (a part without three word characters in a row), or empty when some trigram is in no name.
   */
  function candidateList(part: string, projectsOnly: boolean): Int32Array | null {
    const lists = projectsOnly ? projectPostings : postings;
    let shortest: Int32Array | undefined;
    for (let i = 0; i + 3 <= part.length; i += 1) {
      const gram = part.slice(i, i + 3);
      // Only grams of word characters are trigrams of a name's words; others cannot narrow.
      if (!/^[a-z0-9]{3}$/.test(gram)) continue;
      const id = space.idOf(gram);
      // A trigram no project name has (or only a place's): no name contains the part.
      const list = id === undefined ? undefined : lists[id];
      if (!list) return new Int32Array(0);
      if (!shortest || list.length < shortest.length) shortest = list;
    }
    return shortest ?? null;
  }

  /** Ascending positions of `list` (null: all) that pass `test`, stopping at `limit`. */
  function scan(list: Iterable<number> | null, test: Predicate, limit: number): number[] {
    const out: number[] = [];
    if (limit <= 0) return out;
    if (list) {
      for (const position of list) {
        if (test(position)) {
          out.push(position);
          if (out.length >= limit) break;
        }
      }
      return out;
    }
    for (let position = 0; position < size; position += 1) {
      if (test(position)) {
        out.push(position);
        if (out.length >= limit) break;
      }
    }
    return out;
  }

  interface NameMatcher {
    test: Predicate;
    /** How many names the scan looks at. */
    estimate: number;
    /** Ascending positions whose names match and that pass `accept`, the first `limit` (builder projects only: `projectsOnly`). */
    scan(accept: Predicate, limit: number, projectsOnly?: boolean): number[];
  }

  /** project-text-search.ts nameMatches: the name holds the word, or holds its first four letters and resembles it. */
  function nameMatcher(word: string): NameMatcher {
    const nearMiss = word.length > NEAR_MISS_STEM;
    const stem = word.slice(0, NEAR_MISS_STEM);
    const query = space.query(word);
    const test = (position: number) => {
      const lower = lowers[position] as string;
      if (lower.includes(word)) return true;
      if (!nearMiss || !lower.includes(stem)) return false;
      const name = encoded[position] as Int32Array;
      return space.upperBound(query, name) >= NAME_SIMILARITY && space.similarity(query, name) >= NAME_SIMILARITY;
    };
    const part = nearMiss ? stem : word;
    const list = candidateList(part, false);
    return {
      test,
      estimate: list ? list.length : size,
      scan: (accept, limit, projectsOnly = false) => scan(projectsOnly ? candidateList(part, true) : list, (position) => test(position) && accept(position), limit),
    };
  }

  /**
   * project-text-search.ts namesMatch (every word of three letters or more matches the name; none: nothing does),
   * the first `limit` in price order that pass `accept`.
   */
  function namesMatch(text: TextMatch, accept: Predicate, limit: number, projectsOnly = false): number[] {
    const words = text.mode === 'named' ? (text.match.matchName ? text.match.word.split(' ') : []) : text.words.filter((word) => word.matchName).map((word) => word.word);
    const matchers = words.filter((word) => word.length >= MIN_NAME_WORD).map(nameMatcher);
    const [first, ...rest] = matchers.sort((a, b) => a.estimate - b.estimate);
    if (!first) return [];
    return first.scan((position) => rest.every((matcher) => matcher.test(position)) && accept(position), limit, projectsOnly);
  }

  /** The entity arms of a word (project-text-search.ts entityArms): its places' and builders' projects, each list in price order. */
  function entityLists(match: WordMatch): number[][] {
    const of = (map: Map<number, number[]>, keys: number[]) => keys.flatMap((key) => (map.has(key) ? [map.get(key) as number[]] : []));
    return [...of(lists.location, match.locationIds), ...of(lists.zone, match.zoneIds), ...of(lists.city, match.cityIds), ...of(lists.builder, match.builderIds)];
  }

  function inEntities(match: WordMatch): Predicate {
    const [locations, zones, cities, builders] = [new Set(match.locationIds), new Set(match.zoneIds), new Set(match.cityIds), new Set(match.builderIds)];
    return (position) =>
      locations.has(locationIds[position] as number) ||
      zones.has(zoneIds[position] as number) ||
      cities.has(cityIds[position] as number) ||
      builders.has(builderIds[position] as number);
  }

  /** project-filters.ts catalogueWhere without text, for the filters the index holds; undefined for any other. */
  function filterPredicate(filters: CatalogueFilters): Predicate | undefined {
    const { cityId, zoneId, locationId, builderId, minPrice, maxPrice, startingPrice, bhk, propertyTypes, transaction, item, possession } = filters;
    const unsupported = [filters.ids, filters.brokerId, filters.uploader];
    if (unsupported.some((value) => value !== undefined)) return undefined;
    const tests: Predicate[] = [];
    // No project has place or builder -1 (a missing zone or builder is held as -1, and never equals an id asked for).
    if (cityId !== undefined) tests.push((position) => cityIds[position] === cityId);
    if (zoneId !== undefined) tests.push((position) => zoneIds[position] === zoneId);
    if (locationId !== undefined) tests.push((position) => locationIds[position] === locationId);
    if (builderId !== undefined) tests.push((position) => builderIds[position] === builderId);
    if (item !== undefined) tests.push((position) => (isProject[position] === 1) === (item === 'project'));
    // NaN (no price) compares false, as NULL does.
    if (maxPrice !== undefined) tests.push((position) => (minPrices[position] as number) <= maxPrice);
    if (minPrice !== undefined) tests.push((position) => ((startingPrice ? minPrices : maxPrices)[position] as number) >= minPrice);
    if (propertyTypes?.length) {
      const wanted = new Set<string>(propertyTypes);
      tests.push((position) => wanted.has(types[position] as string));
    }
    if (transaction !== undefined) tests.push((position) => transactions[position] === transaction);
    // project-filters.ts possessionIs, against the database's date at the build (validUntil: the service rebuilds
    // when that date has passed). A missing date (NaN) compares false, as NULL does.
    const { today } = places;
    if (possession === 'ready') tests.push((position) => (possessionDays[position] as number) <= today || (Number.isNaN(possessionDays[position]) && transactions[position] === 'Resale'));
    if (possession === 'upcoming') tests.push((position) => upcoming[position] === 1);
    if (possession === 'under-construction') tests.push((position) => (possessionDays[position] as number) > today && upcoming[position] === 0);
    if (bhk?.length) {
      const wanted = new Set(bhk.map(String));
      tests.push((position) =>
        (unitsOf[position] ?? []).some(([type, unitMin, unitMax]) => wanted.has(type) && (maxPrice === undefined || unitMin <= maxPrice) && (minPrice === undefined || unitMax >= minPrice)),
      );
    }
    return (position) => tests.every((test) => test(position));
  }

  /** The first `limit` positions of an ascending list that pass. */
  function firstOf(list: readonly number[], test: Predicate, limit: number): number[] {
    const out: number[] = [];
    for (const position of list) {
      if (out.length >= limit) break;
      if (test(position)) out.push(position);
    }
    return out;
  }

  /** A sorted union of position lists, the first `limit`. */
  function union(parts: number[][], limit: number): number[] {
    const nonEmpty = parts.filter((part) => part.length > 0);
    if (nonEmpty.length <= 1) return (nonEmpty[0] ?? []).slice(0, limit);
    const total = nonEmpty.reduce((sum, part) => sum + part.length, 0);
    if (total < 4_096) return [...new Set(nonEmpty.flat())].sort((a, b) => a - b).slice(0, limit);
    // A whole city's listing unions tens of thousands: marking and sweeping the positions beats sorting them.
    for (const part of nonEmpty) for (const position of part) marks[position] = 1;
    const out: number[] = [];
    for (let position = 0; position < size; position += 1) {
      if (marks[position] === 1) {
        marks[position] = 0;
        if (out.length < limit) out.push(position);
      }
    }
    return out;
  }

  /** Every position passing `where`, ascending: from the shortest list of a place or builder asked for, else all. */
  function matchingPlaces(filters: CatalogueFilters, where: Predicate): number[] {
    const keyed: [Map<number, number[]>, number | undefined][] = [
      [lists.city, filters.cityId],
      [lists.zone, filters.zoneId],
      [lists.location, filters.locationId],
      [lists.builder, filters.builderId],
    ];
    let shortest: number[] | null = null;
    for (const [map, key] of keyed) {
      if (key === undefined) continue;
      const list = map.get(key) ?? [];
      if (!shortest || list.length < shortest.length) shortest = list;
    }
    return scan(shortest, where, Number.POSITIVE_INFINITY);
  }

  /** Of `matched` (ascending positions, all), the slice [offset, offset + limit) in `order`, as positions. */
  function ordered(matched: number[], order: IndexOrder, offset: number, limit: number): number[] {
    if (order === 'price_asc') return matched.slice(offset, offset + limit);
    const { byRank, rankOf } = order === 'price_desc' ? priceDesc : newest;
    const end = offset + limit;
    // A dense match (most of a city) is cheapest to find by walking the order; a sparse one by sorting its ranks.
    if (matched.length * 8 >= size) {
      for (const position of matched) marks[position] = 1;
      const out: number[] = [];
      let seen = 0;
      for (let rank = 0; rank < size && seen < end; rank += 1) {
        const position = byRank[rank] as number;
        if (marks[position] !== 1) continue;
        if (seen >= offset) out.push(position);
        seen += 1;
      }
      for (const position of matched) marks[position] = 0;
      return out;
    }
    const ranks = Int32Array.from(matched, (position) => rankOf[position] as number).sort();
    return Array.from(ranks.subarray(offset, end), (rank) => byRank[rank] as number);
  }

  /** projects.repository publicSpec(filters, 'price_asc', { offset: 0, limit }): the properties page. */
  function properties(text: TextMatch | undefined, where: Predicate, limit: number): number[] {
    if (!text) return scan(null, where, limit);
    if (text.mode === 'named') {
      // One arm per place or builder (each its own price order) and one of names: their union, re-sorted.
      const arms = entityLists(text.match).map((list) => firstOf(list, where, limit));
      return union([...arms, namesMatch(text, where, limit)], limit);
    }
    // Every word must match, by name or by what it named: candidates from the word with the fewest, checked against all.
    const perWord = text.words.map((word) => {
      const byName = word.matchName ? nameMatcher(word.word) : undefined;
      const entities = inEntities(word);
      const lists = entityLists(word);
      return {
        byName,
        lists,
        test: (position: number) => entities(position) || (byName?.test(position) ?? false),
        estimate: (byName?.estimate ?? 0) + lists.reduce((sum, list) => sum + list.length, 0),
      };
    });
    const all = (position: number) => where(position) && perWord.every(({ test }) => test(position));
    const source = perWord.sort((a, b) => a.estimate - b.estimate)[0];
    if (!source) return [];
    return union([...source.lists.map((list) => firstOf(list, all, limit)), source.byName ? source.byName.scan(all, limit) : []], limit);
  }

  /** Name tiers of projects.repository rankedByNameSpec: starts with the text, a word does, contains it, resembles it. */
  function tier(lower: string, text: string): number {
    if (lower.startsWith(text)) return 0;
    if (lower.includes(` ${text}`)) return 1;
    if (lower.includes(text.toLowerCase())) return 2;
    return 3;
  }

  function suggestions(text: TextMatch | undefined, where: Predicate, rankText: string, limit: number): number[] {
    if (!text || limit <= 0) return [];
    const byTier: number[][] = [[], [], [], []];
    for (const position of namesMatch(text, (candidate) => isProject[candidate] === 1 && where(candidate), Number.POSITIVE_INFINITY, true)) {
      byTier[tier(lowers[position] as string, rankText)]?.push(position);
    }
    // Similarity decides only within a tier, so it is computed only for the tiers the page reaches, and within one
    // best bound first: a name whose bound (TrigramSpace.upperBound) cannot beat the last kept one is not computed.
    const query = space.query(rankText);
    const out: number[] = [];
    for (const positions of byTier) {
      const need = limit - out.length;
      if (need <= 0) break;
      // A small tier is ranked outright; the bounds pay only where there are many to skip.
      const bounded = positions.map((position) => ({ position, bound: positions.length <= need * 4 ? 1 : space.upperBound(query, encoded[position] as Int32Array), id: ids[position] as number }));
      bounded.sort((a, b) => b.bound - a.bound || a.id - b.id);
      const kept: { position: number; similarity: number; id: number }[] = [];
      for (const candidate of bounded) {
        const last = kept.length >= need ? kept[need - 1] : undefined;
        if (last && (candidate.bound < last.similarity || (candidate.bound === last.similarity && candidate.id > last.id))) break;
        kept.push({ ...candidate, similarity: space.similarity(query, encoded[candidate.position] as Int32Array) });
        kept.sort((a, b) => b.similarity - a.similarity || a.id - b.id);
        if (kept.length > need) kept.length = need;
      }
      for (const { position } of kept) out.push(position);
    }
    return out;
  }

  const plainText = (text: TextMatch | undefined): boolean =>
    !text || (text.mode === 'named' ? isPlainWord(text.match.word) : text.words.every((word) => isPlainWord(word.word)));

  return {
    size,
    validUntil: places.nextDayAt,

    resolveWords(words, wholeText) {
      if (!words.every(isPlainWord) || !isPlainWord(wholeText)) return undefined;
      const hits: WordHit[] = [];
      const whole = space.query(wholeText);
      words.forEach((word, index) => {
        const query = space.query(word);
        for (const candidate of placeList) {
          const contains = candidate.lower.includes(word);
          if (!contains && (space.upperBound(query, candidate.trigrams) < PLACE_SIMILARITY || space.similarity(query, candidate.trigrams) < PLACE_SIMILARITY)) continue;
          hits.push({
            index,
            kind: candidate.kind,
            id: candidate.id,
            name: candidate.name,
            exact: candidate.lower === word,
            contains,
            score: space.similarity(whole, candidate.trigrams),
            logo: candidate.logo,
            cityId: candidate.cityId,
            cityName: candidate.cityName,
            zoneId: candidate.zoneId,
            zoneName: candidate.zoneName,
          });
        }
      });
      return hits;
    },

    search(filters, text, limits) {
      const { text: match, ...rest } = filters;
      if (!plainText(match) || !isPlainWord(text)) return undefined;
      const where = filterPredicate(rest);
      const projectsOnly = filterPredicate({ ...rest, item: 'project' });
      if (!where || !projectsOnly) return undefined;
      const toIds = (positions: number[]) => positions.map((position) => ids[position] as number);
      return {
        suggestions: toIds(suggestions(match, projectsOnly, text, limits.suggestions)),
        properties: toIds(properties(match, where, limits.properties)),
      };
    },

    list(filters, order, { offset, limit }) {
      const { text, ...rest } = filters;
      if (!plainText(text)) return undefined;
      const where = filterPredicate(rest);
      if (!where) return undefined;
      // Only what decides the matches (not the order or the window); CatalogueFilters is plain data built in one order.
      const key = JSON.stringify(filters);
      let matched = matchesByFilters.get(key);
      if (!matched) {
        matched = text ? properties(text, where, Number.POSITIVE_INFINITY) : matchingPlaces(rest, where);
        rememberMatches(key, matched);
      }
      return { ids: ordered(matched, order, offset, limit).map((position) => ids[position] as number), total: matched.length };
    },
  };
}

/** A permutation of positions by `compare`, and each position's rank in it. */
function orderOf(size: number, compare: (a: number, b: number) => number): { byRank: Int32Array; rankOf: Int32Array } {
  const byRank = Int32Array.from({ length: size }, (_, position) => position).sort(compare);
  const rankOf = new Int32Array(size);
  byRank.forEach((position, rank) => {
    rankOf[position] = rank;
  });
  return { byRank, rankOf };
}

/** Trigram id -> the positions whose name has it, ascending (counted first, so each list is one typed array). */
function postingLists(encoded: Int32Array[], trigrams: number, include: (position: number) => boolean): Int32Array[] {
  const counts = new Int32Array(trigrams);
  const seen = new Int32Array(trigrams).fill(-1);
  encoded.forEach((name, position) => {
    if (!include(position)) return;
    for (const id of name) {
      if (seen[id] === position) continue;
      seen[id] = position;
      counts[id] = (counts[id] as number) + 1;
    }
  });
  const lists = Array.from(counts, (count) => new Int32Array(count));
  const filled = new Int32Array(trigrams);
  seen.fill(-1);
  encoded.forEach((name, position) => {
    if (!include(position)) return;
    for (const id of name) {
      if (seen[id] === position) continue;
      seen[id] = position;
      (lists[id] as Int32Array)[filled[id] as number] = position;
      filled[id] = (filled[id] as number) + 1;
    }
  });
  return lists;
}
