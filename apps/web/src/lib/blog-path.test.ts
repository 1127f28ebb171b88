import { describe, expect, it } from 'vitest';
import { blogPath } from './blog-path';

describe('blogPath', () => {
  it('is /blog/{title}/{id}', () => {
    expect(blogPath({ id: 9, slug: 'stamp-duty-in-karnataka', title: 'Stamp duty in Karnataka' })).toBe(
      '/blog/stamp-duty-in-karnataka/9',
    );
    expect(blogPath({ id: 9, slug: '', title: 'Stamp Duty 2026' })).toBe('/blog/stamp-duty-2026/9');
  });
});
