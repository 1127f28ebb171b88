/**
 * spec §2: protected pages send a visitor to /login carrying the original location, so after signing in the
 * visitor goes back there; otherwise home. Only a path on this site is followed (never '//host' or a URL).
 */
export function returnPath(state: unknown): string {
  if (typeof state !== 'object' || state === null || !('from' in state)) return '/';
  const from: unknown = (state as { from: unknown }).from;
  let path: string | null = null;
  if (typeof from === 'string') path = from;
  else if (typeof from === 'object' && from !== null && 'pathname' in from) {
    const { pathname, search, hash } = from as { pathname: unknown; search?: unknown; hash?: unknown };
    if (typeof pathname === 'string') {
      path = `${pathname}${typeof search === 'string' ? search : ''}${typeof hash === 'string' ? hash : ''}`;
    }
  }
  if (!path || !path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return '/';
  // Back to /login itself would show the form again to someone now signed in.
  if (/^\/(login|registration|forgot-password|reset-password)(\/|\?|#|$)/i.test(path)) return '/';
  return path;
}

/**
 * Pages an owner (a signed-in user) comes to /login from: posting a property and the user's own pages (spec §2
 * route table). /login offers them the passcode sign-in those pages need, not the broker's form (issue 17).
 */
export function isOwnerPath(path: string): boolean {
  return /^\/(upload-a-property|list-your-properties|uploded-properties|Shareleads|profile)(\/|\?|#|$)/i.test(path);
}
