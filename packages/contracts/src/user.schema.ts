import { z } from 'zod';
import { EmailInputSchema, IdentitySchema, OtpCodeSchema, UserAccountSchema } from './auth.schema';
import { singleLineText } from './common.schema';
import { IndianMobileSchema } from './lead.schema';

/**
 * The signed-in user's own profile (issue 4 '/profile': name, photo, phone, e-mail; spec §3 User). GET and PUT
 * /api/user/me act on the caller named by the token, never on an id in the request.
 */

export const USER_NAME_MIN = 2;
export const USER_NAME_MAX = 80;

export const SIGN_IN_CHANNELS = ['phone', 'email'] as const;
export const SignInChannelSchema = z.enum(SIGN_IN_CHANNELS);
export type SignInChannel = z.infer<typeof SignInChannelSchema>;

export const UserProfileSchema = UserAccountSchema.extend({
  /**
   * The identity the account signs in with. It is shown but not editable on the profile; the other contact field
   * is the user's to add, change or clear.
   */
  signInWith: SignInChannelSchema,
});
export type UserProfile = z.infer<typeof UserProfileSchema>;

export const UserProfileResponseSchema = z.object({
  success: z.literal(true),
  user: UserProfileSchema,
});
export type UserProfileResponse = z.infer<typeof UserProfileResponseSchema>;

export const PROFILE_UPDATED_MESSAGE = 'Profile updated successfully!';

/**
 * PUT /api/user/me. Every field is optional; what is absent stays as it is. The contact field the user signs in
 * with may be sent only unchanged (a form that posts both is fine); changing it is a 400 naming it. The other may
 * be cleared with null at once; a new value is not saved yet: a passcode goes to it (202, `verification`), and
 * POST /api/user/me/verify-contact saves it once the user types the code back (issue 10: proof of ownership, and
 * the same answer whoever else uses the contact). Strict: any other key (id, role, approval, ownerId, photo...) is
 * a 400 naming it, and nothing is written.
 */
export const UserProfileUpdateSchema = z.strictObject({
  name: singleLineText({ error: 'Enter your name', label: 'Name' })
    .min(USER_NAME_MIN, `Name must be at least ${USER_NAME_MIN} characters`)
    .max(USER_NAME_MAX, `Name must be at most ${USER_NAME_MAX} characters`)
    .optional(),
  phone: IndianMobileSchema.nullable().optional(),
  email: EmailInputSchema.nullable().optional(),
});
export type UserProfileUpdate = z.infer<typeof UserProfileUpdateSchema>;
export type UserProfileUpdateInput = z.input<typeof UserProfileUpdateSchema>;

/** A contact waiting for its passcode: where the code went, and when another may be asked for. */
export const PendingContactSchema = z.object({
  field: SignInChannelSchema,
  /** As it will be saved: 10 digits, or the e-mail lower-cased. */
  contact: z.string(),
  resendAfterSeconds: z.number().int().nonnegative(),
});
export type PendingContact = z.infer<typeof PendingContactSchema>;

export const UserProfileUpdateResponseSchema = UserProfileResponseSchema.extend({
  message: z.string(),
  /** Present on a 202: the new contact is not saved until its passcode comes back. */
  verification: PendingContactSchema.optional(),
});
export type UserProfileUpdateResponse = z.infer<typeof UserProfileUpdateResponseSchema>;

/** What a 202 says, so the page and the tests read the same words. */
export function contactPasscodeSentMessage(field: SignInChannel, contact: string): string {
  return `We sent a passcode to ${contact}. Enter it to add this ${field === 'phone' ? 'phone number' : 'e-mail address'} to your profile.`;
}

export const CONTACT_VERIFIED_MESSAGE = 'Verified and saved to your profile.';

/**
 * POST /api/user/me/verify-contact: the phone or e-mail a PUT sent a passcode to, and the passcode. 200 with the
 * saved profile; a wrong, used or expired code is a 400 naming `otp`.
 */
export const VerifyContactRequestSchema = z.strictObject({
  contact: IdentitySchema,
  otp: OtpCodeSchema,
});
export type VerifyContactRequest = z.output<typeof VerifyContactRequestSchema>;
export type VerifyContactInput = z.input<typeof VerifyContactRequestSchema>;
