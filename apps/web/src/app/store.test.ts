import { describe, expect, it } from 'vitest';
import { citySelected, selectSelectedCityName } from '../domain/city/city-slice';
import { makeStore } from './store';

describe('city state', () => {
  it('starts on Bengaluru', () => {
    expect(selectSelectedCityName(makeStore().getState())).toBe('Bengaluru');
  });

  it('starts on the city kept in sessionStorage', () => {
    sessionStorage.setItem('selectedCity', 'Hyderabad');
    expect(selectSelectedCityName(makeStore().getState())).toBe('Hyderabad');
  });

  it('writes a new choice to sessionStorage', () => {
    const store = makeStore();
    store.dispatch(citySelected('Pune'));
    expect(selectSelectedCityName(store.getState())).toBe('Pune');
    expect(sessionStorage.getItem('selectedCity')).toBe('Pune');
  });
});
