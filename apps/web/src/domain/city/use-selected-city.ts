import { useCallback } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { skipToken } from '@reduxjs/toolkit/query';
import { CITY_PAGE_SIZE, FIRST_CITIES_PAGE, useGetCitiesQuery, type CitySummary } from '../../lib/api/get-cities';
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

/**
 * The selected city with the first page of cities (spec §9: ten on start). `name` is usable before the list arrives.
 * A city past the first ten (Jaipur, Kochi) is looked up by name instead of being taken for Bengaluru (issue 17).
 */
export function useSelectedCity() {
  const selectedName = useSelector(selectSelectedCityName);
  const query = useGetCitiesQuery(FIRST_CITIES_PAGE);
  const onFirstPage = query.data?.find((city) => sameName(city.name, selectedName));
  const wanted = selectedName.trim();
  const lookup = useGetCitiesQuery(
    query.data && !onFirstPage && wanted ? { page: 1, limit: CITY_PAGE_SIZE, search: wanted } : skipToken,
  );
  const found = lookup.data?.find((city) => sameName(city.name, selectedName));
  // While the name is being looked up there is no city yet (not Bengaluru's rails flashing first).
  const lookingUp = query.data !== undefined && !onFirstPage && wanted !== '' && lookup.isLoading;
  const city = onFirstPage ?? found ?? (lookingUp ? undefined : resolveCity(query.data, selectedName));
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
