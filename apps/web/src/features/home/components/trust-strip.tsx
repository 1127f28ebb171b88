import { Link } from 'react-router';
import { ArrowRightIcon, CalculatorIcon, DocumentCheckIcon, RupeeIcon, ShieldCheckIcon } from '../../../components/icons';

// Only promises the product keeps: uploads are moderated (ARCHITECTURE 'provider'), owners list
// directly, and the calculator is real.
const POINTS = [
  {
    Icon: ShieldCheckIcon,
    title: 'Listings reviewed before they go live',
    text: 'Every property a broker or owner uploads is checked by our team first. Uploads we turn down go back with the reason.',
  },
  {
    Icon: DocumentCheckIcon,
    title: 'RERA details up front',
    text: "Project pages carry the builder's RERA registration where one is given. Check it on your state's RERA website before paying a booking amount.",
  },
  {
    Icon: RupeeIcon,
    title: 'Zero brokerage on owner listings',
    text: 'Homes listed by their owners are yours to discuss directly with them. We charge no brokerage on those.',
  },
] as const;

export function TrustStrip() {
  return (
    <section aria-labelledby="trust-heading" className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-slate-200 md:p-10">
      <h2 id="trust-heading" className="text-xl font-bold tracking-tight text-slate-900 md:text-2xl">
        Buy with your eyes open
      </h2>
      <ul className="mt-6 grid gap-6 md:grid-cols-3 md:gap-8">
        {POINTS.map(({ Icon, title, text }) => (
          <li key={title} className="flex gap-4">
            <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-700">
              <Icon width={22} height={22} />
            </span>
            <div>
              <h3 className="font-semibold text-slate-900">{title}</h3>
              <p className="mt-1 text-sm leading-6 text-slate-600">{text}</p>
            </div>
          </li>
        ))}
      </ul>
      <div className="on-dark mt-8 flex flex-col gap-4 rounded-2xl bg-gradient-to-r from-brand-800 to-brand-700 p-5 text-white sm:flex-row sm:items-center sm:justify-between md:p-6">
        <div className="flex items-start gap-4">
          <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-white/15">
            <CalculatorIcon width={22} height={22} />
          </span>
          <div>
            <h3 className="font-semibold">Know your EMI before you visit</h3>
            <p className="mt-1 text-sm text-white/85">
              Enter a loan amount, rate and tenure to see the monthly payment and total interest.
            </p>
          </div>
        </div>
        <Link
          to="/mortage-calculator"
          className="inline-flex shrink-0 items-center justify-center gap-2 rounded-full bg-white px-5 py-2.5 text-sm font-semibold text-brand-800 hover:bg-amber-50"
        >
          Open EMI calculator
          <ArrowRightIcon width={16} height={16} />
        </Link>
      </div>
    </section>
  );
}
