import type { Principal } from '@nivaas/contracts/auth.schema';
import type { Rating, RateLocationRequest, RateZoneRequest } from '@nivaas/contracts/review.schema';
import { DomainError } from '../../lib/domain-error';
import type { RatedPlace, Rater, RatingsRepository } from './ratings.repository';

/**
 * Issue 14: a new rating waits in the provider's review queue as pending and is public once approved (only approved
 * reviews are public). Before issue 14 it was published at once and moderated after the fact (decision 005).
 * An edit sends the rating back to pending, whatever it was (ratings.repository.ts).
 */
const NEW_RATING_APPROVAL = 'pending' as const;

/**
 * The spec's client sends `userId` (its stored login id) with a rating. It never chooses the rater: the token
 * does. A `userId` that is not the caller's own id is refused (403 naming userId) rather than silently ignored,
 * so a client bug or a forgery is visible instead of storing a rating under a name the sender did not expect.
 */
/** Users and brokers rate; the routes' guard lets only those two through, and this narrows the type to match. */
function raterOf(principal: Principal): Rater {
  if (principal.kind === 'provider') throw new DomainError('FORBIDDEN', 'Your account cannot do this');
  return { kind: principal.kind, id: principal.id };
}

function assertOwnId(caller: Rater, userId: number | undefined): void {
  if (userId !== undefined && userId !== caller.id) {
    throw new DomainError('FORBIDDEN', 'You can only rate as yourself', { field: 'userId' });
  }
}

export function createRatingsService(repository: RatingsRepository) {
  async function rate(caller: Rater, place: RatedPlace, { ratingValue, comment }: { ratingValue: number; comment: string | null }): Promise<Rating> {
    const authorName = await repository.raterName(caller);
    const stored = await repository.save(caller, place, { ratingValue, comment, authorName }, NEW_RATING_APPROVAL);
    return {
      id: stored.id,
      subject: place.subject,
      placeId: place.subject === 'location' ? place.locationId : place.zoneId,
      ratingValue: stored.ratingValue,
      comment: stored.comment,
      updated: stored.updated,
    };
  }

  return {
    /** spec §7 POST /ratingroute/rateLocation: one rating per person per locality; a second replaces the first. */
    async rateLocation(principal: Principal, body: RateLocationRequest): Promise<Rating> {
      const caller = raterOf(principal);
      assertOwnId(caller, body.userId);
      const place = await repository.findLocation(body.locationId);
      if (!place) throw new DomainError('NOT_FOUND', `Location ${body.locationId} not found`, { field: 'locationId' });
      return rate(caller, place, body);
    },

    /** spec §7 POST /ratingroute/rate-zone: one rating per person per zone; a second replaces the first. */
    async rateZone(principal: Principal, body: RateZoneRequest): Promise<Rating> {
      const caller = raterOf(principal);
      assertOwnId(caller, body.userId);
      const place = await repository.findZone(body.ZoneId);
      if (!place) throw new DomainError('NOT_FOUND', `Zone ${body.ZoneId} not found`, { field: 'ZoneId' });
      return rate(caller, place, body);
    },
  };
}

export type RatingsService = ReturnType<typeof createRatingsService>;
