import { blogPath, brokerPath, builderPath, cityPath, listingPath, locationPath, zonePath } from '@nivaas/contracts/project-path';
import { SITE_ROUTES } from '@nivaas/contracts/site-routes';
import { escapeHtml } from './page-head';
import { SITEMAP_KINDS, type SitemapKind, type SitemapNamedRow, type SitemapProjectRow, type SitemapRepository } from './sitemap.repository';

/** sitemaps.org: at most 50,000 URLs (and 50 MB) per file; an index lists the files. */
export const SITEMAP_URLS_PER_FILE = 50_000;

interface SitemapUrl {
  path: string;
  lastmod: Date | string | null;
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

function projectUrl(row: SitemapProjectRow): SitemapUrl {
  const path = listingPath({
    id: row.id,
    name: row.name,
    item: row.item,
    type: row.type,
    tags: row.tags,
    brokerId: row.brokerId,
    ownerId: row.ownerId,
    city: { name: row.cityName },
    zone: row.zoneName === null ? null : { name: row.zoneName },
    location: { name: row.locationName },
    units: row.firstUnitType === null ? [] : [{ type: row.firstUnitType }],
  });
  return { path, lastmod: row.updatedAt };
}

const city = (name: string | undefined) => ({ name: name ?? '' });

/** Each kind's rows as page addresses, built by the same path functions the web app links with. */
const URLS: Record<SitemapKind, (repository: SitemapRepository, offset: number, limit: number) => Promise<SitemapUrl[]>> = {
  projects: async (repository, offset, limit) => (await repository.projects(offset, limit)).map(projectUrl),
  builders: async (repository, offset, limit) => (await repository.builders(offset, limit)).map((row) => ({ path: builderPath(row), lastmod: row.updatedAt })),
  brokers: async (repository, offset, limit) => (await repository.brokers(offset, limit)).map((row) => ({ path: brokerPath(row), lastmod: row.updatedAt })),
  blogs: async (repository, offset, limit) =>
    (await repository.blogs(offset, limit)).map((row: SitemapNamedRow) => ({ path: blogPath({ id: row.id, slug: row.slug ?? null, title: row.name }), lastmod: row.updatedAt })),
  cities: async (repository, offset, limit) => (await repository.cities(offset, limit)).map((row) => ({ path: cityPath(row), lastmod: row.updatedAt })),
  zones: async (repository, offset, limit) => (await repository.zones(offset, limit)).map((row) => ({ path: zonePath(city(row.cityName), row), lastmod: row.updatedAt })),
  localities: async (repository, offset, limit) =>
    (await repository.localities(offset, limit)).map((row) => ({
      path: locationPath(city(row.cityName), row.zoneName ? { name: row.zoneName } : null, row),
      lastmod: row.updatedAt,
    })),
};

/** W3C date-time, as sitemaps.org asks; the driver hands aggregates over as text on some connections. */
function lastmodOf(value: Date | string | null): string | null {
  if (value === null) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

function urlEntry(origin: string, { path, lastmod }: SitemapUrl): string {
  const modified = lastmodOf(lastmod);
  return `<url><loc>${escapeHtml(origin + path)}</loc>${modified ? `<lastmod>${modified}</lastmod>` : ''}</url>`;
}

/** The open pages without a record behind them (the home page, the lists, the fixed pages). */
function fixedUrls(): SitemapUrl[] {
  return SITE_ROUTES.filter((route) => route.access === 'open' && route.index !== false && !route.path.includes(':')).map((route) => ({
    path: route.path,
    lastmod: null,
  }));
}

/** 'projects-2' -> kind and 1-based number; null for a name the index never lists. */
export function parseSitemapName(name: string): { kind: SitemapKind | 'pages'; number: number } | null {
  const found = /^([a-z]+)-([1-9]\d{0,5})$/.exec(name);
  if (!found) return null;
  const [, kind, number] = found;
  if (kind !== 'pages' && !(SITEMAP_KINDS as readonly string[]).includes(kind ?? '')) return null;
  return { kind: kind as SitemapKind | 'pages', number: Number(number) };
}

export function createSitemaps(repository: SitemapRepository, origin: string) {
  return {
    /** The sitemap index: one file for the fixed pages, then each kind's files of up to 50,000 addresses. */
    async sitemapIndex(): Promise<string> {
      const counts = await Promise.all(SITEMAP_KINDS.map(async (kind) => [kind, await repository.count(kind)] as const));
      const names = ['pages-1'];
      for (const [kind, total] of counts) {
        for (let number = 1; number <= Math.ceil(total / SITEMAP_URLS_PER_FILE); number += 1) names.push(`${kind}-${number}`);
      }
      const entries = names.map((name) => `<sitemap><loc>${escapeHtml(`${origin}/sitemaps/${name}.xml`)}</loc></sitemap>`);
      return `${XML_HEAD}<sitemapindex xmlns="${NS}">\n${entries.join('\n')}\n</sitemapindex>\n`;
    },

    /** One file of the index, or null when it names none (an unknown kind, a number past the last file). */
    async sitemapFile(name: string): Promise<string | null> {
      const parsed = parseSitemapName(name);
      if (!parsed) return null;
      let urls: SitemapUrl[];
      if (parsed.kind === 'pages') {
        if (parsed.number !== 1) return null;
        urls = fixedUrls();
      } else {
        urls = await URLS[parsed.kind](repository, (parsed.number - 1) * SITEMAP_URLS_PER_FILE, SITEMAP_URLS_PER_FILE);
        if (urls.length === 0 && parsed.number > 1) return null;
      }
      return `${XML_HEAD}<urlset xmlns="${NS}">\n${urls.map((url) => urlEntry(origin, url)).join('\n')}\n</urlset>\n`;
    },
  };
}
