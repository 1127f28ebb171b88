import { describe, expect, it } from 'vitest';
import { articleBlocks, keepActiveBlogs } from './blog-rules';

describe('keepActiveBlogs (spec §5)', () => {
  it('keeps only active posts, whatever the case', () => {
    const blogs = [
      { id: 1, status: 'active' },
      { id: 2, status: 'inactive' },
      { id: 3, status: 'ACTIVE' },
      { id: 4, status: ' Active ' },
      { id: 5, status: 'draft' },
    ] as unknown as { id: number; status: 'active' | 'inactive' }[];
    expect(keepActiveBlogs(blogs).map((blog) => blog.id)).toEqual([1, 3, 4]);
  });
});

describe('articleBlocks', () => {
  it('splits paragraphs on blank lines and keeps headings and lists', () => {
    expect(articleBlocks('First line\nwraps here.\n\n## What to check\n\n- RERA number\n- Title deed\n\nLast.')).toEqual([
      { kind: 'paragraph', text: 'First line wraps here.' },
      { kind: 'heading', text: 'What to check' },
      { kind: 'list', items: ['RERA number', 'Title deed'] },
      { kind: 'paragraph', text: 'Last.' },
    ]);
  });

  it('keeps markup as text', () => {
    expect(articleBlocks('<script>alert(1)</script>')).toEqual([{ kind: 'paragraph', text: '<script>alert(1)</script>' }]);
  });
});
