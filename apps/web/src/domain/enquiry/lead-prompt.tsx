import type { Project } from '@nivaas/contracts/project.schema';
import { useEffect, useId, useRef, useState } from 'react';
import { useSelector } from 'react-redux';
import { useLocation } from 'react-router';
import { selectIsSignedIn } from '../auth/auth-slice';
import { useLeadFormFlag } from './use-lead-form-flag';
import { EnquiryForm } from './enquiry-form';

/** Who answers an enquiry about this page: the one who listed it (an owner before a broker, as in page paths). */
export type LeadAnswerer = 'builder' | 'broker' | 'owner' | 'portal';

export function leadAnswerer(project: Pick<Project, 'ownerId' | 'brokerId' | 'builderId'>): LeadAnswerer {
  if (project.ownerId !== null) return 'owner';
  if (project.brokerId !== null) return 'broker';
  if (project.builderId !== null) return 'builder';
  return 'portal';
}

/** Issue 17: the promise names who will really call, never "the owner" on a builder's project. */
export const CALL_BACK_TEXT: Record<LeadAnswerer, string> = {
  builder: "The builder's sales team will call you back.",
  broker: 'The broker who listed it will call you back.',
  owner: 'The owner will call you back.',
  portal: 'Our team will call you back.',
};

interface LeadPromptProps {
  projectId: number;
  projectName: string;
  answeredBy: LeadAnswerer;
}

/**
 * spec §4/§9: the lead form prompt on a listing page, for visitors (not signed in), shown when the flag turns on
 * (30 s after load, then every 30 s, reset on navigation). Issue 17: it is a one-line bar at the bottom, not a
 * panel over most of a phone's screen; the form opens only when the visitor asks for it, and closing the bar keeps
 * it closed for the rest of the page. A sent enquiry closes it too.
 */
export function LeadPrompt({ projectId, projectName, answeredBy }: LeadPromptProps) {
  const signedIn = useSelector(selectIsSignedIn);
  const location = useLocation();
  const { flag, dismiss } = useLeadFormFlag(location.key, !signedIn);
  const [expanded, setExpanded] = useState<string | null>(null);
  const id = useId();
  const form = useRef<HTMLDivElement>(null);
  const open = flag && expanded === location.key;

  useEffect(() => {
    if (open) form.current?.querySelector<HTMLElement>('input')?.focus();
  }, [open]);

  if (!flag) return null;
  return (
    <aside
      aria-labelledby={`${id}-title`}
      data-lead-prompt=""
      className={`fixed inset-x-2 bottom-2 z-40 rounded-2xl bg-white shadow-2xl ring-1 ring-slate-300 sm:inset-x-auto sm:bottom-6 sm:left-6 sm:w-[26rem] ${open ? 'max-h-[75dvh] overflow-y-auto p-4' : 'px-4 py-3'}`}
    >
      <div className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          <h2 id={`${id}-title`} className="truncate text-sm font-bold text-slate-900">
            Interested in {projectName}?
          </h2>
          <p className="text-sm text-slate-600">{CALL_BACK_TEXT[answeredBy]}</p>
        </div>
        <button
          type="button"
          onClick={dismiss}
          aria-label="Close the enquiry prompt"
          className="-mt-1 -mr-2 grid size-10 shrink-0 place-items-center rounded-full text-xl leading-none text-slate-500 hover:bg-slate-100"
        >
          ×
        </button>
      </div>
      {open ? (
        <div ref={form}>
          <EnquiryForm projectId={projectId} title={`Quick enquiry about ${projectName}`} defaultMessage={`I'm interested in ${projectName}.`} className="mt-3" onSent={dismiss} />
        </div>
      ) : (
        <button type="button" onClick={() => setExpanded(location.key)} className="btn-primary mt-2 w-full py-2 text-sm">
          Request a call back
        </button>
      )}
    </aside>
  );
}
