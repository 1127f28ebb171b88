import { useId, useState } from 'react';

const STAR = 'M12 2.8l2.8 5.8 6.3.9-4.6 4.4 1.1 6.3L12 17.2l-5.6 3 1.1-6.3L2.9 9.5l6.3-.9z';
const WORDS = ['Poor', 'Fair', 'Good', 'Very good', 'Excellent'] as const;

interface StarInputProps {
  value: number | null;
  onChange: (value: number) => void;
  invalid?: boolean;
  describedBy?: string;
}

/**
 * Five stars as a radio group: arrow keys move between them like any radio group, and each star's name
 * says what it means ('4 stars, Very good').
 */
export function StarInput({ value, onChange, invalid = false, describedBy }: StarInputProps) {
  const name = useId();
  const [hover, setHover] = useState<number | null>(null);
  const shown = hover ?? value ?? 0;
  return (
    <fieldset aria-describedby={describedBy} aria-invalid={invalid || undefined}>
      <legend className="text-sm font-semibold text-slate-800">Your rating</legend>
      <div className="mt-1.5 flex items-center gap-3">
        <div className="flex" onMouseLeave={() => setHover(null)}>
          {WORDS.map((word, index) => {
            const stars = index + 1;
            return (
              <label
                key={stars}
                className="cursor-pointer rounded-md p-1 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-brand-600"
                onMouseEnter={() => setHover(stars)}
              >
                <input
                  type="radio"
                  name={name}
                  value={stars}
                  checked={value === stars}
                  onChange={() => onChange(stars)}
                  className="sr-only"
                />
                <span className="sr-only">{`${stars} ${stars === 1 ? 'star' : 'stars'}, ${word}`}</span>
                <svg
                  viewBox="0 0 24 24"
                  width="32"
                  height="32"
                  aria-hidden="true"
                  focusable="false"
                  className={stars <= shown ? 'text-amber-400' : invalid ? 'text-red-200' : 'text-slate-300'}
                >
                  <path d={STAR} fill="currentColor" />
                </svg>
              </label>
            );
          })}
        </div>
        <span className="text-sm font-medium text-slate-700" aria-hidden="true">
          {shown > 0 ? WORDS[shown - 1] : ''}
        </span>
      </div>
    </fieldset>
  );
}
