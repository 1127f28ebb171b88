import type { Banner } from '@nivaas/contracts/banner.schema';
import type { BannersRepository } from './banners.repository';

export function createBannersService(repository: BannersRepository) {
  return {
    /** spec §5: only approved banners are shown, in the provider's order. */
    listPublic(): Promise<Banner[]> {
      return repository.listApproved();
    },
  };
}

export type BannersService = ReturnType<typeof createBannersService>;
