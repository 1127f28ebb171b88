import type { QueueOrder } from '@nivaas/contracts/moderation.schema';
import { QUEUE_SEARCH_MAX } from '@nivaas/contracts/moderation.schema';
import { useId, useState, type FormEvent } from 'react';

interface QueueToolbarProps {
  /** What is searched, for the box's label ('Search pending listings'). */
  label: string;
  placeholder: string;
  q: string;
  order: QueueOrder;
  onSearch: (q: string) => void;
  onOrder: (order: QueueOrder) => void;
}

/**
 * A queue's search box and order (issue 17). The search runs on the server when the form is sent (Enter or the
 * button), so a queue of any length is narrowed without loading it all; the order applies at once.
 */
export function QueueToolbar({ label, placeholder, q, order, onSearch, onOrder }: QueueToolbarProps) {
  const searchId = useId();
  const orderId = useId();
  const [draft, setDraft] = useState(q);
  const [shown, setShown] = useState(q);
  // The address may change the search (back, a link): the box follows it.
  if (shown !== q) {
    setShown(q);
    setDraft(q);
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(draft.trim());
  };

  return (
    <form role="search" aria-label={label} onSubmit={submit} className="mb-4 flex flex-col gap-2 sm:flex-row sm:items-end">
      <div className="min-w-0 flex-1">
        <label htmlFor={searchId} className="sr-only">
          {label}
        </label>
        <input
          id={searchId}
          type="search"
          value={draft}
          maxLength={QUEUE_SEARCH_MAX}
          onChange={(event) => setDraft(event.target.value)}
          placeholder={placeholder}
          className="pc-input"
        />
      </div>
      <div className="flex gap-2">
        <button type="submit" className="pc-btn-primary flex-1 sm:flex-none">
          Search
        </button>
        {q ? (
          <button
            type="button"
            className="pc-btn-secondary flex-1 sm:flex-none"
            onClick={() => {
              setDraft('');
              onSearch('');
            }}
          >
            Clear
          </button>
        ) : null}
        <label htmlFor={orderId} className="sr-only">
          Order
        </label>
        <select id={orderId} value={order} onChange={(event) => onOrder(event.target.value === 'newest' ? 'newest' : 'oldest')} className="pc-input w-auto flex-1 sm:flex-none">
          <option value="oldest">Oldest first</option>
          <option value="newest">Newest first</option>
        </select>
      </div>
    </form>
  );
}
