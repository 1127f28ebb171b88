import { useId, useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'className'> {
  label: string;
  /** The message under the field; also marks the input invalid. */
  error?: string;
  hint?: ReactNode;
  /** Shown after the label in a lighter weight, e.g. '(optional)'. */
  note?: string;
  inputClassName?: string;
  ref?: Ref<HTMLInputElement>;
}

export const inputClasses = (invalid: boolean) =>
  `mt-1.5 block w-full rounded-xl bg-white px-3.5 py-2.5 text-base text-slate-900 ring-1 placeholder:text-slate-400 focus:ring-2 focus:outline-none disabled:bg-slate-100 disabled:text-slate-500 ${invalid ? 'ring-red-500 focus:ring-red-600' : 'ring-slate-300 focus:ring-brand-600'}`;

/** A labelled input with its error and hint tied to it for assistive technology. */
export function Field({ label, error, hint, note, inputClassName = '', id: givenId, ref, ...input }: FieldProps) {
  const generated = useId();
  const id = givenId ?? generated;
  const described = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {label}
        {note && <span className="font-normal text-slate-500"> {note}</span>}
      </label>
      <input
        ref={ref}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        className={`${inputClasses(Boolean(error))} ${inputClassName}`}
        {...input}
      />
      {hint && !error && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** A password input with a show/hide switch: on a phone keyboard a typo is otherwise invisible. */
export function PasswordField(props: Omit<FieldProps, 'type'>) {
  const [visible, setVisible] = useState(false);
  const generated = useId();
  const id = props.id ?? generated;
  return (
    <div className="relative">
      <Field {...props} id={id} type={visible ? 'text' : 'password'} inputClassName="pr-16" />
      <button
        type="button"
        onClick={() => setVisible((shown) => !shown)}
        aria-controls={id}
        aria-pressed={visible}
        className="absolute top-[2.05rem] right-2 rounded-lg px-2 py-1.5 text-xs font-semibold text-brand-700 hover:bg-brand-50"
      >
        {visible ? 'Hide' : 'Show'}
        <span className="sr-only"> {props.label.toLowerCase()}</span>
      </button>
    </div>
  );
}
