import { schema } from '@nivaas/db';
import { and, eq, isNull, type SQL, sql } from '@nivaas/db/orm';

const { blogs, brokers, builders, projects } = schema;

/**
 * The one rule for which projects and listings a visitor may see (spec §9), as SQL conditions on `projects`, so
 * every list, count, price range, similar-projects strip and enquiry check applies the same rule: live and approved,
 * and never through the back door of a hidden owner: a retired or unapproved builder takes its projects off the
 * site, and so does an unapproved or suspended broker its listings, whatever the rows' own state.
 */
export function publicItemConditions(): SQL[] {
  return [
    // Literals rather than bind parameters, so the planner can prove the partial price indexes apply.
    sql`${projects.status} = 'active'`,
    sql`${projects.approval} = 'approved'`,
    // NOT IN over the few hidden builders and brokers runs its subquery once and hashes it; a
    // correlated EXISTS per row costs several times more on a page of the whole city.
    sql`(${projects.builderId} is null or ${projects.builderId} not in (select b.id from ${builders} b where b.status <> 'active' or b.approval <> 'approved'))`,
    // Issue 14: a suspended broker's listings leave the site too; their own status and approval are untouched, so
    // reinstating brings back exactly the ones that were live.
    sql`(${projects.brokerId} is null or ${projects.brokerId} not in (select k.id from ${brokers} k where k.approval <> 'approved' or k.suspended_at is not null))`,
  ];
}

/** A builder a visitor may see (spec §9): active and approved. Shared by the builders' reads and the sitemap. */
export function publicBuilders(): SQL[] {
  return [eq(builders.status, 'active'), eq(builders.approval, 'approved')];
}

/** Approved and not suspended (issue 14: a suspended broker leaves the site with their listings until reinstated). */
export function approvedBrokers(cityId?: number): SQL | undefined {
  return and(eq(brokers.approval, 'approved'), isNull(brokers.suspendedAt), cityId === undefined ? undefined : eq(brokers.cityId, cityId));
}

/** spec §9: visitors read active, approved blogs only, by every path (the blog pages and the sitemap). */
export function publicBlogs(): SQL | undefined {
  return and(eq(blogs.status, 'active'), eq(blogs.approval, 'approved'));
}
