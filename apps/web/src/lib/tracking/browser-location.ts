import { LOCATION_KEY, readText, writeText } from './tracking-storage';

/** spec §9: location cache 1 hour; geolocation timeout 5 s, high accuracy. */
export const LOCATION_CACHE_MS = 60 * 60 * 1000;
export const GEOLOCATION_TIMEOUT_MS = 5000;

export interface CachedLocation {
  latitude: number;
  longitude: number;
  at: number;
}

export function readCachedLocation(now: number = Date.now()): CachedLocation | null {
  const raw = readText(LOCATION_KEY);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<CachedLocation>;
    if (typeof parsed.latitude !== 'number' || typeof parsed.longitude !== 'number' || typeof parsed.at !== 'number') return null;
    return now - parsed.at < LOCATION_CACHE_MS ? (parsed as CachedLocation) : null;
  } catch {
    return null;
  }
}

/**
 * The browser's position, asked only after the visitor allowed analytics (the caller checks) and never blocking:
 * it settles with null after GEOLOCATION_TIMEOUT_MS even while the permission prompt is still open (the browser's
 * own timeout starts only once it is answered). spec §8: a failure leaves the location null. A position that
 * arrives later is still cached for the next hour.
 */
export function browserLocation(now: number = Date.now()): Promise<CachedLocation | null> {
  const cached = readCachedLocation(now);
  if (cached) return Promise.resolve(cached);
  const geolocation = typeof navigator !== 'undefined' ? navigator.geolocation : undefined;
  if (!geolocation) return Promise.resolve(null);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), GEOLOCATION_TIMEOUT_MS);
    try {
      geolocation.getCurrentPosition(
        (position) => {
          const location = { latitude: position.coords.latitude, longitude: position.coords.longitude, at: Date.now() };
          writeText(LOCATION_KEY, JSON.stringify(location));
          clearTimeout(timer);
          resolve(location);
        },
        () => {
          clearTimeout(timer);
          resolve(null);
        },
        { enableHighAccuracy: true, timeout: GEOLOCATION_TIMEOUT_MS, maximumAge: LOCATION_CACHE_MS },
      );
    } catch {
      clearTimeout(timer);
      resolve(null);
    }
  });
}
