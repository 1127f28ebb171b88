/** Content: blogs, FAQs, banners. */
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { APPROVALS, STATUSES } from '../enums';
import { approval, createdAt, id, oneOf, status, updatedAt } from './columns';

export const blogs = pgTable(
  'blogs',
  {
    id: id(),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    excerpt: text('excerpt'),
    body: text('body').notNull(),
    coverUrl: text('cover_url'),
    authorName: text('author_name'),
    status: status(),
    approval: approval(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('blogs_slug_uq').on(t.slug),
    index('blogs_status_approval_published_idx').on(t.status, t.approval, t.publishedAt),
    oneOf('blogs_status_check', t.status, STATUSES),
    oneOf('blogs_approval_check', t.approval, APPROVALS),
  ],
);

export const faqs = pgTable(
  'faqs',
  {
    id: id(),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    // spec §7: the page that shows it, e.g. 'contact_faqs'.
    associatedWith: text('associated_with').notNull(),
    // Issue 14: public = status active and approval approved (spec §5), so the provider can draft and hide.
    status: status(),
    approval: approval(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('faqs_associated_approval_idx').on(t.associatedWith, t.approval, t.position),
    oneOf('faqs_status_check', t.status, STATUSES),
    oneOf('faqs_approval_check', t.approval, APPROVALS),
  ],
);

export const banners = pgTable(
  'banners',
  {
    id: id(),
    title: text('title').notNull(),
    subtitle: text('subtitle'),
    imageUrl: text('image_url').notNull(),
    link: text('link'),
    // Issue 14: public = status active and approval approved (spec §5), so the provider can draft and hide.
    status: status(),
    approval: approval(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('banners_approval_idx').on(t.approval, t.position),
    oneOf('banners_status_check', t.status, STATUSES),
    oneOf('banners_approval_check', t.approval, APPROVALS),
  ],
);
