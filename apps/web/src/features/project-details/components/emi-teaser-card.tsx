import { Link } from 'react-router';
import { CalculatorIcon } from '../../../components/icons';
import { formatPrice, formatRupees } from '../../../lib/format-price';
import { emiTeaser, TEASER_LOAN_SHARE, TEASER_RATE_PERCENT, TEASER_YEARS } from '../lib/emi-teaser';

/** What the cheapest unit costs a month with a typical home loan, and a way to work out your own. */
export function EmiTeaserCard({ price }: { price: number }) {
  const teaser = emiTeaser(price);
  if (!teaser) return null;
  return (
    <section aria-labelledby="emi-teaser-heading" className="rounded-2xl bg-brand-950 p-5 text-white shadow-sm">
      <h2 id="emi-teaser-heading" className="flex items-center gap-2 text-sm font-semibold text-brand-100">
        <CalculatorIcon width={18} height={18} />
        EMI starts at
      </h2>
      <p className="mt-1 text-3xl font-extrabold tracking-tight">
        {formatRupees(teaser.emi)}
        <span className="text-base font-semibold text-brand-100">/month</span>
      </p>
      <p className="mt-1 text-sm text-brand-100">
        For a {Math.round(TEASER_LOAN_SHARE * 100)}% loan of {formatPrice(teaser.loan)} ({formatRupees(teaser.loan)}) at{' '}
        {TEASER_RATE_PERCENT}% for {TEASER_YEARS} years, on the lowest price.
      </p>
      <Link
        to={`/mortage-calculator?amount=${teaser.loan}`}
        className="mt-4 inline-flex items-center gap-1.5 rounded-full bg-amber-300 px-4 py-2 text-sm font-bold text-slate-950 hover:bg-amber-200"
      >
        Work out your EMI
      </Link>
    </section>
  );
}
