/** spec §6: the two kinds of account a browser can hold at once, each in its own slot. */
export type LoginRole = 'user' | 'broker';
export const LOGIN_ROLES = ['user', 'broker'] as const satisfies readonly LoginRole[];

/**
 * spec §3 'Stored login': id, email, role, token, plus what the side menus show without a request
 * (spec §2: photo, name, phone). `email` is the identity the refresh call names (spec §7), which for
 * a passcode sign-in is the phone number or e-mail the visitor typed. A client-only shape (it lives in
 * local storage, never on the wire as such), so it has no contract schema; `parseStoredLogin` checks it.
 */
export interface StoredLogin {
  id: number;
  email: string;
  role: LoginRole;
  token: string;
  name: string | null;
  phone: string | null;
  photo: string | null;
}

function optionalText(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/**
 * A stored login read back from storage, or null when it is not one (an old format, a hand edit).
 * A missing email or role is kept as '' so the record still signs the visitor in, while the request
 * layer knows not to attempt a refresh with it (spec §8).
 */
export function parseStoredLogin(value: unknown, role: LoginRole): StoredLogin | null {
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  if (typeof record.token !== 'string' || record.token === '') return null;
  if (typeof record.id !== 'number' || !Number.isInteger(record.id) || record.id <= 0) return null;
  if (record.role !== undefined && record.role !== role) return null;
  return {
    id: record.id,
    email: typeof record.email === 'string' ? record.email : '',
    role,
    token: record.token,
    name: optionalText(record.name),
    phone: optionalText(record.phone),
    photo: optionalText(record.photo),
  };
}
