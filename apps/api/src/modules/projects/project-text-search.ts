import { schema } from '@nivaas/db';
import { type AnyPgColumn, and, eq, inArray, or, type SQL, sql } from '@nivaas/db/orm';
import { containsPattern } from '../../lib/like-pattern';

const { projects } = schema;

/* Free text against the catalogue, for the projects repository: what a word names, and the SQL by which a project
   answers it (its own name, or the places and builder the word named). */

/**
 * One word of a visitor's free text and what it was found to name: a project matches the word when
 * its own name does, or when its locality, zone, city or builder is among the ones the word named
 * (resolved beforehand against those small tables, typos forgiven).
 */
export interface WordMatch {
  word: string;
  /** Trigram indexes need three letters; shorter words only name places and builders. */
  matchName: boolean;
  locationIds: number[];
  zoneIds: number[];
  cityIds: number[];
  builderIds: number[];
}

/**
 * What free text matched, resolved before the query runs:
 * - `named`: one set of localities, zones, cities or builders answers every word ('hsr layout',
 *   'kaveri crest'), so the text is about them: their projects, plus projects whose own name holds the
 *   text. Each is an index range in price order, so a page reads about a page of rows.
 * - `words`: otherwise every word must match on its own (its name or its places), e.g. 'godrej whitefield'.
 */
export type TextMatch = { mode: 'named'; match: WordMatch } | { mode: 'words'; words: WordMatch[] };

/**
 * A locality, zone, city or public builder that word `index` of a resolveWords() call names, with
 * what ranking a suggestion needs: whether the name is exactly the word, and how similar it is to
 * the whole text (pg_trgm word_similarity). Localities and zones carry their city (and zone).
 */
export type WordHit = {
  index: number;
  kind: 'location' | 'zone' | 'city' | 'builder';
  id: number;
  name: string;
  exact: boolean;
  /** The name contains the word (rather than only resembling it). */
  contains: boolean;
  score: number;
  logo: string | null;
  cityId: number | null;
  cityName: string | null;
  zoneId: number | null;
  zoneName: string | null;
};

/** pg_trgm's own default for word similarity (`<%`): below it a name only shares some letters. */
const NAME_SIMILARITY = 0.6;
/** How many leading letters a near miss must share; a word no longer than this has no near misses. */
const NEAR_MISS_STEM = 4;

/**
 * A name holds the word, or nearly: it holds the word's first four letters and is trigram-similar to
 * the word ('lakeside' finds 'Lakesid Gardens'). Why the stem: the `<%` operator over the trigram
 * index must read the posting lists of every trigram of the word, and short common ones (' ba', 'ban')
 * are thousands of rows long; ILIKE on the stem lets the index narrow first and the similarity is
 * computed on that handful. Typos mostly fall after the first letters of a word.
 */
function nameMatches(word: string): SQL {
  const contains = sql`${projects.name} ilike ${containsPattern(word)}`;
  if (word.length <= NEAR_MISS_STEM) return contains;
  const nearMiss = sql`(${projects.name} ilike ${containsPattern(word.slice(0, NEAR_MISS_STEM))} and word_similarity(${word}, ${projects.name}) >= ${NAME_SIMILARITY})`;
  return or(contains, nearMiss) as SQL;
}

/** The alternative ways a project answers a word: its name, or one of the places or builders it named. */
function entityArms({ locationIds, zoneIds, cityIds, builderIds }: WordMatch): SQL[] {
  const arms: SQL[] = [];
  if (locationIds.length > 0) arms.push(inArray(projects.locationId, locationIds));
  if (zoneIds.length > 0) arms.push(inArray(projects.zoneId, zoneIds));
  if (cityIds.length > 0) arms.push(inArray(projects.cityId, cityIds));
  if (builderIds.length > 0) arms.push(inArray(projects.builderId, builderIds));
  return arms;
}

/**
 * Up to this many named places or builders of one kind, a page takes one arm per id rather than one per kind.
 * Why (issue 16, EXPLAIN at 100,000 projects): `builder_id = any('{43,63}') order by min_price` has no index in
 * that order, so PostgreSQL read both builders' 1,069 public projects and sorted them for 30; `builder_id = 43
 * order by min_price` is a range of its own price index, so two arms read 2 x 30 rows. Each arm keeps its best
 * offset + limit and the union is sorted again, so the page holds the same rows. Beyond 8 ids the planning of one
 * arm per id cost more than it saved (decision 025).
 */
const ARM_PER_ID_UP_TO = 8;

/** entityArms for a page: the same rows, in arms each of which an index can walk in order. */
export function entityPageArms(match: WordMatch): SQL[] {
  const arms: SQL[] = [];
  const add = (column: AnyPgColumn, ids: number[]) => {
    if (ids.length > ARM_PER_ID_UP_TO) arms.push(inArray(column, ids));
    else for (const id of ids) arms.push(eq(column, id));
  };
  add(projects.locationId, match.locationIds);
  add(projects.zoneId, match.zoneIds);
  add(projects.cityId, match.cityIds);
  add(projects.builderId, match.builderIds);
  return arms;
}

/** The alternative ways a project answers a word: its name, or one of the places or builders it named. */
function armsOf(match: WordMatch): SQL[] {
  return [...(match.matchName ? [nameMatches(match.word)] : []), ...entityArms(match)];
}

function anyOf(arms: SQL[]): SQL {
  return arms.length > 0 ? (or(...arms) as SQL) : sql`false`;
}

/**
 * Named text matches as a page's arms do (projects.repository publicSpec): the named places' and builders' projects,
 * or a name holding every word. It matched the whole phrase's near misses here before, so a results page's total
 * could count a project none of its pages showed (found by catalogue-index.test.ts, issue 16).
 */
export function textMatches(text: TextMatch): SQL {
  if (text.mode === 'named') return anyOf([...(text.match.matchName ? [namesMatch(text)] : []), ...entityArms(text.match)]);
  return and(...text.words.map((word) => anyOf(armsOf(word)))) as SQL;
}

/** Words shorter than this are too short for the trigram index to narrow anything. */
export const MIN_NAME_WORD = 3;

/**
 * Projects whose own names answer the text: every word of it (of three letters or more) is in the
 * name, or nearly. Word by word rather than the whole phrase: a phrase's near misses ('hsr layout'
 * resembles every '... Layout') are many and weak, while each word's matches intersect to few.
 */
export function namesMatch(text: TextMatch): SQL {
  const words = text.mode === 'named' ? (text.match.matchName ? text.match.word.split(' ') : []) : text.words.filter((word) => word.matchName).map((word) => word.word);
  const named = words.filter((word) => word.length >= MIN_NAME_WORD).map(nameMatches);
  return named.length > 0 ? (and(...named) as SQL) : sql`false`;
}
