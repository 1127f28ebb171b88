import type { RatingSummary, Review } from '@nivaas/contracts/review.schema';
import { EmptyState, ErrorState } from '../../../components/section-states';
import { StarRating } from '../../../components/star-rating';
import { serverMessage } from '../../../lib/api/error-text';
import { useGetPlaceReviewsQuery, type ReviewSubject } from '../api/get-place-reviews';
import { RatePlace } from './rate-place';

const dateFormat = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });
const count = new Intl.NumberFormat('en-IN');

/** spec §8: the city's own fallback text; zones and locations have none, so the generic one. */
const FAILURE: Record<ReviewSubject, string> = {
  city: 'Failed to fetch city reviews',
  zone: 'Something went wrong',
  location: 'Something went wrong',
};

interface PlaceReviewsProps {
  subject: ReviewSubject;
  id: number;
  placeName: string;
}

/** What residents say about a place: the rating summary, its distribution and the latest reviews. */
export function PlaceReviews({ subject, id, placeName }: PlaceReviewsProps) {
  const reviews = useGetPlaceReviewsQuery({ subject, id });
  const headingId = `reviews-${subject}-${id}`;

  let body;
  if (reviews.isError) {
    body = (
      <ErrorState
        title={FAILURE[subject]}
        message={serverMessage(reviews.error) ?? 'Check your connection and try again.'}
        onRetry={() => void reviews.refetch()}
      />
    );
  } else if (!reviews.data) {
    body = (
      <div className="grid gap-6 md:grid-cols-[18rem_1fr]" aria-busy="true" aria-label="Loading reviews">
        <div className="h-48 animate-pulse rounded-2xl bg-slate-200" />
        <div className="space-y-3">
          {Array.from({ length: 3 }, (_, i) => (
            <div key={i} className="h-24 animate-pulse rounded-2xl bg-slate-200" />
          ))}
        </div>
      </div>
    );
  } else if (reviews.data.summary.count === 0) {
    body = (
      <EmptyState title={`No reviews of ${placeName} yet`}>
        Residents who sign in can rate the places they live in.
      </EmptyState>
    );
  } else {
    body = (
      <div className="grid items-start gap-6 md:grid-cols-[18rem_1fr]">
        <RatingSummaryCard summary={reviews.data.summary} />
        <ul className="space-y-3">
          {reviews.data.reviews.map((review) => (
            <ReviewItem key={review.id} review={review} />
          ))}
        </ul>
      </div>
    );
  }

  return (
    <section aria-labelledby={headingId}>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-xl font-bold tracking-tight text-slate-900 md:text-2xl">
          Reviews of {placeName}
        </h2>
        {/* spec §7: localities and zones take ratings (rateLocation, rate-zone); cities only show them. */}
        {subject !== 'city' && (
          <RatePlace subject={subject} id={id} placeName={placeName} onRated={() => void reviews.refetch()} />
        )}
      </div>
      {body}
    </section>
  );
}

export function RatingSummaryCard({ summary }: { summary: RatingSummary }) {
  const total = Math.max(summary.count, 1);
  return (
    <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <p className="flex items-baseline gap-2">
        <span className="text-4xl font-extrabold tracking-tight text-slate-900">{summary.average.toFixed(1)}</span>
        <span className="text-sm text-slate-500">out of 5</span>
      </p>
      <StarRating value={summary.average} size={18} className="mt-1" />
      <p className="mt-1 text-sm text-slate-600">
        {count.format(summary.count)} {summary.count === 1 ? 'review' : 'reviews'}
      </p>
      <table className="mt-4 w-full text-sm">
        <caption className="sr-only">How many reviews gave each number of stars</caption>
        <tbody>
          {([5, 4, 3, 2, 1] as const).map((stars) => {
            const n = summary.distribution[stars];
            return (
              <tr key={stars}>
                <th scope="row" className="w-12 py-1 text-left font-medium whitespace-nowrap text-slate-700">
                  {stars} ★
                </th>
                <td className="py-1">
                  <span className="block h-2 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
                    <span className="block h-full rounded-full bg-amber-400" style={{ width: `${(n / total) * 100}%` }} />
                  </span>
                </td>
                <td className="w-10 py-1 text-right text-slate-600 tabular-nums">{n}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function ReviewItem({ review }: { review: Review }) {
  const date = new Date(review.createdAt);
  return (
    <li className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold text-slate-900">{review.authorName ?? 'A resident'}</p>
        {!Number.isNaN(date.getTime()) && (
          <time dateTime={review.createdAt} className="text-xs text-slate-500">
            {dateFormat.format(date)}
          </time>
        )}
      </div>
      <StarRating value={review.ratingValue} size={14} className="mt-1" />
      {review.comment && <p className="mt-2 text-[15px] leading-7 text-slate-700">{review.comment}</p>}
    </li>
  );
}
