import type { Approval } from '@nivaas/contracts/common.schema';
import { Link } from 'react-router';
import { DocumentCheckIcon } from '../../components/icons';

interface BrokerPendingPageProps {
  approval: Approval;
}

/** spec §2/§4: what a broker whose approval is not 'approved' sees on leads and upload pages. */
export function BrokerPendingPage({ approval }: BrokerPendingPageProps) {
  const rejected = approval === 'rejected';
  return (
    <section className="mx-auto max-w-2xl px-4 py-16 text-center" aria-labelledby="broker-pending-title">
      <title>Broker profile pending approval | Nivaas</title>
      <span className="mx-auto grid size-16 place-items-center rounded-full bg-amber-50 text-amber-700">
        <DocumentCheckIcon width={30} height={30} />
      </span>
      <h1 id="broker-pending-title" className="mt-6 text-2xl font-bold text-slate-900 sm:text-3xl">
        {rejected ? 'Your broker profile was not approved' : 'Your broker profile is pending approval'}
      </h1>
      <p className="mt-4 text-slate-700">
        {rejected
          ? 'Our team could not approve your profile as it stands. Check your details, and contact us if you think this is a mistake.'
          : 'Our team checks every broker’s details and RERA registration before leads and uploads open to them.'}
      </p>
      <ol className="mx-auto mt-8 max-w-md space-y-3 text-left text-sm text-slate-700">
        <li className="flex gap-3">
          <span className="grid size-6 shrink-0 place-items-center rounded-full bg-brand-50 text-xs font-bold text-brand-800">1</span>
          Keep your profile complete: name, phone, company, RERA number and city.
        </li>
        <li className="flex gap-3">
          <span className="grid size-6 shrink-0 place-items-center rounded-full bg-brand-50 text-xs font-bold text-brand-800">2</span>
          Our team reviews it and decides; this page shows the result the next time you open it.
        </li>
        <li className="flex gap-3">
          <span className="grid size-6 shrink-0 place-items-center rounded-full bg-brand-50 text-xs font-bold text-brand-800">3</span>
          Once approved, you can upload properties, see every upload and read the leads on them.
        </li>
      </ol>
      <div className="mt-10 flex flex-wrap justify-center gap-3">
        <Link to="/broker-profile" className="btn-primary">
          Review your broker profile
        </Link>
        <Link
          to={rejected ? '/contact-us' : '/'}
          className="inline-flex items-center rounded-full px-4 py-2 text-sm font-semibold text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50"
        >
          {rejected ? 'Contact us' : 'Back to home'}
        </Link>
      </div>
    </section>
  );
}
