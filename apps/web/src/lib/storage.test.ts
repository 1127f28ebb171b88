import { afterEach, describe, expect, it, vi } from 'vitest';
import { readSelectedCity, writeSelectedCity } from './storage';

afterEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

describe('selected city', () => {
  it('defaults to Bengaluru', () => {
    expect(readSelectedCity()).toBe('Bengaluru');
  });
  it('persists the choice in sessionStorage under selectedCity', () => {
    writeSelectedCity('Pune');
    expect(sessionStorage.getItem('selectedCity')).toBe('Pune');
    expect(readSelectedCity()).toBe('Pune');
  });
  it('ignores a blank stored value', () => {
    sessionStorage.setItem('selectedCity', '  ');
    expect(readSelectedCity()).toBe('Bengaluru');
  });
  it('falls back to the default when storage throws', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    expect(readSelectedCity()).toBe('Bengaluru');
  });
});
