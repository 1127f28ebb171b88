import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PROPERTY_TYPES } from '../enums';
import { imageCatalogue, renderSeedImages, specFiles } from './images';

// A few of each size is enough to prove the pipeline; the whole set takes seconds the test budget does not have.
const SAMPLE = new Set([
  'project-apartment-01.webp',
  'project-apartment-01-480.webp',
  'project-pent-house-03.webp',
  'interior-02.webp',
  'city-bengaluru-banner.webp',
  'city-bengaluru-banner-480.webp',
  'city-bengaluru-banner-800.webp',
  'builder-kaveri-crest-developers.webp',
  'avatar-01.webp',
  'blog-01.webp',
]);

describe('seed images', () => {
  const dirs = [mkdtempSync(path.join(tmpdir(), 'nivaas-media-')), mkdtempSync(path.join(tmpdir(), 'nivaas-media-'))];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('catalogue a pool per kind with unique, deterministic file names', () => {
    const files = imageCatalogue().flatMap(specFiles);
    expect(new Set(files).size).toBe(files.length);
    for (const type of PROPERTY_TYPES) expect(files.filter((file) => file.startsWith(`project-${type.replace(' ', '-')}-`)).length).toBeGreaterThanOrEqual(8);
    for (const file of SAMPLE) expect(files).toContain(file);
    expect(imageCatalogue().map((spec) => spec.draw())).toEqual(imageCatalogue().map((spec) => spec.draw()));
  });

  it('render WebP files with identical bytes on every run, and skip files already there', async () => {
    const filter = (file: string) => SAMPLE.has(file);
    for (const dir of dirs) expect(await renderSeedImages(dir, { filter })).toEqual({ written: SAMPLE.size, skipped: 0 });
    const [first, second] = dirs.map((dir) => path.join(dir as string, 'seed'));
    expect(readdirSync(first as string).sort()).toEqual([...SAMPLE].sort());
    for (const file of SAMPLE) {
      const bytes = readFileSync(path.join(first as string, file));
      expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
      expect(bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
      expect(bytes.length).toBeGreaterThan(1_000);
      expect(bytes.equals(readFileSync(path.join(second as string, file)))).toBe(true);
    }
    expect(await renderSeedImages(dirs[0] as string, { filter })).toEqual({ written: 0, skipped: SAMPLE.size });
  });

  it('render each variant at its width, and a missing variant beside a picture already there', async () => {
    const { default: sharp } = await import('sharp');
    const seedDir = path.join(dirs[0] as string, 'seed');
    expect((await sharp(path.join(seedDir, 'project-apartment-01.webp')).metadata()).width).toBe(960);
    expect((await sharp(path.join(seedDir, 'project-apartment-01-480.webp')).metadata()).width).toBe(480);
    expect((await sharp(path.join(seedDir, 'city-bengaluru-banner-800.webp')).metadata()).width).toBe(800);
    rmSync(path.join(seedDir, 'city-bengaluru-banner-480.webp'));
    expect(await renderSeedImages(dirs[0] as string, { filter: (file) => SAMPLE.has(file) })).toEqual({ written: 1, skipped: SAMPLE.size - 1 });
    const banner = readFileSync(path.join(seedDir, 'city-bengaluru-banner-480.webp'));
    expect(banner.equals(readFileSync(path.join(dirs[1] as string, 'seed', 'city-bengaluru-banner-480.webp')))).toBe(true);
  });
});
