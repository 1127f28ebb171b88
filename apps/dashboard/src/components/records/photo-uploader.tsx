/**
 * Photo upload for a back-office record (issue 14), through the same pipeline as owners' uploads: the server checks
 * each file by its bytes and re-encodes it; refused files come back with a reason each, which are listed here.
 *
 *   <PhotoUploader
 *     photos={project.photos}                                  // { id, url, title? }[] now held
 *     roles={['banner', 'gallery', 'logo']}                     // optional: the role the new photos take
 *     upload={(form, onProgress) => api.upload(`/api/admin/projects/${id}/photos`, form, Schema, onProgress)}
 *     remove={(photo) => api.call(`/api/admin/projects/${id}/photos/${photo.id}`, Schema, { method: 'DELETE' })}
 *     onChanged={(photos) => ...} />
 *
 * `upload` receives a FormData with the files under 'photos' (and 'role' when roles are given) and must resolve
 * to `{ photos, rejected }` (contracts PhotoUploadResponseSchema fits). Progress is shown while it sends.
 */
import { useId, useRef, useState } from 'react';
import { messageOf } from '../../lib/use-paged';

export interface HeldPhoto {
  id: number;
  url: string;
  title?: string | undefined;
}

export interface PhotoUploaderProps<P extends HeldPhoto> {
  photos: P[];
  roles?: readonly string[];
  upload: (form: FormData, onProgress: (fraction: number) => void) => Promise<{ photos: P[]; rejected: { fileName: string; reason: string }[] }>;
  /** Without it the photos have no Remove button (a record whose one picture is replaced, never removed). */
  remove?: (photo: P) => Promise<{ photos: P[] }>;
  onChanged: (photos: P[]) => void;
  /** 'Project photos'. */
  label?: string;
  /** One photo per upload, which replaces the record's picture (a banner's image, a blog's cover). */
  single?: boolean;
}

export function PhotoUploader<P extends HeldPhoto>({ photos, roles, upload, remove, onChanged, label = 'Photos', single = false }: PhotoUploaderProps<P>) {
  const inputId = useId();
  const roleId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [role, setRole] = useState(roles?.[0] ?? '');
  const [progress, setProgress] = useState<number | null>(null);
  const [refusals, setRefusals] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<number | null>(null);

  const send = async (files: FileList | null) => {
    if (!files || files.length === 0) return;
    const form = new FormData();
    // The role first: the server reads fields in order and needs it before the files.
    if (roles) form.append('role', role);
    for (const file of Array.from(files)) form.append('photos', file, file.name);
    setProgress(0);
    setRefusals([]);
    setError(null);
    try {
      const outcome = await upload(form, setProgress);
      setRefusals(outcome.rejected.map((photo) => photo.reason));
      onChanged(outcome.photos);
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <section aria-label={label} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h3 className="text-base font-bold text-slate-900">{label}</h3>
      <p className="text-sm text-slate-600">
        {single ? 'One JPEG, PNG, WebP, HEIC or AVIF photo, up to 10 MB; it replaces the current one.' : 'JPEG, PNG, WebP, HEIC or AVIF, up to 10 MB each. The first photo is the card photo.'}
      </p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-end">
        {roles ? (
          <div>
            <label htmlFor={roleId} className="mb-1 block text-sm font-semibold text-slate-800">
              Role
            </label>
            <select id={roleId} value={role} onChange={(event) => setRole(event.target.value)} className="pc-input">
              {roles.map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <div className="min-w-0 flex-1">
          <label htmlFor={inputId} className="mb-1 block text-sm font-semibold text-slate-800">
            {single ? 'Choose a photo' : 'Add photos'}
          </label>
          <input
            ref={input}
            id={inputId}
            type="file"
            multiple={!single}
            accept="image/jpeg,image/png,image/webp,image/heic,image/avif"
            disabled={progress !== null}
            onChange={(event) => void send(event.target.files)}
            className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-full file:border-0 file:bg-brand-700 file:px-4 file:py-2 file:font-semibold file:text-white"
          />
        </div>
      </div>
      {progress !== null ? (
        <div className="mt-3">
          <progress max={1} value={progress} aria-label="Upload progress" className="h-2 w-full" />
          <p role="status" className="text-xs text-slate-600">
            Uploading… {Math.round(progress * 100)}%
          </p>
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="mt-3 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      {refusals.length > 0 ? (
        <div role="alert" className="mt-3 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <p className="font-semibold">Not added:</p>
          <ul className="list-disc pl-5">
            {refusals.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {photos.length > 0 ? (
        <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
          {photos.map((photo, index) => (
            <li key={photo.id} className="overflow-hidden rounded-lg ring-1 ring-slate-200">
              <img src={photo.url} alt={`Photo ${index + 1}${photo.title ? ` (${photo.title})` : ''}`} loading="lazy" className="aspect-[4/3] w-full bg-slate-100 object-cover" />
              <div className="flex items-center justify-between gap-2 px-2 py-1 text-xs">
                <span className="truncate text-slate-600">{photo.title ?? `#${index + 1}`}</span>
                {remove ? (
                  <button
                    type="button"
                    className="font-semibold text-red-700 hover:underline disabled:opacity-60"
                    disabled={removing !== null}
                    onClick={async () => {
                      setRemoving(photo.id);
                      setError(null);
                      try {
                        onChanged((await remove(photo)).photos);
                      } catch (failure) {
                        setError(messageOf(failure));
                      } finally {
                        setRemoving(null);
                      }
                    }}
                  >
                    Remove<span className="sr-only"> photo {index + 1}</span>
                  </button>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-3 text-sm text-slate-600">No photos yet.</p>
      )}
    </section>
  );
}
