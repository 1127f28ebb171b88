import { parseIdentity, type BrokerSignInResponse, type UserSignInResponse } from '@nivaas/contracts/auth.schema';
import type { StoredLogin } from './stored-login';

/**
 * The stored login for a user who just verified a passcode. `email` is what the refresh call will name
 * (spec §7): the identity signed in with, as the server keeps it. Not the account's e-mail: a user who
 * signed in by phone may add, change or clear an e-mail on /profile, but never the sign-in identity.
 */
export function userLoginFrom(response: UserSignInResponse, typed: string): StoredLogin {
  const { user, token } = response;
  return {
    id: user.id,
    email: parseIdentity(typed)?.value ?? user.email ?? user.phone ?? typed.trim(),
    role: 'user',
    token,
    name: user.name,
    phone: user.phone,
    photo: user.photo,
  };
}

/** The stored login for a broker who just signed in (passcode or password). */
export function brokerLoginFrom(response: BrokerSignInResponse): StoredLogin {
  const { broker, token } = response;
  return {
    id: broker.id,
    email: broker.email,
    role: 'broker',
    token,
    name: broker.name,
    phone: broker.phone,
    photo: broker.profilePhoto,
  };
}
