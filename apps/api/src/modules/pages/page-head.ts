import { scriptJson } from '@nivaas/contracts/script-json';

/** What the server says about a page in its head (issue 15): crawlers and link previews read this, not the app. */
export interface PageHead {
  title: string;
  description: string;
  /** Absolute URL. */
  canonical: string;
  /** Absolute URL of the page's picture (og:image), when it has one. */
  image?: string;
  /** schema.org objects, each written as its own JSON-LD script. */
  jsonLd: object[];
  /** true: search engines must not list the page (not-found pages, sign-in forms, signed-in pages). */
  noindex: boolean;
  /** og:type: 'article' for a blog post, 'website' otherwise. */
  ogType?: 'website' | 'article';
  /**
   * Issue 15: the page's largest picture (its LCP), fetched with high priority from the head instead of after the
   * app's scripts have run and asked for the record. Same-origin path, srcset and sizes as the page's <img> has them,
   * so the browser reuses this download rather than fetching twice.
   */
  preloadImage?: { href: string; srcset?: string; sizes?: string };
}

export const SITE_NAME = 'Nivaas';

const ATTRIBUTE_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text for an element's content or a quoted attribute: nothing a catalogue name holds can close either. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ATTRIBUTE_ESCAPES[character] ?? character);
}

/**
 * The head's tags, each marked data-page-head so the web app can drop them when the visitor navigates in the
 * browser (apps/web/src/app/layout/server-head.ts): they describe the page the server answered, not the next one.
 */
export function renderHead(head: PageHead): string {
  const meta = (attribute: 'name' | 'property', key: string, content: string) =>
    `<meta data-page-head ${attribute}="${key}" content="${escapeHtml(content)}" />`;
  const tags = [
    `<title data-page-head>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    `<link data-page-head rel="canonical" href="${escapeHtml(head.canonical)}" />`,
  ];
  if (head.noindex) tags.push(meta('name', 'robots', 'noindex'));
  tags.push(
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:type', head.ogType ?? 'website'),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.canonical),
    meta('property', 'og:locale', 'en_IN'),
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
  );
  if (head.image) tags.push(meta('property', 'og:image', head.image), meta('name', 'twitter:image', head.image));
  if (head.preloadImage) {
    const { href, srcset, sizes } = head.preloadImage;
    const variants = srcset ? ` imagesrcset="${escapeHtml(srcset)}" imagesizes="${escapeHtml(sizes ?? '100vw')}"` : '';
    tags.push(`<link data-page-head rel="preload" as="image" href="${escapeHtml(href)}"${variants} fetchpriority="high" />`);
  }
  for (const object of head.jsonLd) tags.push(`<script data-page-head type="application/ld+json">${scriptJson(object)}</script>`);
  return tags.join('\n    ');
}
