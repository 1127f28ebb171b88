/**
 * The seed's pictures: a fixed catalogue of files (a pool per kind, so 100,000 projects share a few dozen photos),
 * drawn as SVG (art.ts) and rendered to WebP with sharp into `<mediaDir>/seed/`. Nothing is downloaded. Files
 * already present are left alone, so a restart costs a directory listing, and the same inputs give the same bytes.
 *
 * Issue 15: a photo also comes in the smaller widths a phone asks for, named like an uploaded photo's variants
 * (`project-apartment-01-480.webp` beside `project-apartment-01.webp`): a card 330 px wide on a phone fetched the 960 px
 * art, and home's 1600 px banner was 43 kB. Project photos name the 480 px file in `card_url`, as uploads do, so the
 * existing srcset (contracts' photoSrcSet) serves them; banners and covers have no such field, and the web app knows
 * their widths from `SEED_WIDE_VARIANTS` (apps/web/src/lib/seed-picture.ts, which repeats these names).
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

/**
 * The smaller widths of a 960 px photo and of the 1200-1600 px banners and covers. 480 is the upload pipeline's card
 * width; a phone needs one more step, since Chromium takes the first candidate dense enough for the screen: a card
 * 330 px wide on a 1.75x phone wants 578 px, which 480 is not, so without 640 it fetched the 960 px art.
 */
export const SEED_PHOTO_VARIANTS = [480, 640] as const;
export const SEED_WIDE_VARIANTS = [480, 800] as const;

/** The file of a picture's `width` px variant: the upload pipeline's `-<width>.webp` suffix. */
export function variantFile(file: string, width: number): string {
  return file.replace(/\.webp$/, `-${width}.webp`);
}

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
  /** Smaller widths rendered beside it (`variantFile`); none for logos and avatars, which are shown small. */
  variants?: readonly number[];
}

/** Every file a spec writes: the picture and its variants. */
export function specFiles(spec: ImageSpec): string[] {
  return [spec.file, ...(spec.variants ?? []).map((width) => variantFile(spec.file, width))];
}

/** Every picture the seeded rows point at. */
export function imageCatalogue(): ImageSpec[] {
  const specs: ImageSpec[] = [];
  for (const type of PROPERTY_TYPES) {
    for (let v = 0; v < PROPERTY_ART_VARIANTS; v += 1) specs.push({ file: mediaFile.property(type, v), draw: () => propertyArt(type, v), variants: SEED_PHOTO_VARIANTS });
  }
  for (let v = 0; v < INTERIOR_VARIANTS; v += 1) specs.push({ file: mediaFile.interior(v), draw: () => interiorArt(v), variants: SEED_PHOTO_VARIANTS });
  CITIES.forEach((city, i) => {
    specs.push({
      file: mediaFile.cityBanner(city.slug),
      draw: () => skylineArt(hashString(city.slug), city.name, city.state, i),
      variants: SEED_WIDE_VARIANTS,
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
  BLOGS.forEach((blog, i) => specs.push({ file: mediaFile.blogCover(i), draw: () => coverArt(blog.title, i), variants: SEED_WIDE_VARIANTS }));
  BANNERS.forEach((banner, i) =>
    specs.push({
      file: mediaFile.banner(i),
      draw: () => skylineArt(hashString(banner.art), banner.title, banner.subtitle, i + 3),
      variants: SEED_WIDE_VARIANTS,
    }),
  );
  for (let v = 0; v < CONSTRUCTION_VARIANTS; v += 1) specs.push({ file: mediaFile.construction(v), draw: () => constructionArt(v), variants: SEED_PHOTO_VARIANTS });
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

/** Renders the missing seed pictures (and missing variants of pictures already there) into `<mediaDir>/seed/`. */
export async function renderSeedImages(mediaDir: string, options: RenderOptions = {}): Promise<RenderReport> {
  const dir = path.join(mediaDir, 'seed');
  await mkdir(dir, { recursive: true });
  const present = new Set(await readdir(dir));
  const wanted = imageCatalogue().flatMap((spec) => {
    const files = specFiles(spec).filter((file) => options.filter?.(file) ?? true);
    return files.length > 0 ? [{ spec, files }] : [];
  });
  const todo = wanted.map(({ spec, files }) => ({ spec, missing: files.filter((file) => !present.has(file)) })).filter((job) => job.missing.length > 0);
  const wantedCount = wanted.reduce((sum, job) => sum + job.files.length, 0);
  const written = todo.reduce((sum, job) => sum + job.missing.length, 0);
  if (written === 0) return { written: 0, skipped: wantedCount };

  // Loaded on demand: the API and the tests that seed without pictures never pay for the native module.
  const { default: sharp } = await import('sharp');
  const store = async (file: string, webp: Buffer) => {
    // Written under a temporary name, then renamed: a second process never sees half a file.
    const temporary = path.join(dir, `.${file}.${process.pid}.tmp`);
    await writeFile(temporary, webp);
    await rename(temporary, path.join(dir, file));
  };
  let next = 0;
  const worker = async () => {
    while (next < todo.length) {
      const { spec, missing } = todo[next] as (typeof todo)[number];
      next += 1;
      // The SVG is rasterised once; each width is a resize of those pixels, not another rasterisation.
      const { data, info } = await sharp(Buffer.from(spec.draw())).raw().toBuffer({ resolveWithObject: true });
      const pixels = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
      for (const file of missing) {
        const width = file === spec.file ? undefined : (spec.variants ?? []).find((w) => variantFile(spec.file, w) === file);
        const image = width === undefined ? pixels() : pixels().resize({ width });
        await store(file, await image.webp({ quality: 80, effort: 2 }).toBuffer());
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 4 }, worker));
  return { written, skipped: wantedCount - written };
}
