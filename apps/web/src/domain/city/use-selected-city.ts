import { useCallback } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { FIRST_CITIES_PAGE, useGetCitiesQuery, type CitySummary } from '../../lib/api/get-cities';
import { DEFAULT_CITY_NAME } from '../../lib/storage';
import { track } from '../../lib/tracking/track';
import { citySelected, selectSelectedCityName } from './city-slice';

function sameName(a: string, b: string): boolean {
  return a.trim().toLocaleLowerCase('en-IN') === b.trim().toLocaleLowerCase('en-IN');
}

/** Resolves a stored name against the list; a stale name falls back to Bengaluru, then the first city. */
export function resolveCity(cities: readonly CitySummary[] | undefined, name: string): CitySummary | undefined {
  if (!cities) return undefined;
  return (
    cities.find((city) => sameName(city.name, name)) ??
    cities.find((city) => sameName(city.name, DEFAULT_CITY_NAME)) ??
    cities[0]
  );
}

/** The selected city with the cities list it came from. `name` is usable before the list arrives. */
export function useSelectedCity() {
  const selectedName = useSelector(selectSelectedCityName);
  const query = useGetCitiesQuery(FIRST_CITIES_PAGE);
  const city = resolveCity(query.data, selectedName);
  return {
    name: city?.name ?? selectedName,
    city,
    cities: query.data,
    isLoading: query.isLoading,
    isError: query.isError,
    refetch: query.refetch,
  };
}

export function useSelectCity(): (cityName: string) => void {
  const dispatch = useDispatch();
  return useCallback(
    (cityName: string) => {
      track('CITY_SELECTED', { city: cityName });
      dispatch(citySelected(cityName));
    },
    [dispatch],
  );
}
