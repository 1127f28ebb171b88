/**
 * The fixed cast of named organisations, derived from the word lists once. Both the rows and the image files use
 * these names, so a builder's logo file always matches its row.
 */
import { BUILDER_STEMS, BUILDER_SUFFIXES, CONTRACTOR_NAMES } from './data/names';
import { slugify } from './util';

export interface NamedOrg {
  name: string;
  slug: string;
}

export const BUILDERS: readonly NamedOrg[] = BUILDER_STEMS.map((stem, i) => {
  const name = `${stem} ${BUILDER_SUFFIXES[(i * 3) % BUILDER_SUFFIXES.length]}`;
  return { name, slug: slugify(name) };
});

export const CONTRACTORS: readonly NamedOrg[] = CONTRACTOR_NAMES.map((name) => ({ name, slug: slugify(name) }));
