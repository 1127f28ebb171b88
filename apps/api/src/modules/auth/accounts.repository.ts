import type { Db, OtpChannel } from '@nivaas/db';
import { schema } from '@nivaas/db';
import { and, eq, gt, inArray, isNotNull, isNull, ne, or, sql } from '@nivaas/db/orm';
import { uniqueViolation } from '../../lib/pg-errors';
import { brokerAccountColumns, staffAccountColumns, userAccountColumns } from './account-columns';

const { brokers, cities, passwordResets, providerStaff, users } = schema;

export type UserAccountRow = { id: number; name: string | null; phone: string | null; email: string | null; photoUrl: string | null };

export interface NewBroker {
  name: string;
  phone: string;
  email: string;
  company: string;
  reraNumber: string;
  cityId: number;
  passwordHash: string | null;
  createdAt: Date;
}

function accountQueries(db: Db) {
  const contactColumn = (channel: OtpChannel) => (channel === 'phone' ? users.phone : users.email);
  /**
   * The account that signs in with this contact. A contact added on a profile (the user's second one) was never
   * proven by a passcode, so it never opens the account: otherwise anyone could add a stranger's e-mail to their own
   * profile and receive the stranger's first sign-in. `sign_in_channel` is null while an account holds one contact.
   */
  const byIdentity = (channel: OtpChannel, value: string) =>
    and(eq(contactColumn(channel), value), or(isNull(users.signInChannel), eq(users.signInChannel, channel)));
  const brokerByIdentity = (channel: OtpChannel, value: string) => (channel === 'phone' ? eq(brokers.phone, value) : eq(brokers.email, value));

  return {
    // Users ----------------------------------------------------------------------------------------------------

    /** Issue 14: why the provider blocked this user, or undefined when they are not blocked. */
    async userBlock(id: number): Promise<{ reason: string | null } | undefined> {
      const [row] = await db.select({ blockedAt: users.blockedAt, reason: users.blockReason }).from(users).where(eq(users.id, id));
      return row?.blockedAt ? { reason: row.reason } : undefined;
    },

    async findUser(id: number) {
      const [row] = await db.select(userAccountColumns).from(users).where(eq(users.id, id));
      return row;
    },

    async findUserByIdentity(channel: OtpChannel, value: string) {
      const [row] = await db.select(userAccountColumns).from(users).where(byIdentity(channel, value));
      return row;
    },

    /**
     * The user signing in with this phone or e-mail, created on first sign-in. The passcode just proved the contact,
     * so if another account lists it as an unproven second contact, it is taken off that account first (the unique
     * index would refuse the new user otherwise). ON CONFLICT settles two first sign-ins racing each other.
     */
    async findOrCreateUser(channel: OtpChannel, value: string, now: Date) {
      return db.transaction(async (tx) => {
        const [existing] = await tx.select(userAccountColumns).from(users).where(byIdentity(channel, value));
        if (existing) return { user: existing, created: false };
        await tx
          .update(users)
          .set(channel === 'phone' ? { phone: null, updatedAt: now } : { email: null, updatedAt: now })
          .where(and(eq(contactColumn(channel), value), ne(users.signInChannel, channel)));
        const [created] = await tx
          .insert(users)
          .values(channel === 'phone' ? { phone: value, createdAt: now, updatedAt: now } : { email: value, createdAt: now, updatedAt: now })
          .onConflictDoNothing()
          .returning(userAccountColumns);
        if (created) return { user: created, created: true };
        const [raced] = await tx.select(userAccountColumns).from(users).where(byIdentity(channel, value));
        if (!raced) throw new Error('user neither inserted nor found');
        return { user: raced, created: false };
      });
    },

    // Brokers --------------------------------------------------------------------------------------------------

    async findBroker(id: number) {
      const [row] = await db.select(brokerAccountColumns).from(brokers).where(eq(brokers.id, id));
      return row;
    },

    async findBrokerByIdentity(channel: OtpChannel, value: string) {
      const [row] = await db.select(brokerAccountColumns).from(brokers).where(brokerByIdentity(channel, value));
      return row;
    },

    /** For password sign-in only: the one read of a password hash. */
    async findBrokerCredentials(email: string) {
      const [row] = await db.select({ id: brokers.id, passwordHash: brokers.passwordHash }).from(brokers).where(eq(brokers.email, email));
      return row;
    },

    async brokerContactTaken(contact: { email: string; phone: string }): Promise<'email' | 'phone' | null> {
      const [byEmail] = await db.select({ id: brokers.id }).from(brokers).where(eq(brokers.email, contact.email));
      if (byEmail) return 'email';
      const [byPhone] = await db.select({ id: brokers.id }).from(brokers).where(eq(brokers.phone, contact.phone));
      return byPhone ? 'phone' : null;
    },

    async cityExists(id: number): Promise<boolean> {
      const [row] = await db.select({ id: cities.id }).from(cities).where(eq(cities.id, id));
      return row !== undefined;
    },

    /** A new broker, approval pending (the column's default); 'email' or 'phone' when a parallel sign-up took it. */
    async insertBroker(broker: NewBroker) {
      try {
        const [row] = await db
          .insert(brokers)
          .values({ ...broker, approval: 'pending', updatedAt: broker.createdAt })
          .returning(brokerAccountColumns);
        if (!row) throw new Error('broker insert returned no row');
        return row;
      } catch (error) {
        const constraint = uniqueViolation(error);
        if (constraint === null) throw error;
        return constraint.includes('phone') ? ('phone' as const) : ('email' as const);
      }
    },

    async setBrokerPassword(id: number, passwordHash: string, now: Date): Promise<void> {
      await db.update(brokers).set({ passwordHash, updatedAt: now }).where(eq(brokers.id, id));
    },

    // Password resets ------------------------------------------------------------------------------------------

    /**
     * Stores a reset for the broker with this e-mail, answering whether there is one. The row is written either
     * way (with no broker for an unknown e-mail, and so unusable): one INSERT of one row, so an unknown e-mail
     * costs the same statement, the same index updates and the same commit as a known one (issue 10).
     */
    async insertPasswordResetFor(email: string, reset: { tokenHash: string; expiresAt: Date; createdAt: Date }): Promise<boolean> {
      const [row] = await db
        .insert(passwordResets)
        .values({ brokerId: sql`(${db.select({ id: brokers.id }).from(brokers).where(eq(brokers.email, email))})`, ...reset })
        .returning({ brokerId: passwordResets.brokerId });
      return row?.brokerId != null;
    },

    /**
     * Uses a reset token if it is unused and unexpired, answering the broker it belongs to. One conditional
     * UPDATE: a link opened twice (or submitted twice at once) resets the password once.
     */
    async takePasswordReset(tokenHash: string, now: Date): Promise<number | null> {
      const [row] = await db
        .update(passwordResets)
        .set({ usedAt: now })
        .where(and(eq(passwordResets.tokenHash, tokenHash), isNotNull(passwordResets.brokerId), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
        .returning({ brokerId: passwordResets.brokerId });
      return row?.brokerId ?? null;
    },

    /** A new link replaces the older ones: only the newest reset e-mail works. Matches nothing for an unknown e-mail. */
    async retirePasswordResetsFor(email: string, now: Date): Promise<void> {
      await db
        .update(passwordResets)
        .set({ usedAt: now })
        .where(and(inArray(passwordResets.brokerId, db.select({ id: brokers.id }).from(brokers).where(eq(brokers.email, email))), isNull(passwordResets.usedAt)));
    },

    // Provider staff -------------------------------------------------------------------------------------------

    async findStaff(id: number) {
      const [row] = await db.select(staffAccountColumns).from(providerStaff).where(eq(providerStaff.id, id));
      return row;
    },

    async findStaffByEmail(email: string) {
      const [row] = await db.select(staffAccountColumns).from(providerStaff).where(eq(providerStaff.email, email));
      return row;
    },
  };
}

export type AccountQueries = ReturnType<typeof accountQueries>;

/** SQL for the three kinds of account as sign-in sees them; no HTTP, no tokens. */
export function createAccountsRepository(db: Db) {
  return {
    ...accountQueries(db),
    transaction<T>(work: (tx: AccountQueries) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(accountQueries(tx)));
    },
  };
}

export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
export type BrokerAccountRow = NonNullable<Awaited<ReturnType<AccountsRepository['findBroker']>>>;
export type StaffAccountRow = NonNullable<Awaited<ReturnType<AccountsRepository['findStaff']>>>;
