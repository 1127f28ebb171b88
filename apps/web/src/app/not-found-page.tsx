import { Link, useLocation } from 'react-router';
import { ArrowRightIcon, BuildingIcon, CalculatorIcon } from '../components/icons';

const SUGGESTIONS = [
  { to: '/mortage-calculator', label: 'EMI calculator', text: 'Work out a monthly home-loan payment', Icon: CalculatorIcon },
  { to: '/about', label: 'About Nivaas', text: 'Where our listings come from', Icon: BuildingIcon },
] as const;

export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <section className="mx-auto max-w-2xl px-4 py-16 md:py-24" aria-labelledby="not-found-heading">
      <title>Page not found | Nivaas</title>
      <meta name="robots" content="noindex" />
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Error 404</p>
      <h1 id="not-found-heading" className="mt-2 text-3xl font-bold tracking-tight text-slate-900 md:text-4xl">
        We couldn&rsquo;t find that page
      </h1>
      <p className="mt-4 text-slate-600">
        There is nothing at <code className="rounded bg-slate-100 px-1.5 py-0.5 text-sm break-all text-slate-800">{pathname}</code>.
        The link may be mistyped, or the page may have moved.
      </p>
      <div className="mt-8">
        <Link to="/" className="btn-primary">
          Go to the home page
        </Link>
      </div>
      <h2 className="mt-12 text-sm font-semibold text-slate-900">You might be looking for</h2>
      <ul className="mt-3 grid gap-3 sm:grid-cols-2">
        {SUGGESTIONS.map(({ to, label, text, Icon }) => (
          <li key={to}>
            <Link
              to={to}
              className="group flex items-center gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 transition hover:ring-brand-300"
            >
              <span className="grid size-10 shrink-0 place-items-center rounded-full bg-brand-50 text-brand-700">
                <Icon width={20} height={20} />
              </span>
              <span className="min-w-0 flex-1">
                <span className="block font-semibold text-slate-900">{label}</span>
                <span className="block text-sm text-slate-600">{text}</span>
              </span>
              <ArrowRightIcon width={18} height={18} className="text-slate-400 transition group-hover:translate-x-0.5 group-hover:text-brand-700" />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
