import type { Banner } from '@nivaas/contracts/banner.schema';
import type { BannerCreate, BannerPatch } from '@nivaas/contracts/content-admin.schema';
import { recordWrites } from '../../lib/back-office';
import { DomainError } from '../../lib/domain-error';
import { isPublic } from '../../lib/publication';
import type { IncomingPhoto } from '../listings/listings.service';
import type { RecordImagesService } from '../listings/record-images.service';
import type { BannersRepository } from './banners.repository';

export interface BannersServiceDeps {
  clock?: () => Date;
  /** The photo pipeline, for the banner's picture (issue 14). */
  images?: RecordImagesService;
}

export function createBannersService(repository: BannersRepository, { clock = () => new Date(), images }: BannersServiceDeps = {}) {
  const records = recordWrites({
    store: repository.records,
    entityKind: 'banner',
    label: 'Banner',
    clock,
    rules(next, fields, before) {
      const imageUrl = fields.imageUrl ?? before?.imageUrl ?? '';
      // A banner is a picture: the carousel has nothing to show without one.
      if (isPublic(next) && imageUrl === '') throw new DomainError('VALIDATION', 'Upload the banner’s picture before showing it on the site', { field: 'imageUrl' });
      // The column is required; a draft waits for its picture with none.
      return before === null ? { imageUrl } : undefined;
    },
  });
  return {
    /** spec §5: only approved banners are shown, in the provider's order. */
    listPublic(): Promise<Banner[]> {
      return repository.listApproved();
    },
    list: records.list,
    read: records.read,
    create: (staffId: number, body: BannerCreate) => records.create(staffId, body),
    update: (staffId: number, id: number, body: BannerPatch) => records.update(staffId, id, body),
    /** The banner's picture, through the listings' photo pipeline; an edit like any other (audited). */
    setImage(staffId: number, id: number, file: IncomingPhoto | undefined) {
      if (!images) throw new Error('banners: no photo pipeline was given');
      return images.attach(`content/banners/${id}`, file, (imageUrl) => records.update(staffId, id, { imageUrl }));
    },
  };
}

export type BannersService = ReturnType<typeof createBannersService>;
