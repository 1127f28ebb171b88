/**
 * The seed's pictures: a fixed catalogue of files (a pool per kind, so 100,000 projects share a few dozen photos),
 * drawn as SVG (art.ts) and rendered to WebP with sharp into `<mediaDir>/seed/`. Nothing is downloaded. Files
 * already present are left alone, so a restart costs a directory listing, and the same inputs give the same bytes.
 */
import { mkdir, readdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { PropertyType } from '../enums';
import { PROPERTY_TYPES } from '../enums';
import { avatarArt, constructionArt, coverArt, interiorArt, monogramArt, propertyArt, skylineArt } from './art';
import { BANNERS, BLOGS } from './data/content';
import { CITIES } from './data/places';
import { hashString } from './random';
import { BUILDERS, CONTRACTORS } from './roster';
import { pad, slugify } from './util';

export const PROPERTY_ART_VARIANTS = 10;
export const INTERIOR_VARIANTS = 18;
export const AVATAR_VARIANTS = 24;
export const CONSTRUCTION_VARIANTS = 10;

/** Where the API serves `<DATA_DIR>/media` from; seed files sit in its `seed/` folder. */
const URL_PREFIX = '/media/seed/';

/** File names (inside `<mediaDir>/seed/`) for every kind of picture. */
export const mediaFile = {
  property: (type: PropertyType, variant: number) => `project-${slugify(type)}-${pad(variant + 1)}.webp`,
  interior: (variant: number) => `interior-${pad(variant + 1)}.webp`,
  cityBanner: (citySlug: string) => `city-${citySlug}-banner.webp`,
  cityLogo: (citySlug: string) => `city-${citySlug}-logo.webp`,
  builderLogo: (builderSlug: string) => `builder-${builderSlug}.webp`,
  contractorLogo: (contractorSlug: string) => `contractor-${contractorSlug}.webp`,
  avatar: (variant: number) => `avatar-${pad(variant + 1)}.webp`,
  blogCover: (index: number) => `blog-${pad(index + 1)}.webp`,
  banner: (index: number) => `banner-${pad(index + 1)}.webp`,
  construction: (variant: number) => `construction-${pad(variant + 1)}.webp`,
};

export function mediaUrl(file: string): string {
  return URL_PREFIX + file;
}

export interface ImageSpec {
  file: string;
  draw: () => string;
}

/** Every picture the seeded rows point at. */
export function imageCatalogue(): ImageSpec[] {
  const specs: ImageSpec[] = [];
  for (const type of PROPERTY_TYPES) {
    for (let v = 0; v < PROPERTY_ART_VARIANTS; v += 1) specs.push({ file: mediaFile.property(type, v), draw: () => propertyArt(type, v) });
  }
  for (let v = 0; v < INTERIOR_VARIANTS; v += 1) specs.push({ file: mediaFile.interior(v), draw: () => interiorArt(v) });
  CITIES.forEach((city, i) => {
    specs.push({
      file: mediaFile.cityBanner(city.slug),
      draw: () => skylineArt(hashString(city.slug), city.name, city.state, i),
    });
    specs.push({ file: mediaFile.cityLogo(city.slug), draw: () => monogramArt(city.name, hashString(`city:${city.slug}`)) });
  });
  for (const builder of BUILDERS) {
    specs.push({ file: mediaFile.builderLogo(builder.slug), draw: () => monogramArt(builder.name, hashString(builder.slug)) });
  }
  for (const contractor of CONTRACTORS) {
    specs.push({ file: mediaFile.contractorLogo(contractor.slug), draw: () => monogramArt(contractor.name, hashString(contractor.slug)) });
  }
  for (let v = 0; v < AVATAR_VARIANTS; v += 1) specs.push({ file: mediaFile.avatar(v), draw: () => avatarArt(v) });
  BLOGS.forEach((blog, i) => specs.push({ file: mediaFile.blogCover(i), draw: () => coverArt(blog.title, i) }));
  BANNERS.forEach((banner, i) =>
    specs.push({ file: mediaFile.banner(i), draw: () => skylineArt(hashString(banner.art), banner.title, banner.subtitle, i + 3) }),
  );
  for (let v = 0; v < CONSTRUCTION_VARIANTS; v += 1) specs.push({ file: mediaFile.construction(v), draw: () => constructionArt(v) });
  return specs;
}

export interface RenderOptions {
  /** Render only the files this accepts (tests use a few). */
  filter?: (file: string) => boolean;
  /** Pictures rendered at once; sharp spreads each over libuv's thread pool. */
  concurrency?: number;
}

export interface RenderReport {
  written: number;
  skipped: number;
}

/** Renders the missing seed pictures into `<mediaDir>/seed/`. */
export async function renderSeedImages(mediaDir: string, options: RenderOptions = {}): Promise<RenderReport> {
  const dir = path.join(mediaDir, 'seed');
  await mkdir(dir, { recursive: true });
  const present = new Set(await readdir(dir));
  const todo = imageCatalogue().filter((spec) => (options.filter?.(spec.file) ?? true) && !present.has(spec.file));
  const skipped = imageCatalogue().filter((spec) => options.filter?.(spec.file) ?? true).length - todo.length;
  if (todo.length === 0) return { written: 0, skipped };

  // Loaded on demand: the API and the tests that seed without pictures never pay for the native module.
  const { default: sharp } = await import('sharp');
  let next = 0;
  const worker = async () => {
    while (next < todo.length) {
      const spec = todo[next] as ImageSpec;
      next += 1;
      const webp = await sharp(Buffer.from(spec.draw())).webp({ quality: 80, effort: 2 }).toBuffer();
      // Written under a temporary name, then renamed: a second process never sees half a file.
      const temporary = path.join(dir, `.${spec.file}.${process.pid}.tmp`);
      await writeFile(temporary, webp);
      await rename(temporary, path.join(dir, spec.file));
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 4 }, worker));
  return { written: todo.length, skipped };
}
