/** Identity: passcodes, refresh sessions, password resets, the dev outbox. */
import {
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { OTP_CHANNELS, OTP_SUBJECTS, OUTBOX_CHANNELS, SUBJECT_KINDS } from '../enums';
import { createdAt, id, oneOf } from './columns';
import { brokers } from './accounts';

export const otpChallenges = pgTable(
  'otp_challenges',
  {
    id: id(),
    // Normalised phone (digits) or lower-cased e-mail.
    identity: text('identity').notNull(),
    channel: text('channel', { enum: OTP_CHANNELS }).notNull(),
    // Who the code signs in: a user's code must never open the broker or staff account with the same e-mail.
    // 'user-contact' codes prove a contact being added to a profile and sign nobody in.
    subjectKind: text('subject_kind', { enum: OTP_SUBJECTS }).notNull().default('user'),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    requestIp: text('request_ip'),
    createdAt: createdAt(),
  },
  (t) => [
    // The latest challenge for an identity (verify, resend cooldown) and per-IP rate limits.
    index('otp_challenges_identity_idx').on(t.subjectKind, t.identity, t.createdAt),
    index('otp_challenges_request_ip_idx').on(t.requestIp, t.createdAt),
    oneOf('otp_challenges_channel_check', t.channel, OTP_CHANNELS),
    oneOf('otp_challenges_subject_kind_check', t.subjectKind, OTP_SUBJECTS),
  ],
);

export const authSessions = pgTable(
  'auth_sessions',
  {
    id: id(),
    // Every rotation of one sign-in shares a family; reuse of a rotated token revokes the whole family.
    familyId: text('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    subjectKind: text('subject_kind', { enum: SUBJECT_KINDS }).notNull(),
    subjectId: integer('subject_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    replacedById: integer('replaced_by_id').references((): AnyPgColumn => authSessions.id, { onDelete: 'set null' }),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('auth_sessions_token_hash_uq').on(t.tokenHash),
    index('auth_sessions_family_idx').on(t.familyId),
    index('auth_sessions_subject_idx').on(t.subjectKind, t.subjectId),
    oneOf('auth_sessions_subject_kind_check', t.subjectKind, SUBJECT_KINDS),
  ],
);

/**
 * Sign-in families that have ended (logout, password reset, a copied refresh token): an access token carries its
 * family (`sid`) and is refused once the family is here, rather than living out its 15 minutes. A row is kept for
 * the refresh-token lifetime: by then no session of the family can be alive to be rotated.
 */
export const revokedSessionFamilies = pgTable(
  'revoked_session_families',
  {
    familyId: text('family_id').primaryKey(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('revoked_session_families_revoked_at_idx').on(t.revokedAt)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: id(),
    // Null for a request naming an e-mail no broker uses: it is stored all the same, so a known and an unknown
    // e-mail cost the same write (issue 10). Its token was never sent to anyone, so it can never be used.
    brokerId: integer('broker_id').references(() => brokers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('password_resets_token_hash_uq').on(t.tokenHash), index('password_resets_broker_idx').on(t.brokerId)],
);

/** What would have been sent (passcodes, notifications); the dev outbox endpoint and e2e tests read it. */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: id(),
    channel: text('channel', { enum: OUTBOX_CHANNELS }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    // e.g. 'otp', 'saved-search', 'password-reset'.
    purpose: text('purpose').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('outbox_messages_recipient_idx').on(t.recipient, t.createdAt),
    oneOf('outbox_messages_channel_check', t.channel, OUTBOX_CHANNELS),
  ],
);
