import type { Project } from '@nivaas/contracts/project.schema';
import { useSelector } from 'react-redux';
import { useLocation } from 'react-router';
import { Breadcrumb } from '../../components/breadcrumb';
import { selectUserLogin } from '../../domain/auth/auth-slice';
import type { LoginRole } from '../../domain/auth/stored-login';
import { BasicsStep } from './components/basics-step';
import { LocationStep } from './components/location-step';
import { PhotosStep } from './components/photos-step';
import { ReviewStep } from './components/review-step';
import { UnitsStep } from './components/units-step';
import { UploadDone } from './components/upload-done';
import { STEPS, useUploadWizard } from './lib/use-upload-wizard';

interface UploadFormProps {
  role: LoginRole;
  /** Where the owner's uploads list is (after submitting). */
  uploadsPath: string;
  editing: Project | null;
}

/**
 * Issue 5 upload form: basics, location from the catalogue (city -> zone -> locality), units, photos, review; one
 * component per step, the state and rules in useUploadWizard.
 */
function UploadForm({ role, uploadsPath, editing }: UploadFormProps) {
  const wizard = useUploadWizard(role, editing);
  const { phase, draftNotice, setDraftNotice, startOver, step, setStep, busy, stepHasError, heading, next, submit } = wizard;

  if (phase === 'done') return <UploadDone wizard={wizard} uploadsPath={uploadsPath} />;

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={editing ? 'Edit your property' : 'Upload a property'} className="mt-6">
      {draftNotice && (
        <div role="status" className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200">
          <span>We restored the draft you left unfinished. Photos are not kept in a draft; choose them again.</span>
          <span className="flex gap-3">
            <button type="button" className="font-semibold underline" onClick={() => setDraftNotice(false)}>
              Keep it
            </button>
            <button type="button" className="font-semibold underline" onClick={startOver}>
              Start over
            </button>
          </span>
        </div>
      )}
      <ol className="flex gap-2 overflow-x-auto pb-1 text-xs font-semibold sm:text-sm" aria-label="Steps">
        {STEPS.map((name, index) => (
          <li key={name} className="shrink-0">
            <button
              type="button"
              aria-current={step === index ? 'step' : undefined}
              disabled={index > step || busy}
              onClick={() => setStep(index)}
              className={`rounded-full px-3 py-1.5 ring-1 ${step === index ? 'bg-brand-700 text-white ring-brand-700' : stepHasError(index) ? 'bg-red-50 text-red-800 ring-red-300' : index < step ? 'bg-brand-50 text-brand-800 ring-brand-200' : 'bg-white text-slate-500 ring-slate-200'}`}
            >
              {index + 1}. {name}
            </button>
          </li>
        ))}
      </ol>

      <section className="mt-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
        <h2 ref={heading} tabIndex={-1} className="text-lg font-bold text-slate-900 outline-none">
          {STEPS[step]}
        </h2>

        {step === 0 && <BasicsStep wizard={wizard} />}
        {step === 1 && <LocationStep wizard={wizard} />}
        {step === 2 && <UnitsStep wizard={wizard} />}
        {step === 3 && <PhotosStep wizard={wizard} />}
        {step === 4 && <ReviewStep wizard={wizard} />}

        <div className="mt-6 flex flex-wrap justify-between gap-3">
          <button
            type="button"
            onClick={() => setStep((current) => Math.max(0, current - 1))}
            disabled={step === 0 || busy}
            className="rounded-full px-4 py-2 text-sm font-semibold text-slate-800 ring-1 ring-slate-300 disabled:opacity-50"
          >
            Back
          </button>
          {step < STEPS.length - 1 ? (
            // Distinct keys: React must not turn this very button into the submit button during its own click,
            // or the browser's default action would submit the form from the Photos step.
            <button key="next" type="button" onClick={next} className="btn-primary">
              Next
            </button>
          ) : (
            <button key="submit" type="submit" disabled={busy} className="btn-primary disabled:opacity-60">
              {busy ? (phase === 'uploading' ? 'Uploading photos…' : 'Submitting…') : editing ? 'Resubmit for review' : 'Submit for review'}
            </button>
          )}
        </div>
      </section>
    </form>
  );
}

interface UploadPageProps {
  role: LoginRole;
}

function UploadPage({ role }: UploadPageProps) {
  const location = useLocation();
  // The Remarks modal's Edit carries the listing in the router state (spec §2).
  const editing = (location.state as { property?: Project } | null)?.property ?? null;
  const uploadsPath = role === 'broker' ? '/ViewallUploads' : '/uploded-properties';
  const title = editing ? `Edit ${editing.name}` : 'Upload a property';
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:py-10">
      <title>{`${title} | Nivaas`}</title>
      <Breadcrumb items={[{ label: 'Home', to: '/' }, { label: location.pathname.split('/').filter(Boolean)[0] ?? '' }]} />
      <h1 className="mt-4 text-2xl font-bold text-slate-900 sm:text-3xl">{title}</h1>
      <p className="mt-1 text-sm text-slate-600">Our team reviews every property before it can go live.</p>
      <UploadForm key={editing?.id ?? 'new'} role={role} uploadsPath={uploadsPath} editing={editing} />
    </div>
  );
}

/** /upload-property (spec §2, broker). */
export function BrokerUploadPage() {
  return <UploadPage role="broker" />;
}

/** /list-your-properties (spec §2, user). */
export function UserUploadPage() {
  return <UploadPage role="user" />;
}

/** /upload-a-property: a signed-in user's form (a user login takes precedence, spec §6), else the approved broker's. */
export function UploadAPropertyPage() {
  const user = useSelector(selectUserLogin);
  return <UploadPage role={user ? 'user' : 'broker'} />;
}
