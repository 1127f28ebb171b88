import { z } from 'zod';
import { EmailInputSchema, UserAccountSchema } from './auth.schema';
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
 * be set, changed, or cleared with null. Strict: any other key (id, role, approval, ownerId, photo...) is a 400
 * naming it, and nothing is written.
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

export const UserProfileUpdateResponseSchema = UserProfileResponseSchema.extend({
  message: z.string(),
});
export type UserProfileUpdateResponse = z.infer<typeof UserProfileUpdateResponseSchema>;
