import { randomBytes } from 'node:crypto';
import type { Project, ProjectDetail } from '@nivaas/contracts/project.schema';
import { groupBy } from '../../lib/group-by';
import { type PlaceNameMaps, toProject, toProjectDetail, withNames } from './projects.mapper';
import type { LoadedPages } from './projects.repository';

/*
 * Decision 044: every public project's card (the API's Project, as GET /project, search and a details page show it),
 * kept as its JSON text beside the in-process catalogue index (031, 038) and built with it, from the same reads and
 * dropped with it on every catalogue notice of the tables a card shows. A results page or a search answered from the
 * index is then its cards' texts joined, with no statement and no object built per project; a details page is one card
 * parsed and given its builder's profile. This is not a response cache: what is kept is per project, not per answer,
 * and it lives exactly as long as the index snapshot it belongs to.
 */

/** Already serialised JSON, placed as it is inside an answer by stringifyAnswer. */
export class RawJson {
  constructor(readonly json: string) {}
}

/** A page of projects: cards' texts from the index snapshot, or objects from the SQL path. */
export type Cards = { texts: string[] } | { projects: Project[] };

export function cardObjects(cards: Cards): Project[] {
  return 'texts' in cards ? cards.texts.map((text) => JSON.parse(text) as Project) : cards.projects;
}

/** The page as one JSON array, as JSON.stringify would write its objects. */
export function cardsJson(cards: Cards): RawJson {
  return new RawJson('texts' in cards ? `[${cards.texts.join(',')}]` : JSON.stringify(cards.projects));
}

/*
 * Where a RawJson stands in JSON.stringify's output: a string no answer can contain by chance or on purpose (a random
 * nonce per process, and a control character JSON.stringify escapes, so a visitor's text cannot forge it).
 */
const NONCE = randomBytes(9).toString('base64url');
const MARK = `\u0001raw:${NONCE}:`;
const MARK_PATTERN = new RegExp(`"\\\\u0001raw:${NONCE}:(\\d+)"`, 'g');

/** JSON.stringify, with every RawJson inside written as its text. */
export function stringifyAnswer(value: unknown): string {
  if (value instanceof RawJson) return value.json;
  const texts: string[] = [];
  const json = JSON.stringify(value, (_key, part: unknown) => {
    if (!(part instanceof RawJson)) return part;
    texts.push(part.json);
    return `${MARK}${texts.length - 1}`;
  });
  return texts.length === 0 ? json : json.replace(MARK_PATTERN, (_match, index: string) => texts[Number(index)] as string);
}

/** A builder's profile as the details page shows it (toProjectDetail). */
export type BuilderProfile = [id: number, logo: string | null, description: string | null, establishedYear: number | null];

export interface CatalogueCards {
  /** Public projects held. */
  readonly size: number;
  /** The card's JSON text of a public project, or undefined when it is not one (as of the snapshot). */
  text(id: number): string | undefined;
  /** The details page's project (spec §7 GET /project/{id}), or undefined as above. */
  detail(id: number): ProjectDetail | undefined;
}

/** Lets the event loop serve requests between slices of a build (as catalogue-index.ts does). */
const pause = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Appends a slice of public projects (publicCardsChunk) to the cards being built: their texts by id. Mapping and
 * stringifying 5,000 projects took about 0.4 s at load 15, so it yields every `yieldEvery`: a request waits for one
 * short slice, never for the whole chunk.
 */
export async function addCards(
  texts: Map<number, string>,
  chunk: Pick<LoadedPages<'rows'>, 'pages' | 'units' | 'media'>,
  names: PlaceNameMaps,
  { yieldEvery = 500 }: { yieldEvery?: number } = {},
): Promise<void> {
  const unitsBy = groupBy(chunk.units, (unit) => unit.projectId);
  const mediaBy = groupBy(chunk.media, (item) => item.projectId);
  let done = 0;
  for (const pageRow of chunk.pages.rows) {
    done += 1;
    if (done % yieldEvery === 0) await pause();
    const row = withNames(pageRow, names);
    texts.set(row.id, JSON.stringify(toProject(row, unitsBy.get(row.id) ?? [], mediaBy.get(row.id) ?? [], [])));
  }
}

export function catalogueCards(texts: Map<number, string>, profiles: BuilderProfile[]): CatalogueCards {
  const profileOf = new Map(profiles.map((profile) => [profile[0], profile]));
  return {
    size: texts.size,
    text: (id) => texts.get(id),
    detail(id) {
      const text = texts.get(id);
      if (text === undefined) return undefined;
      const project = JSON.parse(text) as Project;
      const profile = project.builder ? profileOf.get(project.builder.id) : undefined;
      return toProjectDetail(project, {
        builderLogo: profile?.[1] ?? null,
        builderDescription: profile?.[2] ?? null,
        builderEstablishedYear: profile?.[3] ?? null,
      });
    },
  };
}
