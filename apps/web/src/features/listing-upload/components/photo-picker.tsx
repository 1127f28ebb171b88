import { MAX_LISTING_PHOTOS, MAX_PHOTO_BYTES } from '@nivaas/contracts/upload.schema';
import { useEffect, useId, useMemo } from 'react';

export interface PickedPhoto {
  key: string;
  file: File;
  /** 0..1 while uploading. */
  progress: number;
  state: 'waiting' | 'uploading' | 'done' | 'rejected';
  message?: string;
}

interface PhotoPickerProps {
  photos: PickedPhoto[];
  onChange: (photos: PickedPhoto[]) => void;
  /** Photos the listing already has (an edit). */
  existingCount: number;
  disabled?: boolean;
}

const MB = 1024 * 1024;

/**
 * Choosing photos. The server decides what a file really is (from its bytes) and says why it refuses one; here
 * only what is plain from the browser is checked first: size and the count limit.
 */
export function PhotoPicker({ photos, onChange, existingCount, disabled = false }: PhotoPickerProps) {
  const inputId = useId();
  const previews = useMemo(() => photos.map((photo) => ({ key: photo.key, url: URL.createObjectURL(photo.file) })), [photos]);
  useEffect(() => () => previews.forEach((preview) => URL.revokeObjectURL(preview.url)), [previews]);
  const room = MAX_LISTING_PHOTOS - existingCount - photos.length;

  const add = (files: FileList | null) => {
    if (!files) return;
    const next = [...photos];
    for (const file of [...files].slice(0, Math.max(0, room))) {
      const tooBig = file.size > MAX_PHOTO_BYTES;
      next.push({
        key: `${file.name}-${file.size}-${file.lastModified}-${Math.random().toString(36).slice(2)}`,
        file,
        progress: 0,
        state: tooBig ? 'rejected' : 'waiting',
        message: tooBig ? `${file.name} is larger than 10 MB (${(file.size / MB).toFixed(1)} MB)` : undefined,
      });
    }
    onChange(next);
  };

  return (
    <div>
      <label htmlFor={inputId} className={`flex cursor-pointer flex-col items-center rounded-2xl border-2 border-dashed border-slate-300 bg-slate-50 px-4 py-8 text-center hover:bg-slate-100 ${disabled || room <= 0 ? 'pointer-events-none opacity-60' : ''}`}>
        <span className="font-semibold text-brand-800">Choose photos</span>
        <span className="mt-1 text-sm text-slate-600">JPEG, PNG, WebP, HEIC or AVIF, up to 10 MB each; {Math.max(0, room)} more allowed.</span>
      </label>
      <input
        id={inputId}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/heic,image/avif"
        multiple
        disabled={disabled || room <= 0}
        aria-label="Photos"
        className="sr-only"
        onChange={(event) => {
          add(event.target.files);
          event.target.value = '';
        }}
      />
      {photos.length > 0 && (
        <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Chosen photos">
          {photos.map((photo, index) => (
            <li key={photo.key} className="overflow-hidden rounded-xl bg-white ring-1 ring-slate-200">
              <img src={previews[index]?.url} alt="" className="aspect-[4/3] w-full object-cover" />
              <div className="p-2 text-xs">
                <p className="truncate font-medium text-slate-900">{photo.file.name}</p>
                {photo.state === 'uploading' || photo.state === 'done' ? (
                  <progress className="mt-1 h-1.5 w-full" max={1} value={photo.progress} aria-label={`Upload of ${photo.file.name}`} />
                ) : null}
                {photo.state === 'done' && <p className="text-emerald-700">Uploaded</p>}
                {photo.state === 'rejected' && (
                  <p role="alert" className="text-red-800">
                    {photo.message}
                  </p>
                )}
                {!disabled && photo.state !== 'done' && (
                  <button type="button" className="mt-1 font-semibold text-slate-700 underline" onClick={() => onChange(photos.filter((other) => other.key !== photo.key))}>
                    Remove
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
