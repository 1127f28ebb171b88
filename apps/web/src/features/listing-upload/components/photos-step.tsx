import { serverMessage } from '../../../lib/api/error-text';
import { showError } from '../../../lib/toast';
import type { UploadWizard } from '../lib/use-upload-wizard';
import { PhotoPicker } from './photo-picker';

/** Step 4: the listing's photos already uploaded (removable) and new ones to send. */
export function PhotosStep({ wizard }: { wizard: UploadWizard }) {
  const { existing, deletePhoto, savedId, role, photos, setPhotos, busy } = wizard;
  return (
    <div className="mt-4 space-y-4">
      {existing.data && existing.data.photos.length > 0 && (
        <div>
          <p className="text-sm font-medium text-slate-800">Photos already on this listing</p>
          <ul className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-5">
            {existing.data.photos.map((photo) => (
              <li key={photo.id} className="overflow-hidden rounded-lg ring-1 ring-slate-200">
                <img src={photo.cardUrl} alt="" className="aspect-[4/3] w-full object-cover" />
                <button
                  type="button"
                  className="w-full py-1 text-xs font-semibold text-red-700"
                  onClick={() =>
                    void deletePhoto({ id: savedId ?? 0, mediaId: photo.id, role }).then((result) => {
                      if ('error' in result) showError(serverMessage(result.error) ?? 'Something went wrong');
                      void existing.refetch();
                    })
                  }
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      <PhotoPicker photos={photos} onChange={setPhotos} existingCount={existing.data?.photos.length ?? 0} disabled={busy} />
    </div>
  );
}
