export const LOGIN_PATH = '/login';

/** What /login receives in `location.state`, so it can send the visitor back after signing in. */
export interface LoginRedirectState {
  from: { pathname: string; search: string; hash: string };
}
