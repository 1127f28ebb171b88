import type { HydrationState } from 'react-router';
import type { AuthState } from '../domain/auth/auth-slice';
import type { CityState } from '../domain/city/city-slice';
import type { CompareState } from '../domain/compare/compare-slice';
import type { RootState } from './store';

/** Decision 028: the ids of the JSON blocks a server-rendered page carries after its root element. */
export const HYDRATION_STATE_ID = 'nivaas-state';
export const ROUTER_STATE_ID = 'nivaas-router-state';

/**
 * The store's state the server rendered with: the settled queries (without RTK Query's `config`, which belongs to the
 * store that made it) and the session slices as the server saw them (the defaults: it renders anonymously; the auth
 * slice says so, with no login in it).
 */
export interface ServerRenderState {
  api: Pick<RootState['api'], 'queries' | 'provided'>;
  auth: AuthState;
  city: CityState;
  compare: CompareState;
}

function readJsonBlock(id: string): unknown {
  const text = document.getElementById(id)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** What the server sent with a rendered page, or null for the client-rendered shell (signed-in pages, fallbacks). */
export function readServerRender(): { state: ServerRenderState; router: HydrationState } | null {
  const state = readJsonBlock(HYDRATION_STATE_ID);
  const router = readJsonBlock(ROUTER_STATE_ID);
  if (!state || !router || !document.getElementById('root')?.firstChild) return null;
  return { state: state as ServerRenderState, router: router as HydrationState };
}
