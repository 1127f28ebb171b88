import type { LoginRole, StoredLogin } from '../domain/auth/stored-login';
import { writeStoredLogin } from '../domain/auth/login-vault';

let nextId = 1;

/** A stored login as sign-in leaves it; override what the test is about. */
export function createStoredLogin(role: LoginRole, overrides: Partial<StoredLogin> = {}): StoredLogin {
  const id = nextId++;
  return {
    id,
    email: role === 'user' ? `user${id}@example.in` : `broker${id}@example.in`,
    role,
    token: `${role}-token-${id}`,
    name: role === 'user' ? 'Asha Rao' : 'Vikram Brokers',
    phone: '9876543210',
    photo: null,
    ...overrides,
  };
}

/** Puts an encrypted login in local storage, as a previous visit would have left it. Call before rendering. */
export async function seedStoredLogin(role: LoginRole, overrides: Partial<StoredLogin> = {}): Promise<StoredLogin> {
  const login = createStoredLogin(role, overrides);
  await writeStoredLogin(role, login);
  return login;
}
