import { ExternalLinkIcon, ShieldCheckIcon } from '../../../components/icons';
import { useSelectedCity } from '../../../domain/city/use-selected-city';

/** Each state's RERA authority, where a buyer can look a registration number up. */
const RERA_SITES: Record<string, string> = {
  Karnataka: 'https://rera.karnataka.gov.in',
  Maharashtra: 'https://maharera.maharashtra.gov.in',
  Telangana: 'https://rera.telangana.gov.in',
  'Tamil Nadu': 'https://rera.tn.gov.in',
  Delhi: 'https://rera.delhi.gov.in',
  Haryana: 'https://haryanarera.gov.in',
  'Uttar Pradesh': 'https://www.up-rera.in',
  'West Bengal': 'https://rera.wb.gov.in',
  Gujarat: 'https://gujrera.gujarat.gov.in',
  Rajasthan: 'https://rera.rajasthan.gov.in',
  Kerala: 'https://rera.kerala.gov.in',
};

/** The RERA number, with the advice every buyer should follow: check it with the state authority. */
export function ReraNote({ reraNumber, cityName }: { reraNumber: string | null; cityName: string }) {
  // The city list is already loaded for the navbar; it knows each city's state.
  const { cities } = useSelectedCity();
  const state = cities?.find((city) => city.name === cityName)?.state;
  const site = state ? RERA_SITES[state] : undefined;

  return (
    <div className="flex gap-3 rounded-2xl bg-white p-4 ring-1 ring-slate-200">
      <ShieldCheckIcon width={22} height={22} className="mt-0.5 shrink-0 text-brand-700" />
      <div className="min-w-0 text-sm">
        {reraNumber ? (
          <>
            <p className="font-semibold text-slate-900">
              RERA registration: <span className="font-mono break-all">{reraNumber}</span>
            </p>
            <p className="mt-1 text-slate-600">
              Verify this number on {state ? `the ${state} RERA website` : 'your state’s RERA website'} before you pay any
              booking amount.
              {site && (
                <>
                  {' '}
                  <a
                    href={site}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline"
                  >
                    Open {state} RERA
                    <ExternalLinkIcon width={14} height={14} />
                    <span className="sr-only">(opens in a new tab)</span>
                  </a>
                </>
              )}
            </p>
          </>
        ) : (
          <p className="text-slate-600">
            No RERA number is listed. Resale homes in completed buildings may not need one; for a new booking, ask the
            seller for it and verify it on your state’s RERA website before paying.
          </p>
        )}
      </div>
    </div>
  );
}
