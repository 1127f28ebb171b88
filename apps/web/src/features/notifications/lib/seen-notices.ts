import { useSyncExternalStore } from 'react';

/**
 * Which notices a user has seen, kept in this browser (issue 17: no server state): the send time of the newest notice
 * they have looked at, as an ISO string. A notice sent later is unread. Per user, so a shared browser keeps them apart.
 */
const keyOf = (userId: number) => `nivaas_notices_seen_${userId}`;
const listeners = new Set<() => void>();

export function readSeen(userId: number): string | null {
  try {
    return localStorage.getItem(keyOf(userId));
  } catch {
    // Storage refused (private mode, a quota): everything reads as unread, which is the safe side.
    return null;
  }
}

/** Marks every notice up to `sentAt` seen; never moves back (an older page read later changes nothing). */
export function markSeen(userId: number, sentAt: string): void {
  const current = readSeen(userId);
  if (current !== null && current >= sentAt) return;
  try {
    localStorage.setItem(keyOf(userId), sentAt);
  } catch {
    return;
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab marked them seen.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** The user's seen mark, following changes in this tab and others. */
export function useSeenMark(userId: number): string | null {
  return useSyncExternalStore(subscribe, () => readSeen(userId), () => null);
}

export function isUnread(sentAt: string, seen: string | null): boolean {
  return seen === null || sentAt > seen;
}
