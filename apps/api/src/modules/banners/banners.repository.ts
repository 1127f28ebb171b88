import type { Db } from '@nivaas/db';
import { schema } from '@nivaas/db';
import { and, asc, eq, ne } from '@nivaas/db/orm';
import { recordTable } from '../../lib/back-office';

const { banners } = schema;

/** What the provider may set on a banner (issue 14); publication goes beside it. */
type Insert = typeof banners.$inferInsert;
export type BannerValues = Pick<Insert, 'title'> & Partial<Pick<Insert, 'subtitle' | 'imageUrl' | 'link' | 'position'>>;
export type BannerRow = typeof banners.$inferSelect;

export function createBannersRepository(db: Db) {
  return {
    /** spec §5: approved (and, since issue 14, active) banners with a picture, in the provider's order. */
    listApproved() {
      return db
        .select({
          id: banners.id,
          title: banners.title,
          subtitle: banners.subtitle,
          imageUrl: banners.imageUrl,
          link: banners.link,
          approval: banners.approval,
        })
        .from(banners)
        .where(and(eq(banners.approval, 'approved'), eq(banners.status, 'active'), ne(banners.imageUrl, '')))
        .orderBy(asc(banners.position), asc(banners.id));
    },

    /** The back office's list and writes (every state), searched by title and subtitle. */
    records: recordTable<typeof banners, BannerValues>(db, banners, [banners.title, banners.subtitle]),
  };
}

export type BannersRepository = ReturnType<typeof createBannersRepository>;
