import { describe, expect, it } from 'vitest';
import { renderHead, type PageHead } from './page-head';

const head: PageHead = {
  title: 'Aurum Heights in Whitefield',
  description: 'Homes in Whitefield',
  canonical: 'https://www.nivaas.example/properties/bengaluru/east/whitefield/aurum-heights/7',
  jsonLd: [],
  noindex: false,
};

describe('renderHead: the LCP image preload (issue 15)', () => {
  it("asks for the page's largest photo from the head, with high priority and the img's srcset and sizes", () => {
    const html = renderHead({
      ...head,
      preloadImage: { href: '/media/uploads/p/7/a.webp', srcset: '/media/uploads/p/7/a-480.webp 480w, /media/uploads/p/7/a.webp 1280w', sizes: '100vw' },
    });
    expect(html).toContain(
      '<link data-page-head rel="preload" as="image" href="/media/uploads/p/7/a.webp" imagesrcset="/media/uploads/p/7/a-480.webp 480w, /media/uploads/p/7/a.webp 1280w" imagesizes="100vw" fetchpriority="high" />',
    );
  });

  it('preloads a one-size picture by its href alone, and nothing for a page without a picture', () => {
    expect(renderHead({ ...head, preloadImage: { href: '/media/seed/project-villa-02.webp' } })).toContain(
      '<link data-page-head rel="preload" as="image" href="/media/seed/project-villa-02.webp" fetchpriority="high" />',
    );
    expect(renderHead(head)).not.toContain('rel="preload"');
  });

  it('escapes a stored URL so it cannot leave its attribute', () => {
    const html = renderHead({ ...head, preloadImage: { href: '/media/a".webp" onload="x' } });
    expect(html).toContain('href="/media/a&quot;.webp&quot; onload=&quot;x"');
  });
});
