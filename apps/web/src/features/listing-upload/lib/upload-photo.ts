import { PHOTO_FIELD, PhotoUploadResponseSchema, type PhotoUploadResponse } from '@nivaas/contracts/upload.schema';
import { readableErrorMessage } from '@nivaas/client-kit/error-message';
import { ErrorResponseSchema } from '@nivaas/contracts/common.schema';
import { TOO_MANY_REQUESTS_MESSAGE } from '../../../lib/api/error-text';

export type PhotoUploadResult = { ok: true; response: PhotoUploadResponse } | { ok: false; message: string };

/**
 * POST /api/project/upload/{id}/photos with one file, reporting progress (0..1). One request per file, so each
 * file gets its own progress bar and its own answer (XMLHttpRequest: fetch cannot report upload progress).
 */
export function uploadPhoto(listingId: number, file: File, token: string, onProgress: (fraction: number) => void): Promise<PhotoUploadResult> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/api/project/upload/${listingId}/photos`);
    request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onerror = () => resolve({ ok: false, message: `${file.name} could not be sent: check your connection and try again` });
    request.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = null;
      }
      if (request.status === 200 || request.status === 207) {
        const parsed = PhotoUploadResponseSchema.safeParse(body);
        if (parsed.success) return resolve({ ok: true, response: parsed.data });
      }
      const error = ErrorResponseSchema.safeParse(body);
      if (error.success) return resolve({ ok: false, message: readableErrorMessage(error.data) });
      resolve({ ok: false, message: request.status === 429 ? TOO_MANY_REQUESTS_MESSAGE : `${file.name} could not be uploaded (status ${request.status})` });
    };
    const form = new FormData();
    form.append(PHOTO_FIELD, file, file.name);
    request.send(form);
  });
}
