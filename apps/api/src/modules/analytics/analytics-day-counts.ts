import type { AnalyticsRepository, Counted, DayCountsDoc, DayMark, RankedCandidates } from './analytics.repository';

const DAY_MS = 86_400_000;
/** Days since 1970-01-01 of a 'YYYY-MM-DD' day. */
const dayNumber = (day: string) => Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
const dayText = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
/**
 * Days read by one statement of the first read, so that other statements get the (embedded) connection between
 * (the visitor gaps are found by scanning their key index: fewer, larger statements).
 */
const FIRST_READ_DAYS = 31;

/**
 * One ranked list's counts per key and day (slot = day - floor), with running totals made when a rank needs them
 * after a change: a range's count is then two reads per key.
 */
class DailyCounts<K> {
  readonly counts = new Map<K, Float64Array>();
  private totals = new Map<K, Float64Array>();
  private dirty = false;

  constructor(private readonly slots: number) {}

  clearSlot(slot: number): void {
    for (const days of this.counts.values()) days[slot] = 0;
    this.dirty = true;
  }

  add(key: K, slot: number, n: number): void {
    let days = this.counts.get(key);
    if (days === undefined) {
      days = new Float64Array(this.slots);
      this.counts.set(key, days);
    }
    days[slot] = (days[slot] ?? 0) + n;
    this.dirty = true;
  }

  /** Each key's count over slots [first, last]. */
  *sums(first: number, last: number): Generator<[K, number]> {
    if (this.dirty) {
      this.totals = new Map();
      for (const [key, days] of this.counts) {
        const running = new Float64Array(this.slots + 1);
        for (let slot = 0; slot < this.slots; slot += 1) running[slot + 1] = running[slot]! + days[slot]!;
        this.totals.set(key, running);
      }
      this.dirty = false;
    }
    for (const [key, running] of this.totals) yield [key, running[last + 1]! - running[first]!];
  }

  get(key: K, first: number, last: number): number {
    const days = this.counts.get(key);
    if (days === undefined) return 0;
    let total = 0;
    for (let slot = first; slot <= last; slot += 1) total += days[slot]!;
    return total;
  }
}

/** Keys with a count > 0 that reaches the top-th largest (ties with it included), largest first. */
function candidatesOf<K>(sums: Iterable<[K, number]>, top: number): [K, number][] {
  const positive = [...sums].filter(([, n]) => n > 0).sort((a, b) => b[1] - a[1]);
  if (positive.length <= top) return positive;
  const floor = positive[top - 1]![1];
  return positive.filter(([, n]) => n >= floor);
}

interface Kept {
  floor: number;
  slots: number;
  project: DailyCounts<string>;
  city: DailyCounts<string>;
  search: DailyCounts<string>;
  zero: DailyCounts<string>;
  locality: DailyCounts<number>;
  /** `${dimension} ${key}` -> [day, previous day (-Infinity: none), visitors, day, ...] */
  gaps: Map<string, number[]>;
}

const gapKey = (dimension: string, key: string) => `${dimension} ${key}`;

export interface AnalyticsDayCountsOptions {
  repository: AnalyticsRepository;
  /** India's day today ('YYYY-MM-DD'). */
  today: () => string;
  /** Days kept before today (ranges starting earlier are read in SQL). */
  keepDays?: number;
}

/**
 * The overview's ranked lists over a custom range, counted in the API process (decision 043). Keeps, per India day
 * from a floor (today - keepDays at the first read), the counts nivaas_analytics_ranked sums over a range: the
 * listings' views, cities' page views, searches and searches that found nothing (daily rollups), the localities'
 * views (tracking_locality_views), and the visitor gaps of the site, the listings and the cities. A range's counts
 * are then running totals' differences; the statement that names the top keys also returns the day marks (migration
 * 0026) since the counts' watermark, and a day whose mark this copy has not read is read again (the caller retries).
 * Nothing here is an answer: the counts are the database's rows, and every answer is made from them and the
 * statement's rows.
 */
export function createAnalyticsDayCounts({ repository, today, keepDays = 120 }: AnalyticsDayCountsOptions) {
  let kept: Kept | null = null;
  let watermark = '0';
  /** The version of each marked day this copy has read. */
  let read = new Map<string, string>();
  /** Bumped by every read, so a rank made before one is not checked against marks read after it. */
  let generation = 0;
  let reading: Promise<void> | null = null;

  function emptyKept(floor: number): Kept {
    // Room for the kept days, 60 days ahead, and the days before the next full read (see ready).
    const slots = keepDays + 60;
    return { floor, slots, project: new DailyCounts(slots), city: new DailyCounts(slots), search: new DailyCounts(slots), zero: new DailyCounts(slots), locality: new DailyCounts(slots), gaps: new Map() };
  }

  /** Replaces the days the document read with its counts; records the marks of those days. */
  function apply(into: Kept, doc: DayCountsDoc): void {
    const inRange = (day: number) => day >= into.floor && day < into.floor + into.slots;
    const days = new Set(doc.days.filter(inRange));
    for (const day of days) {
      const slot = day - into.floor;
      for (const list of [into.project, into.city, into.search, into.zero]) list.clearSlot(slot);
      into.locality.clearSlot(slot);
    }
    if (days.size > 0) {
      for (const [id, list] of into.gaps) {
        const left: number[] = [];
        for (let i = 0; i < list.length; i += 3) if (!days.has(list[i]!)) left.push(list[i]!, list[i + 1]!, list[i + 2]!);
        into.gaps.set(id, left);
      }
    }
    for (const [dimension, key, day, n] of doc.rollups) {
      if (!days.has(day)) continue;
      const list = dimension === 'project' ? into.project : dimension === 'city' ? into.city : dimension === 'search' ? into.search : into.zero;
      list.add(key, day - into.floor, Number(n));
    }
    for (const [locationId, day, views] of doc.localities) if (days.has(day)) into.locality.add(Number(locationId), day - into.floor, Number(views));
    for (const [dimension, key, day, previous, visitors] of doc.gaps) {
      if (!days.has(day)) continue;
      const id = gapKey(dimension, key);
      const list = into.gaps.get(id) ?? [];
      list.push(day, previous === null ? -Infinity : previous, Number(visitors));
      into.gaps.set(id, list);
    }
    for (const mark of doc.marks) if (mark.day !== 'infinity' && days.has(dayNumber(mark.day))) read.set(mark.day, mark.version);
  }

  /** Every day from today - keepDays, a few days a statement; the watermark is the first statement's xmin. */
  async function readAll(): Promise<void> {
    const floor = dayNumber(today()) - keepDays;
    const fresh = emptyKept(floor);
    read = new Map();
    let first: string | null = null;
    // Up to tomorrow (India's day may turn during the read); later days come with their marks.
    const end = dayNumber(today()) + 2;
    for (let from = floor; from < end; from += FIRST_READ_DAYS) {
      const days: string[] = [];
      for (let day = from; day < Math.min(from + FIRST_READ_DAYS, end); day += 1) days.push(dayText(day));
      const doc = await repository.dayCounts(dayText(floor), days, '0', true);
      if (first === null) {
        first = doc.xmin;
        const truncated = doc.marks.find((mark) => mark.day === 'infinity');
        if (truncated !== undefined) read.set('infinity', truncated.version);
      }
      apply(fresh, doc);
    }
    kept = fresh;
    watermark = first ?? '0';
  }

  /** The days asked and every day marked since the watermark, in one statement (all of them after a truncation). */
  async function readSome(days: readonly string[]): Promise<void> {
    if (kept === null) return readAll();
    const doc = await repository.dayCounts(dayText(kept.floor), days, watermark);
    apply(kept, doc);
    watermark = doc.xmin;
  }

  /** One read at a time: a read asked while another runs waits for it. */
  function serialised(run: () => Promise<void>): Promise<void> {
    const next = (reading ?? Promise.resolve()).then(run, run).finally(() => {
      generation += 1;
    });
    const settled = next.finally(() => {
      if (reading === settled) reading = null;
    });
    reading = settled;
    return settled;
  }

  return {
    /** Reads every day from the floor on first use, and again once the floor is far behind today. */
    async ready(): Promise<void> {
      if (kept === null || dayNumber(today()) - kept.floor > keepDays + 30) {
        const before = kept;
        await (reading ?? Promise.resolve());
        if (kept === before) await serialised(readAll);
      }
    },

    /** Whether every day of the range is kept. */
    covers(from: string, to: string): boolean {
      return kept !== null && dayNumber(from) >= kept.floor && dayNumber(to) < kept.floor + kept.slots;
    },

    generation: () => generation,

    /** The candidates of each ranked list over [from, to] (every day kept: see covers), and the counts' watermark. */
    rank(from: string, to: string, top: number): Counted {
      const at = kept!;
      const firstDay = dayNumber(from);
      const first = firstDay - at.floor;
      const last = Math.min(dayNumber(to) - at.floor, at.slots - 1);
      // A visitor is in the range once: on their one day there whose previous day of the key is before it (039).
      const visitors = (dimension: string, key: string) => {
        const list = at.gaps.get(gapKey(dimension, key));
        if (list === undefined) return 0;
        let total = 0;
        const lastDay = last + at.floor;
        for (let i = 0; i < list.length; i += 3) if (list[i]! >= firstDay && list[i]! <= lastDay && list[i + 1]! < firstDay) total += list[i + 2]!;
        return total;
      };
      const empty = last < first;
      const top_ = <K>(list: DailyCounts<K>) => (empty ? [] : candidatesOf(list.sums(first, last), top));
      const candidates: RankedCandidates = {
        visitors: visitors('total', ''),
        projects: top_(at.project).map(([key, views]) => ({ key, views, visitors: visitors('project', key) })),
        localities: top_(at.locality).map(([locationId, views]) => ({ locationId, views })),
        cities: top_(at.city).map(([key, views]) => ({ key, views, visitors: visitors('city', key) })),
        searches: top_(at.search).map(([key, count]) => ({ key, count, zeroResults: empty ? 0 : at.zero.get(key, first, last) })),
        zeroResultSearches: top_(at.zero).map(([key, count]) => ({ key, count })),
      };
      return { candidates, watermark };
    },

    /**
     * The marked days (as the statement that used a rank saw them) this copy has not read, or null when the rank was
     * made from current counts. A read between the rank and now (another generation) makes the rank stale too.
     */
    stale(marks: readonly DayMark[], rankedAt: number): string[] | null {
      const keeps = (day: number) => kept !== null && day >= kept.floor && day < kept.floor + kept.slots;
      const unread = marks.filter((mark) => (mark.day === 'infinity' || keeps(dayNumber(mark.day))) && read.get(mark.day) !== mark.version);
      if (unread.length === 0 && rankedAt === generation) return null;
      return unread.map((mark) => mark.day);
    },

    /** Reads the days again, and any other day marked since (every day when a truncation is marked). */
    async refresh(stale: readonly string[]): Promise<void> {
      const days = stale.filter((day) => day !== 'infinity');
      await serialised(stale.includes('infinity') ? readAll : () => readSome(days));
    },
  };
}

export type AnalyticsDayCounts = ReturnType<typeof createAnalyticsDayCounts>;
