import { useEffect, useRef } from 'react';
import type { TrackedEventName } from '@nivaas/contracts/tracking.schema';
import { track, type TrackMetadata } from './track';

/**
 * Tracks a view once per thing viewed: when `metadata` first arrives (the record has loaded) and again only when it
 * changes (another project on the same route), never on re-renders or StrictMode's second effect run.
 */
export function useTrackView(eventName: TrackedEventName, metadata: TrackMetadata | null): void {
  const serialized = metadata === null ? null : JSON.stringify(metadata);
  const last = useRef<string | null>(null);
  useEffect(() => {
    if (serialized === null || last.current === serialized) return;
    last.current = serialized;
    track(eventName, JSON.parse(serialized) as TrackMetadata);
  }, [eventName, serialized]);
}
