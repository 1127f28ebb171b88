import type { Db } from '@nivaas/db';
import { schema } from '@nivaas/db';
import { asc, eq } from '@nivaas/db/orm';

const { banners } = schema;

export function createBannersRepository(db: Db) {
  return {
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
        .where(eq(banners.approval, 'approved'))
        .orderBy(asc(banners.position), asc(banners.id));
    },
  };
}

export type BannersRepository = ReturnType<typeof createBannersRepository>;
