import { Link } from 'react-router';
import type { UploadWizard } from '../lib/use-upload-wizard';

/** After submitting: the answer, any refused photos, and the way back to the uploads or to other photos. */
export function UploadDone({ wizard, uploadsPath }: { wizard: UploadWizard; uploadsPath: string }) {
  const { heading, editing, resultMessage, rejectedPhotos, setPhotos, setStep, setPhase } = wizard;
  return (
    <section className="mt-6 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200" aria-labelledby="upload-done">
      <h2 id="upload-done" ref={heading} tabIndex={-1} className="text-xl font-bold text-slate-900 outline-none">
        {editing ? 'Your changes are sent for review' : 'Your property is sent for review'}
      </h2>
      <p className="mt-2 text-slate-700">{resultMessage}</p>
      {rejectedPhotos.length > 0 && (
        <div className="mt-4 rounded-xl bg-red-50 p-4" role="alert">
          <p className="font-semibold text-red-900">Some photos were not accepted:</p>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-red-800">
            {rejectedPhotos.map((photo) => (
              <li key={photo.key}>{photo.message}</li>
            ))}
          </ul>
        </div>
      )}
      <div className="mt-6 flex flex-wrap gap-3">
        <Link to={uploadsPath} className="btn-primary">
          See your uploads
        </Link>
        {rejectedPhotos.length > 0 && (
          <button
            type="button"
            className="rounded-full px-4 py-2 text-sm font-semibold text-slate-800 ring-1 ring-slate-300"
            onClick={() => {
              setPhotos((current) => current.filter((photo) => photo.state !== 'rejected'));
              setStep(3);
              setPhase('form');
            }}
          >
            Add other photos
          </button>
        )}
      </div>
    </section>
  );
}
