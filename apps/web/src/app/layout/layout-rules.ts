/** spec §2 'Layout': the sign-in and account-recovery screens stand alone, without the navbar. */
export const PATHS_WITHOUT_NAVBAR = ['/login', '/registration', '/forgot-password', '/reset-password'] as const;
/** spec §2 'Layout': the chat and registration screens use the whole height. */
export const PATHS_WITHOUT_FOOTER = ['/chat', '/registration'] as const;

// The router matches paths case-insensitively and ignores a trailing slash, so the rules do too.
function normalise(pathname: string): string {
  const lower = pathname.toLowerCase();
  return lower.length > 1 ? lower.replace(/\/+$/, '') : lower;
}

export function showsNavbar(pathname: string): boolean {
  return !(PATHS_WITHOUT_NAVBAR as readonly string[]).includes(normalise(pathname));
}

export function showsFooter(pathname: string): boolean {
  return !(PATHS_WITHOUT_FOOTER as readonly string[]).includes(normalise(pathname));
}

/** The /chat page shows the help chat itself, so the floating chat button stays away there. */
export function isChatPage(pathname: string): boolean {
  return normalise(pathname) === '/chat';
}
