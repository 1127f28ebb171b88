import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { serverMessage } from '../../lib/api/error-text';
import { usePostLeadMutation } from './post-lead';
import { checkLead, serverFieldErrors, type LeadErrors, type LeadField, type LeadValues } from './lead-form';
import { showError, showSuccess } from '../../lib/toast';
import { track } from '../../lib/tracking/track';

interface EnquiryFormProps {
  /** The project or listing the enquiry is about; absent on the contact page. */
  projectId?: number;
  /** Pre-filled message, e.g. "I'm interested in Prestige Lakeside." */
  defaultMessage?: string;
  submitLabel?: string;
  /** Labels the form for assistive technology. */
  title: string;
  className?: string;
  /** Called after the enquiry was accepted (the lead prompt closes itself then). */
  onSent?: () => void;
  /** The tracked event a sent form records (issue 12): the contact page's is CONTACT_FORM_SENT. */
  trackAs?: 'ENQUIRY_SENT' | 'CONTACT_FORM_SENT';
}

const EMPTY: LeadValues = { name: '', phone: '', email: '', message: '' };

const FIELDS: { field: LeadField; label: string; type: string; autoComplete: string; inputMode?: 'tel' | 'email' }[] = [
  { field: 'name', label: 'Your name', type: 'text', autoComplete: 'name' },
  { field: 'phone', label: 'Mobile number', type: 'tel', autoComplete: 'tel', inputMode: 'tel' },
  { field: 'email', label: 'E-mail', type: 'email', autoComplete: 'email', inputMode: 'email' },
];

/**
 * An enquiry to the portal (spec §7 uILeadFormData). Success shows the server's message as a toast
 * (spec §8) and clears the form; a failure shows an error toast and keeps everything typed.
 */
export function EnquiryForm({
  projectId,
  defaultMessage = '',
  submitLabel = 'Send enquiry',
  title,
  className = '',
  onSent,
  trackAs = 'ENQUIRY_SENT',
}: EnquiryFormProps) {
  const id = useId();
  const [values, setValues] = useState<LeadValues>({ ...EMPTY, message: defaultMessage });
  const [errors, setErrors] = useState<LeadErrors>({});
  const [postLead, { isLoading }] = usePostLeadMutation();
  const form = useRef<HTMLFormElement>(null);

  const update = (field: LeadField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    // A corrected field stops shouting at once; the others keep their messages until the next send.
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const focusFirstError = (found: LeadErrors) => {
    const first = (['name', 'phone', 'email', 'message'] as const).find((field) => found[field]);
    if (first) form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isLoading) return;
    const checked = await checkLead(values, projectId);
    if (!checked.ok) {
      setErrors(checked.errors);
      focusFirstError(checked.errors);
      return;
    }
    setErrors({});
    const result = await postLead(checked.body);
    if ('data' in result && result.data) {
      showSuccess(result.data.message);
      track(trackAs, projectId === undefined ? undefined : { projectId });
      setValues({ ...EMPTY, message: defaultMessage });
      onSent?.();
      return;
    }
    const fieldErrors = serverFieldErrors(result.error);
    setErrors(fieldErrors);
    focusFirstError(fieldErrors);
    showError(serverMessage(result.error) ?? 'We could not send your enquiry. Check your connection and try again.');
  };

  const inputClasses = (field: LeadField) =>
    `mt-1.5 block w-full rounded-xl bg-white px-3.5 py-2.5 text-base text-slate-900 ring-1 placeholder:text-slate-400 focus:ring-2 focus:outline-none ${errors[field] ? 'ring-red-500 focus:ring-red-600' : 'ring-slate-300 focus:ring-brand-600'}`;

  const describedBy = (field: LeadField) => (errors[field] ? `${id}-${field}-error` : undefined);

  return (
    <form ref={form} noValidate onSubmit={submit} aria-label={title} className={`space-y-4 ${className}`}>
      {FIELDS.map(({ field, label, type, autoComplete, inputMode }) => (
        <div key={field}>
          <label htmlFor={`${id}-${field}`} className="block text-sm font-semibold text-slate-800">
            {label}
          </label>
          <input
            id={`${id}-${field}`}
            name={field}
            type={type}
            inputMode={inputMode}
            autoComplete={autoComplete}
            value={values[field]}
            onChange={(event) => update(field, event.target.value)}
            aria-invalid={errors[field] ? true : undefined}
            aria-describedby={describedBy(field)}
            placeholder={field === 'phone' ? '98450 12345' : undefined}
            className={inputClasses(field)}
          />
          {errors[field] && (
            <p id={`${id}-${field}-error`} className="mt-1 text-sm font-medium text-red-700">
              {errors[field]}
            </p>
          )}
        </div>
      ))}
      <div>
        <label htmlFor={`${id}-message`} className="block text-sm font-semibold text-slate-800">
          Message <span className="font-normal text-slate-500">(optional)</span>
        </label>
        <textarea
          id={`${id}-message`}
          name="message"
          rows={3}
          value={values.message}
          onChange={(event) => update('message', event.target.value)}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={describedBy('message')}
          className={inputClasses('message')}
        />
        {errors.message && (
          <p id={`${id}-message-error`} className="mt-1 text-sm font-medium text-red-700">
            {errors.message}
          </p>
        )}
      </div>
      <button type="submit" disabled={isLoading} className="btn-primary w-full py-3 disabled:opacity-60">
        {isLoading ? 'Sending…' : submitLabel}
      </button>
      <p className="text-xs text-slate-500">
        We use your details only to answer this enquiry. See our{' '}
        <Link to="/privacy-policy" className="underline hover:text-brand-700">
          privacy policy
        </Link>
        .
      </p>
    </form>
  );
}
