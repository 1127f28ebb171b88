/**
 * A searchable picker of one record by name (issue 14): the provider types part of a builder's, city's or locality's
 * name and picks it from what the server's admin list read finds; the form keeps the id. A combobox with a listbox
 * (ARIA 1.2 pattern): arrows move, Enter picks, Escape closes. Clearing the text clears the choice.
 *
 *   <RecordPicker label="Builder" value={values.builderId} selectedLabel={values.builderName}
 *     search={(q) => listBuilders(api, { q, limit: 8 }).then((page) => page.items.map((b) => ({ id: b.id, label: b.name })))}
 *     onPick={(option) => ...} error={form.errors.builderId} />
 */
import { useEffect, useId, useRef, useState } from 'react';
import { Field } from './record-fields';

export interface PickerOption {
  id: number;
  label: string;
  /** A second line: the city of a zone, the zone and city of a locality. */
  detail?: string;
}

export interface RecordPickerProps<O extends PickerOption> {
  label: string;
  /** The chosen id ('' when none). */
  value: string;
  /** The chosen record's name, shown in the box. */
  selectedLabel: string;
  search: (q: string) => Promise<O[]>;
  /** The option picked, or null when the text was cleared. */
  onPick: (option: O | null) => void;
  error?: string | undefined;
  hint?: string;
  required?: boolean;
  className?: string;
  disabled?: boolean;
}

/** Long enough to skip most keystrokes of a word typed at speed, short enough to feel immediate. */
const SEARCH_DELAY_MS = 250;

export function RecordPicker<O extends PickerOption>({ label, value, selectedLabel, search, onPick, error, hint, required, className = '', disabled }: RecordPickerProps<O>) {
  const listId = useId();
  // What the provider is typing; null shows the chosen record's name (so a restored draft or a locality's city, set
  // from outside, shows at once).
  const [typed, setTyped] = useState<string | null>(null);
  const text = typed ?? selectedLabel;
  const [open, setOpen] = useState(false);
  const [options, setOptions] = useState<O[]>([]);
  const [active, setActive] = useState(-1);
  const [state, setState] = useState<'idle' | 'loading' | 'error'>('idle');
  const searchRef = useRef(search);
  useEffect(() => {
    searchRef.current = search;
  });

  useEffect(() => {
    if (!open) return;
    let current = true;
    const timer = setTimeout(() => {
      setState('loading');
      searchRef.current(text.trim()).then(
        (found) => {
          if (!current) return;
          setOptions(found);
          setActive(found.length > 0 ? 0 : -1);
          setState('idle');
        },
        () => current && setState('error'),
      );
    }, SEARCH_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [open, text]);

  const pick = (option: O) => {
    setTyped(null);
    setOpen(false);
    onPick(option);
  };
  const close = () => {
    setOpen(false);
    // Typed but not picked: the box shows the chosen record again, so what it says is what is saved.
    setTyped(null);
  };

  return (
    <Field label={required ? `${label} *` : label} error={error} hint={hint} className={`relative ${className}`}>
      {({ id, describedBy, invalid }) => (
        <>
          <input
            id={id}
            type="text"
            role="combobox"
            autoComplete="off"
            disabled={disabled}
            aria-expanded={open}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={open && active >= 0 ? `${listId}-${active}` : undefined}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            aria-required={required || undefined}
            placeholder="Type to search by name"
            value={text}
            onFocus={() => setOpen(true)}
            onBlur={close}
            onChange={(event) => {
              setTyped(event.target.value);
              setOpen(true);
              if (event.target.value.trim() === '' && value !== '') onPick(null);
            }}
            onKeyDown={(event) => {
              if (event.key === 'ArrowDown') {
                event.preventDefault();
                setOpen(true);
                setActive((index) => Math.min(index + 1, options.length - 1));
              } else if (event.key === 'ArrowUp') {
                event.preventDefault();
                setActive((index) => Math.max(index - 1, 0));
              } else if (event.key === 'Enter' && open) {
                // Enter picks rather than submitting the form with a half-typed name.
                event.preventDefault();
                const option = options[active];
                if (option) pick(option);
              } else if (event.key === 'Escape' && open) {
                event.preventDefault();
                close();
              }
            }}
            className={`pc-input ${invalid ? 'border-red-600 ring-1 ring-red-600' : ''}`}
          />
          {open ? (
            <ul id={listId} role="listbox" aria-label={`${label} choices`} className="absolute inset-x-0 z-20 mt-1 max-h-64 overflow-y-auto rounded-lg bg-white py-1 text-sm shadow-lg ring-1 ring-slate-200">
              {options.map((option, index) => (
                <li
                  key={option.id}
                  id={`${listId}-${index}`}
                  role="option"
                  aria-selected={index === active}
                  // mousedown, not click: the input's blur would close the list first.
                  onMouseDown={(event) => {
                    event.preventDefault();
                    pick(option);
                  }}
                  onMouseEnter={() => setActive(index)}
                  className={`cursor-pointer px-3 py-2 ${index === active ? 'bg-brand-50 text-brand-900' : 'text-slate-800'}`}
                >
                  <span className="block font-medium break-words">{option.label}</span>
                  {option.detail ? <span className="block text-xs text-slate-500">{option.detail}</span> : null}
                </li>
              ))}
              {state === 'idle' && options.length === 0 ? <li className="px-3 py-2 text-slate-500">No match for “{text.trim()}”</li> : null}
              {state === 'loading' && options.length === 0 ? <li className="px-3 py-2 text-slate-500">Searching…</li> : null}
              {state === 'error' ? <li className="px-3 py-2 text-red-700">The search failed; type again to retry.</li> : null}
            </ul>
          ) : null}
        </>
      )}
    </Field>
  );
}
