import { useId, useState } from 'react';
import type { TrackingConsent } from '@nivaas/contracts/tracking.schema';
import { writeConsent } from '../lib/tracking/consent';
import { useConsent } from '../lib/tracking/use-consent';

const CHOICES: readonly { value: TrackingConsent; label: string; detail: string }[] = [
  { value: 'essential', label: 'Essential only', detail: 'Anonymous page counts; no account, address or location.' },
  { value: 'analytics', label: 'Allow analytics', detail: 'Visits linked to your account, area and device.' },
];

/** The footer's control for the tracking choice made in the consent bar (issue 12: changeable at any time). */
export function PrivacyChoices() {
  const consent = useConsent();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const current = CHOICES.find((choice) => choice.value === consent);
  return (
    <div className="text-xs">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((was) => !was)}
        className="rounded text-slate-300 underline decoration-slate-500 underline-offset-2 hover:text-white"
      >
        Privacy choices{current ? `: ${current.label}` : ''}
      </button>
      {open && (
        <fieldset id={panelId} className="mt-3 grid gap-2 rounded-lg bg-white/5 p-3 sm:max-w-md">
          <legend className="sr-only">Tracking on this site</legend>
          {CHOICES.map((choice) => (
            <label key={choice.value} className="flex cursor-pointer items-start gap-2 text-slate-200">
              <input
                type="radio"
                name="tracking-consent"
                value={choice.value}
                checked={consent === choice.value}
                onChange={() => writeConsent(choice.value)}
                className="mt-0.5 accent-brand-400"
              />
              <span>
                <span className="font-semibold text-white">{choice.label}</span>
                <span className="block text-slate-400">{choice.detail}</span>
              </span>
            </label>
          ))}
        </fieldset>
      )}
    </div>
  );
}
