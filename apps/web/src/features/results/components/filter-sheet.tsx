import { useRef, type ReactNode } from 'react';
import { CloseIcon } from '../../../components/icons';
import { useModal } from '../../../lib/use-modal';

interface FilterSheetProps {
  onClose: () => void;
  onClear: () => void;
  /** The label of the button that closes the sheet, e.g. 'Show 124 properties'. */
  doneLabel: string;
  children: ReactNode;
}

/** Filters on a phone: a sheet from the bottom edge, within thumb reach, over the results. */
export function FilterSheet({ onClose, onClear, doneLabel, children }: FilterSheetProps) {
  const panel = useRef<HTMLDivElement>(null);
  useModal(panel, onClose);

  return (
    <div className="fixed inset-0 z-50 lg:hidden">
      <div className="absolute inset-0 bg-slate-950/50" aria-hidden="true" onClick={onClose} />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby="filter-sheet-title"
        tabIndex={-1}
        className="absolute inset-x-0 bottom-0 flex max-h-[88dvh] flex-col rounded-t-3xl bg-white shadow-2xl focus:outline-none"
      >
        <div className="flex items-center justify-between border-b border-slate-200 px-5 py-3">
          <h2 id="filter-sheet-title" className="text-lg font-bold text-slate-900">
            Filters
          </h2>
          <button
            type="button"
            onClick={onClose}
            aria-label="Close filters"
            data-autofocus
            className="grid size-10 place-items-center rounded-full text-slate-700 hover:bg-slate-100"
          >
            <CloseIcon width={22} height={22} />
          </button>
        </div>
        <div className="flex-1 overflow-y-auto overscroll-contain px-5 py-4">{children}</div>
        <div className="flex items-center gap-3 border-t border-slate-200 px-5 py-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]">
          <button type="button" onClick={onClear} className="btn-secondary">
            Clear all
          </button>
          <button type="button" onClick={onClose} className="btn-primary flex-1 py-3">
            {doneLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
