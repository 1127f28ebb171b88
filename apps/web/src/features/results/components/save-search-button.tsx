import { SAVED_SEARCH_NAME_MAX } from '@nivaas/contracts/values';
import type { SavedSearchFilters } from '@nivaas/contracts/saved-search.schema';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Link } from 'react-router';
import { CheckIcon, CloseIcon } from '../../../components/icons';
import { serverMessage } from '../../../lib/api/error-text';
import { selectUserLogin, signInModalOpened } from '../../../domain/auth/auth-slice';
import { useSaveSearchMutation } from '../../../domain/saved-searches/post-saved-search';
import { showSuccess } from '../../../lib/toast';
import { useModal } from '../../../lib/use-modal';
import { track } from '../../../lib/tracking/track';

interface SaveSearchButtonProps {
  filters: SavedSearchFilters;
  /** The page's heading, offered as the name ('Properties in Whitefield, Bengaluru'). */
  suggestedName: string;
}

function BookmarkIcon({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false" fill={filled ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round">
      <path d="M6 3.5h12v17l-6-4-6 4z" />
    </svg>
  );
}

/**
 * 'Save this search' (issue 4; spec §2 sign-in modal: 'Access saved searches and favorites'). Saved searches are a
 * signed-in user's: anyone else gets the sign-in modal. The user names the search; it is kept with the page's
 * filters, listed on /wishlist, and the user hears of new listings that match.
 */
export function SaveSearchButton({ filters, suggestedName }: SaveSearchButtonProps) {
  const dispatch = useDispatch();
  const user = useSelector(selectUserLogin);
  const [open, setOpen] = useState(false);
  // The filters last saved from this page: the button says so until the search changes.
  const [savedFor, setSavedFor] = useState<string | null>(null);
  const key = JSON.stringify(filters);
  const saved = savedFor === key;

  const start = () => {
    if (!user) {
      dispatch(signInModalOpened());
      return;
    }
    setOpen(true);
  };

  return (
    <>
      {saved ? (
        <Link to="/wishlist" className="btn-secondary text-brand-800" aria-label="Search saved: see your saved searches">
          <CheckIcon width={18} height={18} />
          Search saved
        </Link>
      ) : (
        <button type="button" onClick={start} aria-haspopup="dialog" className="btn-secondary">
          <BookmarkIcon filled={false} />
          Save this search
        </button>
      )}
      {open && user && (
        <SaveSearchDialog
          userId={user.id}
          filters={filters}
          suggestedName={suggestedName}
          onClose={() => setOpen(false)}
          onSaved={() => {
            setSavedFor(key);
            setOpen(false);
          }}
        />
      )}
    </>
  );
}

interface SaveSearchDialogProps {
  userId: number;
  filters: SavedSearchFilters;
  suggestedName: string;
  onClose: () => void;
  onSaved: () => void;
}

function SaveSearchDialog({ userId, filters, suggestedName, onClose, onSaved }: SaveSearchDialogProps) {
  const panel = useRef<HTMLDivElement>(null);
  useModal(panel, onClose);
  const id = useId();
  const [name, setName] = useState(suggestedName.slice(0, SAVED_SEARCH_NAME_MAX));
  const [error, setError] = useState<string | null>(null);
  const [save, { isLoading }] = useSaveSearchMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isLoading) return;
    // Decision 032: the schema (and zod) load when a search is saved, not with the results page.
    const schema = await import('@nivaas/contracts/saved-search.schema').then(
      (contracts) => contracts.SavedSearchCreateSchema,
      () => null,
    );
    if (!schema) {
      setError('We could not save the search. Check your connection and try again.');
      return;
    }
    const checked = schema.safeParse({ name, filters });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? 'Give the search a name');
      return;
    }
    setError(null);
    const result = await save({ userId, body: checked.data });
    if (result.data) {
      showSuccess(result.data.message);
      track('SAVED_SEARCH_CREATED');
      onSaved();
      return;
    }
    setError(serverMessage(result.error) ?? 'Something went wrong!');
  };

  return (
    <div className="fixed inset-0 z-50 grid items-end sm:place-items-center sm:p-4">
      <div className="absolute inset-0 bg-slate-950/50" aria-hidden="true" onClick={onClose} />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        tabIndex={-1}
        className="relative w-full rounded-t-3xl bg-white p-5 pb-[max(1.25rem,env(safe-area-inset-bottom))] shadow-2xl focus:outline-none sm:max-w-md sm:rounded-3xl sm:p-6"
      >
        <div className="flex items-start justify-between gap-3">
          <div>
            <h2 id={`${id}-title`} className="text-lg font-bold text-slate-900">
              Save this search
            </h2>
            <p className="mt-1 text-sm text-slate-600">We’ll tell you when a new property matches it.</p>
          </div>
          <button
            type="button"
            onClick={onClose}
            aria-label="Close"
            className="-mt-1 -mr-1 grid size-10 shrink-0 place-items-center rounded-full text-slate-700 hover:bg-slate-100"
          >
            <CloseIcon width={22} height={22} />
          </button>
        </div>
        <form noValidate onSubmit={(event) => void submit(event)} className="mt-5 space-y-4">
          <div>
            <label htmlFor={`${id}-name`} className="block text-sm font-semibold text-slate-800">
              Name
            </label>
            <input
              id={`${id}-name`}
              data-autofocus
              value={name}
              maxLength={SAVED_SEARCH_NAME_MAX}
              onChange={(event) => {
                setName(event.target.value);
                setError(null);
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              className={`mt-1.5 block w-full rounded-xl bg-white px-3.5 py-2.5 text-base text-slate-900 ring-1 focus:ring-2 focus:outline-none ${error ? 'ring-red-500 focus:ring-red-600' : 'ring-slate-300 focus:ring-brand-600'}`}
            />
            {error && (
              <p id={`${id}-error`} role="alert" className="mt-1 text-sm font-medium text-red-700">
                {error}
              </p>
            )}
          </div>
          <div className="flex gap-3">
            <button type="button" onClick={onClose} className="btn-secondary flex-1">
              Cancel
            </button>
            <button type="submit" disabled={isLoading} className="btn-primary flex-1 disabled:opacity-60">
              {isLoading ? 'Saving...' : 'Save search'}
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}
