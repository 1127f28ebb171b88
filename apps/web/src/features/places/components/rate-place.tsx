import { RATING_COMMENT_MAX, RATING_SUBMITTED_MESSAGE } from '@nivaas/contracts/review.schema';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { serverMessage } from '../../../lib/api/error-text';
import { loginFor, signInModalOpened, type AuthState } from '../../../domain/auth/auth-slice';
import { showError, showSuccess } from '../../../lib/toast';
import { useRateLocationMutation, useRateZoneMutation, type RatingResult } from '../api/post-rating';
import { StarInput } from './star-input';

export type RatedSubject = 'location' | 'zone';

interface RatePlaceProps {
  subject: RatedSubject;
  id: number;
  placeName: string;
  /** Called after a rating the server took (201); it is public once the provider approves it (issue 14). */
  onRated: () => void;
}

const WHAT: Record<RatedSubject, string> = { location: 'locality', zone: 'zone' };

/**
 * 'Rate this locality/zone' (spec §3 'Rating submission', §7 rateLocation / rate-zone): stars and a comment. A
 * visitor gets the sign-in modal; a signed-in user or broker rates under their own id. Only a 201 is a success
 * (spec §5), shown with the server's message or 'Rating submitted successfully!' (spec §8).
 */
export function RatePlace({ subject, id, placeName, onRated }: RatePlaceProps) {
  const dispatch = useDispatch();
  const login = useSelector((state: { auth: AuthState }) => loginFor(state));
  const [open, setOpen] = useState(false);
  const [stars, setStars] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  // A rating sent in this visit: it waits for review, which the place page says (issue 14).
  const [submitted, setSubmitted] = useState(false);
  const [rateLocation, locationState] = useRateLocationMutation();
  const [rateZone, zoneState] = useRateZoneMutation();
  const busy = locationState.isLoading || zoneState.isLoading;
  const formId = useId();
  const opener = useRef<HTMLButtonElement>(null);

  const start = () => {
    // spec §6: anonymous visitors browse; rating, like favouriting, needs a sign-in.
    if (!login) {
      dispatch(signInModalOpened());
      return;
    }
    setOpen(true);
  };

  const close = () => {
    setOpen(false);
    setError(null);
    opener.current?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !login) return;
    if (stars === null) {
      setError('Choose from 1 to 5 stars');
      return;
    }
    setError(null);
    const common = { ratingValue: stars, comment: comment.trim() || null, userId: login.id };
    const result: { data?: RatingResult; error?: unknown } =
      subject === 'location' ? await rateLocation({ ...common, locationId: id }) : await rateZone({ ...common, ZoneId: id });
    if (result.data?.created) {
      showSuccess(result.data.response.message || RATING_SUBMITTED_MESSAGE);
      setSubmitted(true);
      setOpen(false);
      setStars(null);
      setComment('');
      onRated();
      return;
    }
    showError((result.error ? serverMessage(result.error) : null) ?? 'Something went wrong!');
  };

  if (!open) {
    const button = (
      <button ref={opener} type="button" onClick={start} className="btn-secondary" aria-haspopup={login ? undefined : 'dialog'}>
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false" className="text-amber-500">
          <path d="M12 2.8l2.8 5.8 6.3.9-4.6 4.4 1.1 6.3L12 17.2l-5.6 3 1.1-6.3L2.9 9.5l6.3-.9z" fill="currentColor" />
        </svg>
        Rate this {WHAT[subject]}
      </button>
    );
    // Issue 14: a new rating waits in the provider's review queue, so the summary does not move yet; say so.
    return submitted ? (
      <div className="flex flex-col items-start gap-2">
        {button}
        <p role="status" className="text-sm text-slate-600">
          Thank you. Your rating appears here once the Nivaas team has reviewed it.
        </p>
      </div>
    ) : (
      button
    );
  }

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label={`Rate ${placeName}`}
      className="w-full space-y-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <p className="font-semibold text-slate-900">How is life in {placeName}?</p>
      <StarInput
        value={stars}
        onChange={(value) => {
          setStars(value);
          setError(null);
        }}
        invalid={error !== null}
        describedBy={error ? `${formId}-error` : undefined}
      />
      {error && (
        <p id={`${formId}-error`} className="-mt-2 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      <div>
        <label htmlFor={`${formId}-comment`} className="block text-sm font-semibold text-slate-800">
          Your review <span className="font-normal text-slate-500">(optional)</span>
        </label>
        <textarea
          id={`${formId}-comment`}
          rows={3}
          maxLength={RATING_COMMENT_MAX}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          placeholder="Roads, water, schools, safety, the commute: what should a buyer know?"
          className="mt-1.5 block w-full rounded-xl bg-white px-3.5 py-2.5 text-base text-slate-900 ring-1 ring-slate-300 placeholder:text-slate-400 focus:ring-2 focus:ring-brand-600 focus:outline-none"
        />
        <p className="mt-1 text-right text-xs text-slate-500">
          {comment.length} / {RATING_COMMENT_MAX}
        </p>
      </div>
      <div className="flex flex-wrap justify-end gap-3">
        <button type="button" onClick={close} className="btn-secondary">
          Cancel
        </button>
        <button type="submit" disabled={busy} className="btn-primary disabled:opacity-60">
          {busy ? 'Submitting...' : 'Submit rating'}
        </button>
      </div>
    </form>
  );
}
