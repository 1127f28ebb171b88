import { REMARK_MAX, RejectBodySchema } from '@nivaas/contracts/moderation.schema';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';

interface RejectDialogProps {
  /** What is being rejected, e.g. the listing's or broker's name. */
  subject: string;
  /** Who reads the remark, for the help text ('the owner', 'the broker'). */
  reader: string;
  onCancel: () => void;
  /** Resolves when the rejection is stored; a thrown error's message is shown in the dialog. */
  onReject: (remark: string) => Promise<void>;
  /**
   * Issue 14: the same dialog for other decisions that need a reason (suspend a broker, block a user): the verb in the
   * title and button ('Suspend', 'Block') and the field's label ('Reason'). Rejecting is the default.
   */
  verb?: string;
  label?: string;
  /** An example of what to write, fitting the decision. */
  placeholder?: string;
}

/**
 * Reject with a remark (issue 5): the remark is required (the shared RejectBodySchema decides what is enough), it is
 * stored with its time and shown to the owner. A modal dialog: focus moves in, Tab stays in, Escape cancels, and
 * focus goes back to the button that opened it.
 */
export function RejectDialog({
  subject,
  reader,
  onCancel,
  onReject,
  verb = 'Reject',
  label = 'Remark',
  placeholder = 'For example: the photos do not show the property; add at least one of the living room.',
}: RejectDialogProps) {
  const titleId = useId();
  const helpId = useId();
  const errorId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const [remark, setRemark] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    textRef.current?.focus();
    return () => opener?.focus();
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = RejectBodySchema.safeParse({ remark });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Write a remark for the owner');
      textRef.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onReject(parsed.data.remark);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'Something went wrong!');
      setBusy(false);
    }
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape' && !busy) {
      event.stopPropagation();
      onCancel();
      return;
    }
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const focusable = [...dialogRef.current.querySelectorAll<HTMLElement>('textarea, button:not([disabled])')];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <div className="fixed inset-0 z-40 flex items-end justify-center bg-slate-900/50 p-0 sm:items-center sm:p-4" onKeyDown={onKeyDown}>
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={helpId}
        className="max-h-[90dvh] w-full overflow-y-auto rounded-t-2xl bg-white p-5 shadow-xl sm:max-w-lg sm:rounded-2xl"
      >
        <h2 id={titleId} className="text-lg font-bold text-slate-900">
          {verb} “{subject}”
        </h2>
        <p id={helpId} className="mt-1 text-sm text-slate-600">
          The {label.toLowerCase()} is required and is shown to {reader} with the date, so they know {verb === 'Reject' ? 'what to change' : 'why'}.
        </p>
        <form onSubmit={submit} noValidate className="mt-4">
          <label htmlFor={`${titleId}-remark`} className="text-sm font-semibold text-slate-800">
            {label}
          </label>
          <textarea
            id={`${titleId}-remark`}
            ref={textRef}
            value={remark}
            onChange={(event) => {
              setRemark(event.target.value);
              // The old message would be about text that is no longer there.
              setError(null);
            }}
            rows={4}
            maxLength={REMARK_MAX}
            required
            aria-invalid={error !== null}
            aria-describedby={error !== null ? errorId : undefined}
            placeholder={placeholder}
            className={`pc-input mt-1 ${error !== null ? 'border-red-600 focus:border-red-600 focus:ring-red-600/30' : ''}`}
          />
          <div className="mt-1 flex justify-between gap-3 text-xs">
            <p id={errorId} className="font-medium text-red-700">
              {error}
            </p>
            <span className="shrink-0 text-slate-500">
              {remark.length}/{REMARK_MAX}
            </span>
          </div>
          <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <button type="button" className="pc-btn-secondary" onClick={onCancel} disabled={busy}>
              Cancel
            </button>
            <button type="submit" className="pc-btn-danger" disabled={busy}>
              {busy ? 'Saving…' : verb === 'Reject' ? 'Reject with remark' : `${verb} with ${label.toLowerCase()}`}
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}
