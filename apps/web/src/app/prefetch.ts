import { bannersApi } from '../features/home/api/get-banners';
import { citiesApi, FIRST_CITIES_PAGE } from '../lib/api/get-cities';
import type { AppStore } from './store';

/**
 * Starts the first screen's requests while the route chunks are still downloading, instead of
 * after they render: on a slow phone network that is a round trip off the largest paint (the
 * home banner). `prefetch` holds no subscription, so the cache still expires normally.
 */
export function prefetchFirstScreen(store: AppStore, pathname: string): void {
  // Every page has the navbar's city selector.
  store.dispatch(citiesApi.util.prefetch('getCities', FIRST_CITIES_PAGE, {}));
  if (pathname === '/') store.dispatch(bannersApi.util.prefetch('getBanners', undefined, {}));
}
