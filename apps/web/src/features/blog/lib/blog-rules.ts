import type { BlogSummary } from '@nivaas/contracts/blog.schema';

/** spec §5: blog lists keep only status active, compared case-insensitively. */
export function keepActiveBlogs<T extends Pick<BlogSummary, 'status'>>(blogs: readonly T[]): T[] {
  return blogs.filter((blog) => String(blog.status).trim().toLowerCase() === 'active');
}

const dateFormat = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });

export function blogDate(iso: string | null): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : dateFormat.format(date);
}

export type ArticleBlock =
  | { kind: 'paragraph'; text: string }
  | { kind: 'heading'; text: string }
  | { kind: 'list'; items: string[] };

/**
 * The article body as blocks React renders as text (never as HTML, so nothing in a post can run
 * script). The contract says plain text with blank lines between paragraphs; a line starting '## '
 * is a heading and lines starting '- ' or '* ' a list, so simple structure survives.
 */
export function articleBlocks(body: string): ArticleBlock[] {
  const blocks: ArticleBlock[] = [];
  for (const chunk of body.replace(/\r\n?/g, '\n').split(/\n\s*\n/)) {
    const lines = chunk.split('\n').map((line) => line.trim()).filter(Boolean);
    if (lines.length === 0) continue;
    if (lines.length === 1 && /^#{1,6}\s+/.test(lines[0] ?? '')) {
      blocks.push({ kind: 'heading', text: (lines[0] ?? '').replace(/^#{1,6}\s+/, '') });
    } else if (lines.every((line) => /^[-*•]\s+/.test(line))) {
      blocks.push({ kind: 'list', items: lines.map((line) => line.replace(/^[-*•]\s+/, '')) });
    } else {
      blocks.push({ kind: 'paragraph', text: lines.join(' ') });
    }
  }
  return blocks;
}
