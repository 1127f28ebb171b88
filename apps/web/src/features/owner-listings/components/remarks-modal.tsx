import { useRef } from 'react';
import { useModal } from '../../../lib/use-modal';
import { formatRemarkDate, remarksNewestFirst } from '../lib/dashboard-rules';

interface RemarksModalProps {
  listingName: string;
  remarks: Record<string, string>;
  onClose: () => void;
  onEdit: () => void;
}

/** spec §2: titled 'Remarks', the provider's messages with dates, Back and Edit; a click outside closes it. */
export function RemarksModal({ listingName, remarks, onClose, onEdit }: RemarksModalProps) {
  const panel = useRef<HTMLDivElement>(null);
  useModal(panel, onClose);
  const entries = remarksNewestFirst(remarks);
  return (
    <div
      className="fixed inset-0 z-50 grid place-items-center bg-slate-900/50 p-4"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby="remarks-title"
        tabIndex={-1}
        className="w-full max-w-md rounded-2xl bg-white p-6 shadow-xl outline-none"
      >
        <h2 id="remarks-title" className="text-xl font-bold text-slate-900">
          Remarks
        </h2>
        <p className="mt-1 text-sm text-slate-600">{listingName}</p>
        {entries.length === 0 ? (
          <p className="mt-4 text-slate-700">No remarks available.</p>
        ) : (
          <ul className="mt-4 max-h-72 space-y-3 overflow-y-auto">
            {entries.map((entry) => (
              <li key={entry.at} className="rounded-xl bg-red-50 px-4 py-3">
                <time dateTime={entry.at} className="text-xs font-semibold text-red-800">
                  {formatRemarkDate(entry.at)}
                </time>
                <p className="mt-1 whitespace-pre-line text-sm text-slate-800">{entry.message}</p>
              </li>
            ))}
          </ul>
        )}
        <div className="mt-6 flex justify-end gap-3">
          <button type="button" onClick={onClose} className="rounded-full px-4 py-2 text-sm font-semibold text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50" data-autofocus>
            Back
          </button>
          <button type="button" onClick={onEdit} className="btn-primary">
            Edit
          </button>
        </div>
      </div>
    </div>
  );
}
