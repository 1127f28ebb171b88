import { useSelector } from 'react-redux';
import { useLocation } from 'react-router';
import { selectIsSignedIn } from '../auth/auth-slice';
import { useLeadFormFlag } from './use-lead-form-flag';
import { EnquiryForm } from './enquiry-form';

interface LeadPromptProps {
  projectId: number;
  projectName: string;
}

/**
 * spec §4/§9: the lead form prompt on a listing page, for visitors (not signed in): it opens when the flag turns on
 * (30 s after load, then every 30 s, reset on navigation) as a small panel in a corner, not a modal, so reading the
 * page is never blocked. Closing it holds until the next flag; a sent enquiry closes it too.
 */
export function LeadPrompt({ projectId, projectName }: LeadPromptProps) {
  const signedIn = useSelector(selectIsSignedIn);
  const location = useLocation();
  const { flag, dismiss } = useLeadFormFlag(location.key, !signedIn);
  if (!flag) return null;
  return (
    <aside
      aria-labelledby="lead-prompt-title"
      className="fixed inset-x-3 bottom-3 z-40 max-h-[85vh] overflow-y-auto rounded-2xl bg-white p-4 shadow-2xl ring-1 ring-slate-200 sm:inset-x-auto sm:right-6 sm:bottom-6 sm:w-96"
    >
      <div className="flex items-start justify-between gap-3">
        <div>
          <h2 id="lead-prompt-title" className="font-bold text-slate-900">
            Interested in {projectName}?
          </h2>
          <p className="mt-0.5 text-sm text-slate-600">Leave your details and the owner will call you back.</p>
        </div>
        <button type="button" onClick={dismiss} aria-label="Close the enquiry prompt" className="rounded-full p-1 text-xl leading-none text-slate-500 hover:bg-slate-100">
          ×
        </button>
      </div>
      <EnquiryForm projectId={projectId} title={`Quick enquiry about ${projectName}`} defaultMessage={`I'm interested in ${projectName}.`} className="mt-3" onSent={dismiss} />
    </aside>
  );
}
