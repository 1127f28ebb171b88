import { z } from 'zod';
import { ApprovalSchema, MAX_ID, multiLineText, singleLineText } from './common.schema';
import { IndianMobileSchema, normaliseIndianMobile } from './lead.schema';
import { LOGOUT_MESSAGE } from './values';

// Decision 032: defined without zod for the web app's first screen; exported here as before.
export { LOGOUT_MESSAGE };

/**
 * Identity (issue 4): passcode sign-in for users, brokers and the provider's staff, broker accounts, and the
 * access/refresh tokens. Paths live under the auth base `/api/auth` (spec §7), except `GET /api/auth/me`'s sibling
 * `PUT /api/broker/{id}`, which is a portal call.
 */

// ---------------------------------------------------------------------------------------------------------------
// Who is calling.

export const PRINCIPAL_KINDS = ['user', 'broker', 'provider'] as const;
export const PrincipalKindSchema = z.enum(PRINCIPAL_KINDS);
export type PrincipalKind = z.infer<typeof PrincipalKindSchema>;

/** What a verified access token says about its bearer, and nothing more. */
export const PrincipalSchema = z.object({
  kind: PrincipalKindSchema,
  id: z.number().int().positive().max(MAX_ID),
});
export type Principal = z.infer<typeof PrincipalSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Identities: a phone or an e-mail in one text field (spec §4 'Input type: all digits is phone, e-mail-shaped is
// email'). The client sends both kinds under the key `email` (spec §7 send-otp / verify-otp).

export const OTP_LENGTH = 6;
/** spec §5: 'OTP must be at least 4 characters'; the server's codes have six digits (spec §9: six boxes). */
export const OTP_MIN_LENGTH = 4;
/** spec §9: 'Resend countdown 30 s'. */
export const OTP_RESEND_SECONDS = 30;

export const IDENTITY_MAX = 254;
export const IDENTITY_MESSAGE = 'Enter a valid phone number or e-mail address';
export const EMAIL_MESSAGE = 'Enter a valid e-mail address';

/** A phone (all digits after spaces, dashes, dots, brackets and a leading +) or an e-mail. */
const PHONE_SHAPED = /^\+?[\d\s\-.()]+$/;
const EmailShape = z.email();

export type IdentityChannel = 'phone' | 'email';
export interface Identity {
  channel: IdentityChannel;
  /** The 10-digit national mobile number, or the lower-cased e-mail. */
  value: string;
}

/** Reads a typed phone or e-mail as the server keeps it, or null when it is neither. */
export function parseIdentity(input: string): Identity | null {
  const text = input.trim();
  if (text === '' || text.length > IDENTITY_MAX) return null;
  if (PHONE_SHAPED.test(text)) {
    const phone = normaliseIndianMobile(text);
    return phone === null ? null : { channel: 'phone', value: phone };
  }
  const email = text.toLowerCase();
  return EmailShape.safeParse(email).success ? { channel: 'email', value: email } : null;
}

/** Text in, `{channel, value}` out; anything that is neither an Indian mobile nor an e-mail is a 400 naming the field. */
export const IdentitySchema = singleLineText({ error: IDENTITY_MESSAGE })
  .max(IDENTITY_MAX, IDENTITY_MESSAGE)
  .transform((text, ctx): Identity => {
    const identity = parseIdentity(text);
    if (identity === null) {
      ctx.issues.push({ code: 'custom', message: IDENTITY_MESSAGE, input: text });
      return z.NEVER;
    }
    return identity;
  });

export const EmailInputSchema = singleLineText({ error: EMAIL_MESSAGE })
  .toLowerCase()
  .max(IDENTITY_MAX, EMAIL_MESSAGE)
  .pipe(z.email(EMAIL_MESSAGE));

export const OtpCodeSchema = singleLineText({ error: 'Enter the passcode' }).regex(new RegExp(`^\\d{${OTP_MIN_LENGTH},${OTP_LENGTH}}$`), `Enter the ${OTP_LENGTH}-digit passcode`);

// ---------------------------------------------------------------------------------------------------------------
// Passcode sign-in (users at /portal, brokers at /broker, staff at /provider: the same shapes).

/**
 * spec §7 POST /portal/send-otp: 'first send {email}; resend {phone} or {email}'. Either key may hold a phone or
 * an e-mail; exactly one is sent.
 */
export const SendOtpRequestSchema = z
  .strictObject({
    email: IdentitySchema.optional(),
    phone: IdentitySchema.optional(),
  })
  .superRefine((body, ctx) => {
    if ((body.email === undefined) === (body.phone === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: 'Send exactly one of email or phone' });
    }
  })
  .transform((body): { identity: Identity } => ({ identity: (body.email ?? body.phone) as Identity }));
export type SendOtpRequestInput = z.input<typeof SendOtpRequestSchema>;
export type SendOtpRequest = z.output<typeof SendOtpRequestSchema>;

/**
 * 200 for a first send, 201 for a resend (spec §7: 'first expects 200, resend 201'). The same answer whether or
 * not the identity has an account, so the form cannot be used to find out who is registered.
 */
export const SendOtpResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  /** Seconds until another code may be asked for (spec §9 resend countdown). */
  resendAfterSeconds: z.number().int(),
});
export type SendOtpResponse = z.infer<typeof SendOtpResponseSchema>;

export const VerifyOtpRequestSchema = z.strictObject({
  /** spec §7: the identity travels as `email` whatever its kind. */
  email: IdentitySchema,
  otp: OtpCodeSchema,
});
export type VerifyOtpRequestInput = z.input<typeof VerifyOtpRequestSchema>;
export type VerifyOtpRequest = z.output<typeof VerifyOtpRequestSchema>;

/** The provider's staff sign in with a passcode to their work e-mail (no phone): the console's own form. */
export const ProviderSendOtpRequestSchema = z.strictObject({
  email: EmailInputSchema,
});
export type ProviderSendOtpRequest = z.output<typeof ProviderSendOtpRequestSchema>;

export const ProviderVerifyOtpRequestSchema = z.strictObject({
  email: EmailInputSchema,
  otp: OtpCodeSchema,
});
export type ProviderVerifyOtpRequest = z.output<typeof ProviderVerifyOtpRequestSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Accounts as their owner sees them (never public: the public broker profile is broker.schema.ts).

export const UserAccountSchema = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  photo: z.string().nullable(),
});
export type UserAccount = z.infer<typeof UserAccountSchema>;

export const BrokerAccountSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string(),
  company: z.string().nullable(),
  reraNumber: z.string().nullable(),
  cityId: z.number().int().nullable(),
  about: z.string().nullable(),
  /** spec §4: only 'approved' opens leads and uploads; anything else shows the pending page. */
  approval: ApprovalSchema,
  profilePhoto: z.string().nullable(),
  /** Whether a password is set (a passcode-only broker may set one through forgot-password). */
  hasPassword: z.boolean(),
});
export type BrokerAccount = z.infer<typeof BrokerAccountSchema>;

export const STAFF_ROLES = ['admin', 'moderator'] as const;
export const StaffAccountSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.enum(STAFF_ROLES),
});
export type StaffAccount = z.infer<typeof StaffAccountSchema>;

/** spec §7 verify-otp: 'data.user, data.token, data.message'. */
export const UserSignInResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  role: z.literal('user'),
  user: UserAccountSchema,
  token: z.string(),
});
export type UserSignInResponse = z.infer<typeof UserSignInResponseSchema>;

export const BrokerSignInResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  role: z.literal('broker'),
  broker: BrokerAccountSchema,
  token: z.string(),
});
export type BrokerSignInResponse = z.infer<typeof BrokerSignInResponseSchema>;

export const ProviderSignInResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  role: z.literal('provider'),
  staff: StaffAccountSchema,
  token: z.string(),
});
export type ProviderSignInResponse = z.infer<typeof ProviderSignInResponseSchema>;

/** GET /api/auth/me: the caller's current record, so the web can check a broker's approval live. */
export const MeResponseSchema = z.object({
  success: z.literal(true),
  account: z.discriminatedUnion('kind', [
    UserAccountSchema.extend({ kind: z.literal('user') }),
    BrokerAccountSchema.extend({ kind: z.literal('broker') }),
    StaffAccountSchema.extend({ kind: z.literal('provider') }),
  ]),
});
export type MeResponse = z.infer<typeof MeResponseSchema>;

export const MessageResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
});
export type MessageResponse = z.infer<typeof MessageResponseSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Brokers: registration, password sign-in, password reset.

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const BROKER_NAME_MAX = 80;
export const COMPANY_MAX = 120;
export const RERA_MAX = 50;
export const ABOUT_MAX = 2000;
export const PHOTO_URL_MAX = 500;

export const PasswordSchema = singleLineText({ error: 'Enter a password', label: 'Password', trim: false })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

const plainText = (label: string, min: number, max: number) => {
  const Label = `${label[0]?.toUpperCase()}${label.slice(1)}`;
  return singleLineText({ error: `Enter the ${label}`, label: Label })
    .min(min, `Enter the ${label}`)
    .max(max, `${Label} must be at most ${max} characters`);
};

/** RERA agent registration numbers vary by state (e.g. 'PRM/KA/RERA/1251/310/AG/171016/000123'). */
const ReraNumberSchema = singleLineText({ error: 'Enter the RERA registration number' })
  .min(4, 'Enter the RERA registration number')
  .max(RERA_MAX, `RERA registration number must be at most ${RERA_MAX} characters`)
  .regex(/^[A-Za-z0-9][A-Za-z0-9/\-. ]*$/, 'RERA registration number may hold letters, digits, / - . and spaces');

const CityIdSchema = z.number({ error: 'Choose a city' }).int().positive().max(MAX_ID);

/** Only a site-relative media path or an https URL may be a profile photo. */
const PhotoUrlSchema = singleLineText()
  .max(PHOTO_URL_MAX)
  .regex(/^(\/media\/[\w\-./]+|https:\/\/[^\s"'<>]+)$/, 'Profile photo must be an uploaded image or an https URL');

export const BrokerRegisterRequestSchema = z.strictObject({
  name: plainText('name', 2, BROKER_NAME_MAX),
  phone: IndianMobileSchema,
  email: EmailInputSchema,
  company: plainText('company', 2, COMPANY_MAX),
  reraNumber: ReraNumberSchema,
  cityId: CityIdSchema,
  /** Optional: a broker may sign in with passcodes only. */
  password: PasswordSchema.optional(),
});
export type BrokerRegisterRequestInput = z.input<typeof BrokerRegisterRequestSchema>;
export type BrokerRegisterRequest = z.output<typeof BrokerRegisterRequestSchema>;

export const BrokerLoginRequestSchema = z.strictObject({
  email: EmailInputSchema,
  // Not PasswordSchema: a wrong password of any length gets the one 'wrong e-mail or password' answer.
  password: singleLineText({ error: 'Enter your password', label: 'Password', trim: false }).min(1, 'Enter your password').max(PASSWORD_MAX),
});
export type BrokerLoginRequest = z.output<typeof BrokerLoginRequestSchema>;

export const ForgotPasswordRequestSchema = z.strictObject({
  email: EmailInputSchema,
});
export type ForgotPasswordRequest = z.output<typeof ForgotPasswordRequestSchema>;

/** The reset token is 32 random bytes, base64url (43 characters). */
export const ResetPasswordRequestSchema = z.strictObject({
  token: singleLineText({ error: 'The reset link is incomplete', trim: false }).regex(/^[A-Za-z0-9_-]{43}$/, 'The reset link is incomplete'),
  password: PasswordSchema,
});
export type ResetPasswordRequest = z.output<typeof ResetPasswordRequestSchema>;

/**
 * PUT /api/broker/{id} (spec §3: 'profile fields edited by full-record update'). The client sends the whole
 * edited record; only these fields are read and every other key (id, email, approval, role, ownerId...) is
 * dropped, so adding a field can never change who owns the record or whether it is approved.
 */
export const BrokerUpdateRequestSchema = z.object({
  name: plainText('name', 2, BROKER_NAME_MAX).optional(),
  phone: IndianMobileSchema.optional(),
  company: plainText('company', 2, COMPANY_MAX).optional(),
  reraNumber: ReraNumberSchema.optional(),
  cityId: CityIdSchema.optional(),
  about: multiLineText({ label: 'About' }).max(ABOUT_MAX, `About must be at most ${ABOUT_MAX} characters`).nullable().optional(),
  profilePhoto: PhotoUrlSchema.nullable().optional(),
});
export type BrokerUpdateRequestInput = z.input<typeof BrokerUpdateRequestSchema>;
export type BrokerUpdateRequest = z.output<typeof BrokerUpdateRequestSchema>;

export const BrokerAccountResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  broker: BrokerAccountSchema,
});
export type BrokerAccountResponse = z.infer<typeof BrokerAccountResponseSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Tokens and sessions.

/** spec §7 refresh: `app` is 'portal'; the provider console says 'dashboard'. */
export const AUTH_APPS = ['portal', 'dashboard'] as const;

/**
 * spec §7 POST /portal/refresh-token {email, role, app}. Kept for the spec's client, but a token is issued only
 * against a valid refresh cookie of that role whose account matches `email` (docs/decisions/003-refresh-cookie.md).
 */
export const RefreshTokenRequestSchema = z.strictObject({
  /** The identity the client stored at sign-in: an e-mail, or a phone for users who signed in with one. */
  email: singleLineText({ error: IDENTITY_MESSAGE }).min(1, IDENTITY_MESSAGE).max(IDENTITY_MAX, IDENTITY_MESSAGE),
  role: PrincipalKindSchema,
  app: z.enum(AUTH_APPS).default('portal'),
});
export type RefreshTokenRequest = z.output<typeof RefreshTokenRequestSchema>;

/** spec §3 'Refresh result: token'. */
export const RefreshTokenResponseSchema = z.object({
  success: z.literal(true),
  token: z.string(),
});
export type RefreshTokenResponse = z.infer<typeof RefreshTokenResponseSchema>;

export const LogoutRequestSchema = z.strictObject({
  role: PrincipalKindSchema,
});
export type LogoutRequest = z.output<typeof LogoutRequestSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Dev outbox (not served when NODE_ENV=production).

export const OUTBOX_PURPOSES = ['otp', 'password-reset', 'saved-search', 'account-notice'] as const;

export const OutboxQuerySchema = z.strictObject({
  recipient: singleLineText().min(1).max(IDENTITY_MAX).optional(),
  purpose: singleLineText().min(1).max(40).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type OutboxQuery = z.output<typeof OutboxQuerySchema>;

export const OutboxMessageSchema = z.object({
  id: z.number().int(),
  channel: z.enum(['email', 'sms']),
  recipient: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  purpose: z.string(),
  createdAt: z.string(),
});
export type OutboxMessage = z.infer<typeof OutboxMessageSchema>;

export const OutboxResponseSchema = z.object({
  success: z.literal(true),
  messages: z.array(OutboxMessageSchema),
});
export type OutboxResponse = z.infer<typeof OutboxResponseSchema>;
