import { Link } from 'react-router';
import { writeConsent } from '../lib/tracking/consent';
import { useConsent } from '../lib/tracking/use-consent';

/**
 * The first-visit notice (issue 12, India's DPDP Act 2023): essential only or allow analytics. It sits in the page's
 * flow above the navbar rather than floating, so it never covers a button or link (it blocks nothing: browsing goes
 * on without an answer, which counts as essential). The choice can be changed later from the footer.
 */
export function ConsentBar() {
  const consent = useConsent();
  if (consent !== null) return null;
  return (
    <section aria-labelledby="consent-bar-heading" className="border-b border-brand-200 bg-brand-50 text-slate-800">
      <div className="mx-auto flex max-w-7xl flex-col gap-2.5 px-4 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-6 lg:px-8">
        <div className="text-[13px] leading-5 sm:text-sm">
          <h2 id="consent-bar-heading" className="font-semibold text-slate-900">
            Your privacy choice
          </h2>
          <p>
            We count page visits anonymously to keep Nivaas working. Allow analytics and we also link visits to your
            account, area and device to improve what you see.{' '}
            <Link to="/privacy-policy" className="font-medium text-brand-800 underline underline-offset-2">
              Privacy Policy
            </Link>
          </p>
        </div>
        <div className="flex shrink-0 gap-2">
          <button type="button" className="btn-secondary px-4 py-2" onClick={() => writeConsent('essential')}>
            Essential only
          </button>
          <button type="button" className="btn-primary px-4 py-2" onClick={() => writeConsent('analytics')}>
            Allow analytics
          </button>
        </div>
      </div>
    </section>
  );
}
