import type { Faq } from '@nivaas/contracts/faq.schema';
import { useId, useState } from 'react';
import { ChevronDownIcon } from '../../../components/icons';

/**
 * One question open at a time (the first to start with), each a real button with aria-expanded
 * and the answer a labelled region, so keyboard and screen-reader users get the same accordion.
 */
export function FaqAccordion({ faqs }: { faqs: readonly Faq[] }) {
  const baseId = useId();
  const [open, setOpen] = useState<number | null>(faqs[0]?.id ?? null);

  return (
    <ul className="divide-y divide-slate-200 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      {faqs.map((faq) => {
        const expanded = open === faq.id;
        const buttonId = `${baseId}-q-${faq.id}`;
        const panelId = `${baseId}-a-${faq.id}`;
        return (
          <li key={faq.id}>
            <h3 className="m-0">
              <button
                id={buttonId}
                type="button"
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => setOpen(expanded ? null : faq.id)}
                className="flex w-full items-start justify-between gap-4 px-5 py-4 text-left text-base font-semibold text-slate-900 hover:bg-slate-50 md:px-6"
              >
                <span>{faq.question}</span>
                <ChevronDownIcon
                  width={20}
                  height={20}
                  className={`mt-0.5 shrink-0 text-brand-700 transition-transform motion-reduce:transition-none ${expanded ? 'rotate-180' : ''}`}
                />
              </button>
            </h3>
            <div
              id={panelId}
              role="region"
              aria-labelledby={buttonId}
              hidden={!expanded}
              className="px-5 pb-5 text-[15px] leading-7 text-slate-700 md:px-6"
            >
              {faq.answer.split(/\n{2,}/).map((paragraph, index) => (
                <p key={index} className={index > 0 ? 'mt-3' : undefined}>
                  {paragraph}
                </p>
              ))}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
