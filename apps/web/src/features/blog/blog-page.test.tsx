import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { BlogSummary } from '@nivaas/contracts/blog.schema';
import { errorResponse } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';

function blog(id: number, overrides: Partial<BlogSummary> = {}): BlogSummary {
  return {
    id,
    title: `Guide number ${id}`,
    slug: `guide-number-${id}`,
    excerpt: `What to know, part ${id}.`,
    coverUrl: `/media/blogs/${id}.webp`,
    authorName: 'Meera Iyer',
    publishedAt: '2026-10-0' + ((id % 9) + 1) + 'T10:00:00.000Z',
    readingMinutes: 4,
    status: 'active',
    approval: 'approved',
    ...overrides,
  };
}

const page = (blogs: BlogSummary[], pageNo: number, hasMore: boolean) => ({
  success: true,
  blogs,
  pagination: { page: pageNo, limit: 10, total: 12, hasMore },
});

describe('blog list', () => {
  it('asks for active, approved posts 10 at a time and loads more on request', async () => {
    const user = userEvent.setup();
    const { api } = renderApp('/blog', {
      '/api/blog': (url: URL) =>
        url.searchParams.get('page') === '1'
          ? page(Array.from({ length: 10 }, (_, i) => blog(i + 1)), 1, true)
          : page([blog(11), blog(12, { status: 'inactive' })], 2, false),
    });
    expect(await screen.findByRole('link', { name: 'Guide number 1' })).toBeTruthy();
    const first = api.requests.find((url) => url.pathname === '/api/blog');
    expect(Object.fromEntries(first?.searchParams ?? [])).toEqual({ status: 'active', approval: 'approved', page: '1', limit: '10' });
    expect(screen.getByRole('link', { name: 'Guide number 1' }).getAttribute('href')).toBe('/blog/guide-number-1/1');

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'Guide number 11' })).toBeTruthy();
    // spec §5: only active posts are listed, whatever the server sent.
    expect(screen.queryByRole('link', { name: 'Guide number 12' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it("says 'Error fetching blog data' with a retry", async () => {
    renderApp('/blog', { '/api/blog': errorResponse(500) });
    expect((await screen.findByRole('alert')).textContent).toContain('Error fetching blog data');
  });
});

describe('blog article', () => {
  it('renders the body as text paragraphs, never as HTML', async () => {
    const { api } = renderApp('/blog/guide-number-3/3', {
      '/api/blog/3': {
        success: true,
        blog: { ...blog(3), body: 'Intro.\n\n## Check the RERA number\n\n<img src=x onerror="alert(1)">', updatedAt: '2026-10-04T10:00:00.000Z' },
      },
      '/api/blog': page([blog(3), blog(4), blog(5)], 1, false),
    });
    const article = await screen.findByRole('article');
    expect(within(article).getByRole('heading', { level: 1, name: 'Guide number 3' })).toBeTruthy();
    expect(within(article).getByRole('heading', { level: 2, name: 'Check the RERA number' })).toBeTruthy();
    expect(within(article).getByText('<img src=x onerror="alert(1)">')).toBeTruthy();
    expect(article.querySelector('img[src="x"]')).toBeNull();
    expect(api.requests.find((url) => url.pathname === '/api/blog/3')?.searchParams.get('internal')).toBe('true');
    const related = await screen.findByRole('region', { name: 'More from the blog' });
    expect(within(related).getAllByRole('link').map((link) => link.textContent)).toEqual(['Guide number 4', 'Guide number 5']);
  });

  it('says not found for a post that is not public', async () => {
    renderApp('/blog/x/99', { '/api/blog/99': errorResponse(404, 'Blog not found') });
    expect(await screen.findByText('We couldn’t find that article')).toBeTruthy();
  });
});
