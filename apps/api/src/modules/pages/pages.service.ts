import type { ProjectDetail } from '@nivaas/contracts/project.schema';
import { formatPriceRange, unitPriceBounds } from '@nivaas/contracts/price-format';
import {
  blogPath,
  brokerPath,
  builderPath,
  cityPath,
  listingPath,
  locationPath,
  zonePath,
} from '@nivaas/contracts/project-path';
import { matchSiteRoute, SITE_ROUTES, SITE_TITLE, type SitePage } from '@nivaas/contracts/site-routes';
import { photoSrcSet } from '@nivaas/contracts/photo-srcset';
import { unitSummary } from '@nivaas/contracts/unit-labels';
import { isDomainError } from '../../lib/domain-error';
import type { PageAnswer } from '../../lib/page-answer';
import type { BlogsService } from '../blogs/blogs.service';
import type { BrokersService } from '../brokers/brokers.service';
import type { BuildersService } from '../builders/builders.service';
import type { CitiesService } from '../cities/cities.service';
import type { FaqsService } from '../faqs/faqs.service';
import type { PlacesService } from '../places/places.service';
import type { ProjectsService } from '../projects/projects.service';
import { type PageHead, renderHead, SITE_NAME } from './page-head';
import { createSitemaps } from './sitemaps';
import type { SitemapRepository } from './sitemap.repository';

export interface PagesServiceDeps {
  projects: ProjectsService;
  builders: BuildersService;
  places: PlacesService;
  cities: CitiesService;
  brokers: BrokersService;
  blogs: BlogsService;
  faqs: FaqsService;
  sitemap: SitemapRepository;
  /** The site's public origin (PUBLIC_ORIGIN, else this server locally): canonicals, og:url and the sitemap use it. */
  origin: string;
}

/** What a page is about, before it is written as tags: the canonical path and the words and objects for the head. */
interface Described {
  path: string;
  /** A query string that is part of the page's identity (a locality's results), added to the canonical only. */
  canonicalQuery?: string;
  title: string;
  description: string;
  image?: string | null;
  jsonLd?: object[];
  crumbs?: { name: string; path: string }[];
  ogType?: 'website' | 'article';
  preloadImage?: PageHead['preloadImage'];
}

/** The pages without a record behind them: their words are fixed. */
const FIXED_PAGES: Partial<Record<SitePage, { title: string; description: string }>> = {
  home: {
    title: SITE_TITLE,
    description: 'New projects, ready-to-move homes and plots across India, with prices in rupees, builder details and a free EMI calculator.',
  },
  about: { title: 'About Nivaas', description: 'Who we are: an Indian property portal for buyers, owners, brokers and builders.' },
  contact: { title: 'Contact Nivaas', description: 'Write to Nivaas, or find answers to the questions buyers ask most.' },
  privacy: { title: 'Privacy policy | Nivaas', description: 'How Nivaas collects, uses and protects your information.' },
  terms: { title: 'Terms and conditions | Nivaas', description: 'The terms for using Nivaas.' },
  calculator: { title: 'Home loan EMI calculator | Nivaas', description: 'Work out the monthly EMI of a home loan in rupees, with interest and tenure.' },
  results: { title: 'Properties for sale | Nivaas', description: 'Projects and homes for sale, filtered by place, budget, BHK and property type.' },
  blogs: { title: 'Real estate blog | Nivaas', description: 'Guides and news for home buyers in India.' },
  developers: { title: 'Real estate developers and builders | Nivaas', description: 'Builders and developers across India with their live projects.' },
  compare: { title: 'Compare properties | Nivaas', description: 'Compare projects side by side: prices, sizes and amenities.' },
  brokers: { title: 'Real estate brokers | Nivaas', description: 'Approved brokers and their listings across India.' },
  construction: { title: 'Construction projects | Nivaas', description: 'Construction projects and the contractors behind them.' },
  contractors: { title: 'Construction contractors | Nivaas', description: 'Contractors for building and renovating homes.' },
  contractor: { title: 'Construction contractor | Nivaas', description: 'A contractor for building and renovating homes.' },
  account: { title: SITE_NAME, description: 'Your Nivaas account.' },
};

const NOT_FOUND = { title: 'Page not found | Nivaas', description: 'This page does not exist, or is no longer on Nivaas.' };

/** Thrown while describing a page whose record is unknown or hidden: the answer is the not-found page. */
class PageNotFound extends Error {}

function idOf(value: string | undefined): number {
  // The API's own id rule: a positive integer in range; anything else names no record.
  if (value === undefined || !/^[1-9]\d{0,9}$/.test(value) || Number(value) > 2_147_483_647) throw new PageNotFound();
  return Number(value);
}

/** A service's 'not found' (unknown or hidden record) is the page's 404; any other failure stays a failure. */
async function found<T>(read: Promise<T>): Promise<T> {
  try {
    return await read;
  } catch (error) {
    if (isDomainError(error) && error.code === 'NOT_FOUND') throw new PageNotFound();
    throw error;
  }
}

function clip(text: string | null | undefined, length = 160): string {
  const plain = (text ?? '').replace(/\s+/g, ' ').trim();
  return plain.length <= length ? plain : `${plain.slice(0, length - 1).trimEnd()}…`;
}

/** Two ways of writing one path (percent-encoding, case of escapes) name the same page. */
function samePath(a: string, b: string): boolean {
  const decode = (path: string) => {
    try {
      return decodeURIComponent(path);
    } catch {
      return path;
    }
  };
  return decode(a) === decode(b);
}

export function createPagesService(deps: PagesServiceDeps) {
  const { origin } = deps;
  const absolute = (url: string) => new URL(url, origin).toString();
  const organisation = { '@context': 'https://schema.org', '@type': 'Organization', name: SITE_NAME, url: `${origin}/` };

  function project(detail: ProjectDetail): Described {
    const path = listingPath(detail);
    // The gallery's first photo, the page's largest paint: the banner, else the first photo that is not the logo.
    const photo = detail.medias.find((media) => media.title === 'banner') ?? detail.medias.find((media) => media.title !== 'logo');
    const { min, max } = unitPriceBounds(detail.units);
    const price = formatPriceRange(min, max);
    const place = `${detail.location.name}, ${detail.city.name}`;
    const kinds = unitSummary(detail.units.map((unit) => unit.type), detail.type);
    const by = detail.builder ? ` by ${detail.builder.name}` : '';
    const address = {
      '@type': 'PostalAddress',
      streetAddress: detail.location.name,
      addressLocality: detail.zone ? `${detail.location.name}, ${detail.zone.name}` : detail.location.name,
      addressRegion: detail.city.name,
      addressCountry: 'IN',
    };
    const image = detail.medias[0]?.url;
    const offers =
      min > 0 || max > 0
        ? {
            '@type': 'AggregateOffer',
            priceCurrency: 'INR',
            lowPrice: min > 0 ? min : max,
            highPrice: max > 0 ? max : min,
            offerCount: Math.max(detail.units.length, 1),
            availability: 'https://schema.org/InStock',
            url: absolute(path),
          }
        : undefined;
    return {
      path,
      title: `${detail.name}${by} in ${place}: ${price} | ${SITE_NAME}`,
      description: clip(`${detail.name}${by} in ${place}. ${kinds ? `${kinds}. ` : ''}Price ${price}. ${detail.description ?? ''}`),
      image,
      // The phone's full-width strip and the desktop grid's large photo (features/project-details/components/gallery.tsx).
      preloadImage: photo ? { href: photo.url, srcset: photoSrcSet(photo), sizes: '(min-width: 768px) 66vw, 100vw' } : undefined,
      jsonLd: [
        {
          '@context': 'https://schema.org',
          // A Residence cannot carry offers in schema.org; being a Product too lets it state its price range.
          '@type': ['Residence', 'Product'],
          name: detail.name,
          description: clip(detail.description, 500) || undefined,
          url: absolute(path),
          image: image ? absolute(image) : undefined,
          address,
          brand: detail.builder ? { '@type': 'Organization', name: detail.builder.name } : undefined,
          offers,
        },
      ],
      crumbs: [
        { name: detail.city.name, path: cityPath(detail.city) },
        { name: detail.location.name, path: locationPath(detail.city, detail.zone, detail.location) },
        { name: detail.name, path },
      ],
    };
  }

  async function describe(page: SitePage, params: Record<string, string>, pathname: string, search: string): Promise<Described> {
    switch (page) {
      case 'project':
      case 'listing': {
        const detail = await found(deps.projects.get(idOf(params.id ?? params.BrokerpropertyId)));
        // A listing's id under /properties (or a project's under /broker-property-details) is the same record, and
        // its canonical page is the other one: the redirect below sends the visitor there.
        return project(detail);
      }
      case 'builder': {
        const builder = await found(deps.builders.get(idOf(params.builderId)));
        const path = builderPath(builder);
        const cities = builder.cities.map((city) => city.name).join(', ');
        return {
          path,
          title: `${builder.name}: projects and homes for sale | ${SITE_NAME}`,
          description: clip(`${builder.name}: ${builder.projectCount} live projects${cities ? ` in ${cities}` : ''}. ${builder.description ?? ''}`),
          image: builder.logo,
          jsonLd: [{ '@context': 'https://schema.org', '@type': 'Organization', name: builder.name, url: absolute(path), logo: builder.logo ? absolute(builder.logo) : undefined }],
          crumbs: [
            { name: 'Developers', path: '/developers' },
            { name: builder.name, path },
          ],
        };
      }
      case 'city': {
        const city = await found(deps.cities.get(idOf(params.id)));
        const path = cityPath({ id: city.id, name: city.city_Name });
        return {
          path,
          title: `Property in ${city.city_Name}: ${city.projectsCount} projects and homes | ${SITE_NAME}`,
          description: `New projects, homes and plots for sale in ${city.city_Name}, with prices in rupees.`,
          image: city.city_URL || null,
          crumbs: [{ name: city.city_Name, path }],
        };
      }
      case 'zone': {
        const zone = await found(deps.places.getZone(idOf(params.id)));
        const path = zonePath(zone.city, zone);
        return {
          path,
          title: `Property in ${zone.name}, ${zone.city.name} | ${SITE_NAME}`,
          description: `${zone.projectCount} projects and ${zone.listingCount} homes for sale in ${zone.name}, ${zone.city.name}.`,
          crumbs: [
            { name: zone.city.name, path: cityPath(zone.city) },
            { name: zone.name, path },
          ],
        };
      }
      case 'location': {
        const location = await found(deps.places.getLocation(idOf(params.id)));
        const path = locationPath(location.city, location.zone, location);
        const { min, max } = location.priceRange;
        const prices = min !== null && max !== null ? ` Prices ${formatPriceRange(min, max)}.` : '';
        return {
          path,
          title: `Property in ${location.name}, ${location.city.name} | ${SITE_NAME}`,
          description: `${location.projectCount} projects and ${location.listingCount} homes for sale in ${location.name}, ${location.city.name}.${prices}`,
          crumbs: [
            { name: location.city.name, path: cityPath(location.city) },
            { name: location.name, path },
          ],
        };
      }
      case 'broker':
      case 'brokerProjects': {
        const broker = await found(deps.brokers.get(idOf(params.brokerId)));
        const profile = brokerPath(broker);
        // The broker's listings page has no slug: its own address is its canonical.
        const path = page === 'broker' ? profile : pathname;
        const where = broker.city ? ` in ${broker.city.name}` : '';
        return {
          path,
          title: `${broker.name}${broker.company ? `, ${broker.company}` : ''}: real estate broker${where} | ${SITE_NAME}`,
          description: clip(`${broker.name}, an approved broker${where} with ${broker.listingCount} listings on ${SITE_NAME}. ${broker.about ?? ''}`),
          image: broker.profilePhoto,
          jsonLd: [{ '@context': 'https://schema.org', '@type': 'RealEstateAgent', name: broker.name, url: absolute(profile), image: broker.profilePhoto ? absolute(broker.profilePhoto) : undefined }],
          crumbs: [
            { name: 'Brokers', path: '/brokers' },
            { name: broker.name, path: profile },
          ],
        };
      }
      case 'blog': {
        const blog = await found(deps.blogs.get(idOf(params.id)));
        const path = blogPath(blog);
        return {
          path,
          title: `${blog.title} | ${SITE_NAME}`,
          description: clip(blog.excerpt ?? blog.body),
          image: blog.coverUrl,
          ogType: 'article',
          jsonLd: [
            {
              '@context': 'https://schema.org',
              '@type': 'BlogPosting',
              headline: blog.title,
              url: absolute(path),
              image: blog.coverUrl ? absolute(blog.coverUrl) : undefined,
              datePublished: blog.publishedAt ?? undefined,
              dateModified: blog.updatedAt,
              author: blog.authorName ? { '@type': 'Person', name: blog.authorName } : organisation,
              publisher: organisation,
            },
          ],
          crumbs: [
            { name: 'Blog', path: '/blog' },
            { name: blog.title, path },
          ],
        };
      }
      case 'contact': {
        const faqs = await deps.faqs.listPublic({ associatedWith: 'contact_faqs' });
        const words = FIXED_PAGES.contact ?? NOT_FOUND;
        return {
          path: '/contact-us',
          ...words,
          jsonLd:
            faqs.length > 0
              ? [
                  {
                    '@context': 'https://schema.org',
                    '@type': 'FAQPage',
                    mainEntity: faqs.map((faq) => ({ '@type': 'Question', name: faq.question, acceptedAnswer: { '@type': 'Answer', text: faq.answer } })),
                  },
                ]
              : [],
        };
      }
      case 'results': {
        // A locality's results are a page of their own (spec §2 ?locationId=); free text and filters are not.
        const locationId = new URLSearchParams(search).get('locationId');
        const words = FIXED_PAGES.results ?? NOT_FOUND;
        return { path: pathname, ...words, canonicalQuery: locationId && /^[1-9]\d{0,9}$/.test(locationId) ? `?locationId=${locationId}` : undefined };
      }
      default: {
        const words = FIXED_PAGES[page] ?? NOT_FOUND;
        // Fixed pages name themselves by the table's path, in its case (/Compare/x is /Compare).
        return { path: page === 'home' ? '/' : pathname, ...words };
      }
    }
  }

  function headOf(described: Described, noindex: boolean): PageHead {
    const jsonLd = [...(described.jsonLd ?? []), organisation];
    if (described.crumbs && described.crumbs.length > 0) {
      const crumbs = [{ name: 'Home', path: '/' }, ...described.crumbs];
      jsonLd.push({
        '@context': 'https://schema.org',
        '@type': 'BreadcrumbList',
        itemListElement: crumbs.map((crumb, index) => ({ '@type': 'ListItem', position: index + 1, name: crumb.name, item: absolute(crumb.path) })),
      });
    }
    return {
      title: described.title,
      description: described.description,
      canonical: absolute(`${described.path}${described.canonicalQuery ?? ''}`),
      image: described.image ? absolute(described.image) : undefined,
      jsonLd,
      noindex,
      ogType: described.ogType,
      preloadImage: described.preloadImage,
    };
  }

  function notFound(pathname: string, render: boolean): PageAnswer {
    return { kind: 'page', status: 404, head: renderHead(headOf({ path: pathname, ...NOT_FOUND }, true)), render };
  }

  return {
    /**
     * spec §2 route table, answered on the server (issue 15): the status and head of the web app's page for a path.
     * Unknown paths, and unknown or hidden records, are the not-found page (404); a record asked for by a path that
     * is not its canonical one (a renamed slug, the wrong kind of page) is a 301 there, the query kept.
     */
    async resolve(pathname: string, search: string): Promise<PageAnswer> {
      const match = matchSiteRoute(pathname);
      if (!match) return notFound(pathname, true);
      const { route, params } = match;
      if (route.access === 'redirect' && route.redirectTo) return { kind: 'redirect', location: `${route.redirectTo}${search}` };
      let described: Described;
      try {
        described = await describe(route.page, params, pathname, search);
      } catch (error) {
        if (error instanceof PageNotFound) return notFound(pathname, false);
        throw error;
      }
      if (!samePath(pathname, described.path)) return { kind: 'redirect', location: `${described.path}${search}` };
      const noindex = route.access !== 'open' || route.index === false;
      return { kind: 'page', status: 200, head: renderHead(headOf(described, noindex)), render: route.access === 'open' };
    },

    /** robots.txt: the public site open to crawlers; the API, the console and every signed-in page closed. */
    robots(): string {
      const closed = SITE_ROUTES.filter((route) => route.access === 'signed-in' || route.access === 'outside').map((route) =>
        route.path.replace(/\/(:[^/]+\?|\*)$/, ''),
      );
      const lines = ['User-agent: *', 'Allow: /', 'Disallow: /api/', ...[...new Set(closed)].map((path) => `Disallow: ${path}`), '', `Sitemap: ${origin}/sitemap.xml`];
      return `${lines.join('\n')}\n`;
    },

    ...createSitemaps(deps.sitemap, origin),
  };
}

export type PagesService = ReturnType<typeof createPagesService>;
