/** People: users (passcode sign-in), brokers, the provider's staff. */
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { APPROVALS, OTP_CHANNELS, STAFF_ROLES } from '../enums';
import { approval, createdAt, id, oneOf, updatedAt } from './columns';
import { cities } from './places';

export const users = pgTable(
  'users',
  {
    id: id(),
    name: text('name'),
    // Either identity may be the one a user signed in with; both are unique when present.
    phone: text('phone'),
    email: text('email'),
    photoUrl: text('photo_url'),
    // The identity the account was created with, which the profile page never changes (issue 4). Null means
    // "the one of phone and e-mail that is set" (sign-in creates a user with one); the profile sets it when it
    // adds the other, so it is known from then on.
    signInChannel: text('sign_in_channel', { enum: OTP_CHANNELS }),
    // Issue 14: the provider blocked the account (null: not blocked). A blocked user's sign-ins are ended and a new
    // one is refused with the reason; nothing else of theirs is deleted, so unblocking gives the account back whole.
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    blockReason: text('block_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_phone_uq').on(t.phone),
    uniqueIndex('users_email_uq').on(t.email),
    oneOf('users_sign_in_channel_check', t.signInChannel, OTP_CHANNELS),
  ],
);

export const brokers = pgTable(
  'brokers',
  {
    id: id(),
    name: text('name').notNull(),
    phone: text('phone'),
    email: text('email').notNull(),
    company: text('company'),
    reraNumber: text('rera_number'),
    cityId: integer('city_id').references(() => cities.id, { onDelete: 'set null' }),
    profilePhoto: text('profile_photo'),
    about: text('about'),
    approval: approval(),
    // Null for brokers who only ever sign in with a passcode.
    passwordHash: text('password_hash'),
    // Issue 14: the provider suspended the broker (null: not suspended), with the reason they are told. Kept apart
    // from `approval` so reinstating needs no memory: the listings keep their own status and approval, and the
    // public rule (lib/public-items.ts) hides a suspended broker's listings while this is set.
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    suspensionReason: text('suspension_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('brokers_email_uq').on(t.email),
    // Registration and profile edits answer 409 naming the phone; the index settles two at once.
    uniqueIndex('brokers_phone_uq').on(t.phone),
    index('brokers_approval_idx').on(t.approval, t.id),
    index('brokers_city_idx').on(t.cityId),
    oneOf('brokers_approval_check', t.approval, APPROVALS),
  ],
);

export const providerStaff = pgTable(
  'provider_staff',
  {
    id: id(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    // Null until the staff member sets one; until then they sign in with a passcode to their e-mail.
    passwordHash: text('password_hash'),
    role: text('role', { enum: STAFF_ROLES }).notNull().default('moderator'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('provider_staff_email_uq').on(t.email), oneOf('provider_staff_role_check', t.role, STAFF_ROLES)],
);
