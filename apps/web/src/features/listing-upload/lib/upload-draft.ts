import type { ListingUploadInput } from '@nivaas/contracts/upload.schema';

/** One draft per account kind: what a new upload held when the tab closed (photos cannot be kept). */
export const draftKey = (role: 'user' | 'broker') => `nivaas_upload_draft_${role}`;

export interface UploadDraft {
  values: ListingUploadInput;
  step: number;
  savedAt: string;
}

export function readDraft(role: 'user' | 'broker'): UploadDraft | null {
  try {
    const raw = localStorage.getItem(draftKey(role));
    if (!raw) return null;
    const draft = JSON.parse(raw) as Partial<UploadDraft>;
    if (typeof draft !== 'object' || draft === null || typeof draft.values !== 'object' || draft.values === null) return null;
    return { values: draft.values, step: typeof draft.step === 'number' ? draft.step : 0, savedAt: String(draft.savedAt ?? '') };
  } catch {
    // A draft written by an older form, or storage that is off: start fresh.
    return null;
  }
}

export function writeDraft(role: 'user' | 'broker', values: ListingUploadInput, step: number): void {
  try {
    localStorage.setItem(draftKey(role), JSON.stringify({ values, step, savedAt: new Date().toISOString() }));
  } catch {
    // Storage full or blocked: the form still works, only without a draft.
  }
}

export function clearDraft(role: 'user' | 'broker'): void {
  try {
    localStorage.removeItem(draftKey(role));
  } catch {
    // Nothing to clear.
  }
}
