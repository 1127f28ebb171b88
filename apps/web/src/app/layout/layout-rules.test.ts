import { describe, expect, it } from 'vitest';
import { isChatPage, showsFooter, showsNavbar } from './layout-rules';

describe('navbar visibility', () => {
  it.each(['/login', '/registration', '/forgot-password', '/reset-password'])('is hidden on %s', (path) => {
    expect(showsNavbar(path)).toBe(false);
  });
  it.each(['/', '/about', '/chat', '/mortage-calculator', '/login-help', '/properties/x/y/z/p/1'])(
    'is shown on %s',
    (path) => {
      expect(showsNavbar(path)).toBe(true);
    },
  );
  it('treats case and a trailing slash as the router does', () => {
    expect(showsNavbar('/Login/')).toBe(false);
  });
});

describe('footer visibility', () => {
  it.each(['/chat', '/registration'])('is hidden on %s', (path) => {
    expect(showsFooter(path)).toBe(false);
  });
  it.each(['/', '/login', '/about', '/forgot-password', '/chats'])('is shown on %s', (path) => {
    expect(showsFooter(path)).toBe(true);
  });
});

describe('isChatPage', () => {
  it.each([
    ['/chat', true],
    ['/Chat/', true],
    ['/chat/extra', false],
    ['/', false],
  ])('%s -> %s (the floating chat button stays away from the full-page chat)', (path, expected) => {
    expect(isChatPage(path)).toBe(expected);
  });
});
