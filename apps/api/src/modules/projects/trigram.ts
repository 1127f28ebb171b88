/**
 * pg_trgm's `word_similarity()` in JavaScript, for the in-process catalogue index (catalogue-index.ts, decision 031):
 * the typeahead ranks and filters names by it, and the index must answer exactly what the SQL path answers.
 *
 * The algorithm is pg_trgm's (contrib/pg_trgm/trgm_op.c: generate_trgm_only, calc_word_similarity,
 * iterate_word_similarity, without the strict and check-only flags): words are runs of letters and digits,
 * lower-cased, each padded with two spaces before and one after; the word similarity is the best
 * `common / (|trigrams of a| + |trigrams of the extent| - common)` over continuous extents of b's trigrams that
 * start and end on a trigram of a. Results are rounded to float4 as PostgreSQL's `real` is.
 *
 * A word character is a Unicode letter or digit, as in a database whose LC_CTYPE is a UTF-8 locale (PostgreSQL's
 * C.UTF-8 here); callers send words with other than printable ASCII to SQL (isPlainWord) so a C-locale database
 * cannot disagree with it on the query side.
 *
 * Names are encoded once (TrigramSpace.encode: trigram ids), so comparing a word with thousands of names allocates
 * nothing: on the bench's typeahead this is most of what search computes.
 */

const WORD_CHAR = /[\p{L}\p{N}]/u;

function isWordChar(code: number, char: string): boolean {
  if (code < 128) return (code >= 48 && code <= 57) || (code >= 97 && code <= 122) || (code >= 65 && code <= 90);
  return WORD_CHAR.test(char);
}

/** The trigrams of a text in order, duplicates kept (generate_trgm_only). */
export function trigramsOf(text: string): string[] {
  const lower = text.toLowerCase();
  const out: string[] = [];
  let start = -1;
  const flush = (end: number) => {
    const word = lower.slice(start, end);
    const chars = /[\uD800-\uDFFF]/.test(word) ? Array.from(word) : null;
    if (chars) {
      const padded = [' ', ' ', ...chars, ' '];
      for (let i = 0; i + 2 < padded.length; i += 1) out.push(`${padded[i]}${padded[i + 1]}${padded[i + 2]}`);
    } else {
      const padded = `  ${word} `;
      for (let i = 0; i + 3 <= padded.length; i += 1) out.push(padded.slice(i, i + 3));
    }
    start = -1;
  };
  for (let i = 0; i < lower.length; i += 1) {
    const code = lower.charCodeAt(i);
    // A surrogate pair is one character: judge it whole.
    const pair = code >= 0xd800 && code <= 0xdbff && i + 1 < lower.length;
    const char = pair ? lower.slice(i, i + 2) : (lower[i] as string);
    const word = isWordChar(code, char);
    if (word && start < 0) start = i;
    if (!word && start >= 0) flush(i);
    if (pair) i += 1;
  }
  if (start >= 0) flush(lower.length);
  return out;
}

/** True when every character is printable ASCII: the words the index may judge without the database's locale. */
export function isPlainWord(text: string): boolean {
  return /^[\x20-\x7e]*$/.test(text);
}

/** A word prepared for comparing with many encoded names. */
export interface TrigramQuery {
  /** Distinct trigrams of the word. */
  readonly distinct: number;
  /** Ids of its distinct trigrams that some encoded name has (the others can match nothing). */
  readonly known: Int32Array;
}

/** Trigram ids shared by every name encoded into it, and word_similarity over them. */
export class TrigramSpace {
  private readonly ids = new Map<string, number>();
  private mark = new Int32Array(0);
  private markStamp = 0;
  private lastPos = new Int32Array(0);
  private lastStamp = new Int32Array(0);
  private stamp = 0;

  get size(): number {
    return this.ids.size;
  }

  /** The trigram ids of a name, in order (new trigrams get new ids). */
  encode(text: string): Int32Array {
    const trigrams = trigramsOf(text);
    const out = new Int32Array(trigrams.length);
    trigrams.forEach((trigram, i) => {
      let id = this.ids.get(trigram);
      if (id === undefined) {
        id = this.ids.size;
        this.ids.set(trigram, id);
      }
      out[i] = id;
    });
    return out;
  }

  /** The id of a trigram some name has, or undefined. */
  idOf(trigram: string): number | undefined {
    return this.ids.get(trigram);
  }

  query(word: string): TrigramQuery {
    const distinct = new Set(trigramsOf(word));
    const known = [...distinct].flatMap((trigram) => {
      const id = this.ids.get(trigram);
      return id === undefined ? [] : [id];
    });
    return { distinct: distinct.size, known: Int32Array.from(known) };
  }

  /**
   * How many of the word's distinct trigrams the name has: word_similarity is at most this over `word.distinct`
   * (an extent shares at most these, and has at least as many trigrams as it shares), so callers skip names that
   * cannot reach a threshold or a ranking without the quadratic search for the best extent.
   */
  upperBound(word: TrigramQuery, name: Int32Array): number {
    if (word.distinct === 0 || word.known.length === 0) return 0;
    this.ensure();
    this.markStamp += 1;
    const stamp = this.markStamp;
    for (const id of word.known) this.mark[id] = stamp;
    let found = 0;
    for (const id of name) {
      if (this.mark[id] === stamp) {
        found += 1;
        // Counted once: unmark.
        this.mark[id] = 0;
      }
    }
    return Math.fround(found / word.distinct);
  }

  /** `word_similarity(word, name)` for a prepared word and an encoded name. */
  similarity(word: TrigramQuery, name: Int32Array): number {
    const ulen1 = word.distinct;
    if (ulen1 === 0 || name.length === 0 || word.known.length === 0) return 0;
    this.ensure();
    // Stamps tell this call's marks from earlier ones without clearing; start over before they overflow an int32.
    if (this.stamp > 0x3fffffff || this.markStamp > 0x3fffffff) {
      this.mark.fill(0);
      this.lastStamp.fill(0);
      this.markStamp = 0;
      this.stamp = 0;
    }
    // found(id): the trigram is one of the word's.
    this.markStamp += 1;
    const stampFound = this.markStamp;
    for (const id of word.known) this.mark[id] = stampFound;
    // lastpos(id), -1 when unset this call.
    this.stamp += 1;
    const stamp = this.stamp;
    const mark = this.mark;
    const lastPos = this.lastPos;
    const lastStamp = this.lastStamp;
    const last = (id: number) => (lastStamp[id] === stamp ? (lastPos[id] as number) : -1);
    const setLast = (id: number, value: number) => {
      lastStamp[id] = stamp;
      lastPos[id] = value;
    };
    let ulen2 = 0;
    let count = 0;
    let lower = -1;
    let best = 0;
    const calc = (common: number, len2: number) => Math.fround(common / (ulen1 + len2 - common));
    for (let i = 0; i < name.length; i += 1) {
      const id = name[i] as number;
      const found = mark[id] === stampFound;
      if (lower >= 0 || found) {
        if (last(id) < 0) {
          ulen2 += 1;
          if (found) count += 1;
        }
        setLast(id, i);
      }
      if (!found) continue;
      const upper = i;
      if (lower === -1) {
        lower = i;
        ulen2 = 1;
      }
      let current = calc(count, ulen2);
      // Also try moving the lower bound up for a greater similarity.
      let tmpCount = count;
      let tmpUlen2 = ulen2;
      const previousLower = lower;
      for (let tmpLower = lower; tmpLower <= upper; tmpLower += 1) {
        const candidate = calc(tmpCount, tmpUlen2);
        if (candidate > current) {
          current = candidate;
          ulen2 = tmpUlen2;
          lower = tmpLower;
          count = tmpCount;
        }
        const tmpId = name[tmpLower] as number;
        if (last(tmpId) === tmpLower) {
          tmpUlen2 -= 1;
          if (mark[tmpId] === stampFound) tmpCount -= 1;
        }
      }
      if (current > best) best = current;
      for (let tmpLower = previousLower; tmpLower < lower; tmpLower += 1) {
        const tmpId = name[tmpLower] as number;
        if (last(tmpId) === tmpLower) setLast(tmpId, -1);
      }
    }
    return best;
  }

  /** Per-id scratch arrays as large as the dictionary. */
  private ensure(): void {
    const size = this.ids.size;
    if (this.mark.length >= size) return;
    this.mark = new Int32Array(size);
    this.lastPos = new Int32Array(size);
    this.lastStamp = new Int32Array(size);
    this.markStamp = 0;
    this.stamp = 0;
  }
}

/** `word_similarity(a, b)` for two texts (tests, and one-off comparisons). */
export function wordSimilarity(a: string, b: string): number {
  const space = new TrigramSpace();
  const name = space.encode(b);
  return space.similarity(space.query(a), name);
}
