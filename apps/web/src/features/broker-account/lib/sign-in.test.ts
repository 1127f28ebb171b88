import { describe, expect, it } from 'vitest';
import { returnPath } from './sign-in';

describe('returnPath', () => {
  it('returns to the location a guard carried, with its query and hash', () => {
    expect(returnPath({ from: { pathname: '/wishlist', search: '?tab=1', hash: '#top' } })).toBe('/wishlist?tab=1#top');
    expect(returnPath({ from: '/leads' })).toBe('/leads');
  });

  it('goes home when nothing was carried', () => {
    expect(returnPath(null)).toBe('/');
    expect(returnPath({})).toBe('/');
    expect(returnPath({ from: 42 })).toBe('/');
  });

  it('never follows a path off the site or back to the sign-in screens', () => {
    expect(returnPath({ from: '//evil.example/x' })).toBe('/');
    expect(returnPath({ from: 'https://evil.example' })).toBe('/');
    expect(returnPath({ from: { pathname: '/\\evil.example' } })).toBe('/');
    expect(returnPath({ from: '/login' })).toBe('/');
    expect(returnPath({ from: '/registration?x=1' })).toBe('/');
  });
});
