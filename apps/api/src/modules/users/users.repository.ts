import type { Db, OtpChannel } from '@nivaas/db';
import { schema } from '@nivaas/db';
import { and, eq, ne, or, type SQL } from '@nivaas/db/orm';

const { users } = schema;

export interface UserRow {
  id: number;
  name: string | null;
  phone: string | null;
  email: string | null;
  photoUrl: string | null;
  signInChannel: OtpChannel | null;
}

export interface UserPatch {
  name?: string;
  phone?: string | null;
  email?: string | null;
  signInChannel?: OtpChannel;
}

const columns = {
  id: users.id,
  name: users.name,
  phone: users.phone,
  email: users.email,
  photoUrl: users.photoUrl,
  signInChannel: users.signInChannel,
};

/** PostgreSQL's unique_violation, as pg and PGlite report it (drizzle wraps it as the error's cause). */
function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** SQL for users' own records; no HTTP, no response shapes. */
export function createUsersRepository(db: Db) {
  return {
    async find(id: number): Promise<UserRow | undefined> {
      const [row] = await db.select(columns).from(users).where(eq(users.id, id));
      return row;
    },

    /** Whether another account already holds this phone or e-mail (both are unique: either may sign someone in). */
    async contactTaken(id: number, contact: { phone?: string; email?: string }): Promise<'phone' | 'email' | null> {
      const held: SQL[] = [];
      if (contact.phone !== undefined) held.push(eq(users.phone, contact.phone));
      if (contact.email !== undefined) held.push(eq(users.email, contact.email));
      if (held.length === 0) return null;
      const rows = await db.select({ phone: users.phone, email: users.email }).from(users).where(and(ne(users.id, id), or(...held)));
      if (contact.phone !== undefined && rows.some((row) => row.phone === contact.phone)) return 'phone';
      if (contact.email !== undefined && rows.some((row) => row.email === contact.email)) return 'email';
      return null;
    },

    /** One statement; answers the row as stored, or 'taken' when a parallel write claimed the phone or e-mail first. */
    async update(id: number, patch: UserPatch): Promise<UserRow | 'taken' | undefined> {
      try {
        const [row] = await db.update(users).set(patch).where(eq(users.id, id)).returning(columns);
        return row;
      } catch (error) {
        if (isUniqueViolation(error)) return 'taken';
        throw error;
      }
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
