import { describe, expect, it } from 'vitest';
import { seedSrcSet } from './seed-picture';

describe('seedSrcSet', () => {
  it('offers the seed variants of a banner, a city picture, a blog cover and a construction photo', () => {
    expect(seedSrcSet('/media/seed/banner-01.webp')).toBe('/media/seed/banner-01-480.webp 480w, /media/seed/banner-01-800.webp 800w, /media/seed/banner-01.webp 1600w');
    expect(seedSrcSet('/media/seed/city-navi-mumbai-banner.webp')).toBe(
      '/media/seed/city-navi-mumbai-banner-480.webp 480w, /media/seed/city-navi-mumbai-banner-800.webp 800w, /media/seed/city-navi-mumbai-banner.webp 1600w',
    );
    expect(seedSrcSet('/media/seed/blog-03.webp')).toBe('/media/seed/blog-03-480.webp 480w, /media/seed/blog-03-800.webp 800w, /media/seed/blog-03.webp 1200w');
    expect(seedSrcSet('/media/seed/construction-02.webp')).toBe(
      '/media/seed/construction-02-480.webp 480w, /media/seed/construction-02-640.webp 640w, /media/seed/construction-02.webp 960w',
    );
    expect(seedSrcSet('/media/seed/project-pent-house-03.webp')).toBe(
      '/media/seed/project-pent-house-03-480.webp 480w, /media/seed/project-pent-house-03-640.webp 640w, /media/seed/project-pent-house-03.webp 960w',
    );
    expect(seedSrcSet('/media/seed/interior-12.webp')).toContain('/media/seed/interior-12-640.webp 640w');
  });

  it('offers nothing for other pictures: logos, uploads, a variant itself, outside links, none', () => {
    for (const url of ['/media/seed/city-pune-logo.webp', '/media/uploads/listings/1/a-1280.webp', '/media/seed/banner-01-480.webp', '/media/seed/project-apartment-01-640.webp', 'https://example.com/media/seed/banner-01.webp', '', null, undefined]) {
      expect(seedSrcSet(url)).toBeUndefined();
    }
  });
});
