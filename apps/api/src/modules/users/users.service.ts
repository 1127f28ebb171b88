import type { Identity } from '@nivaas/contracts/auth.schema';
import type { PendingContact, SignInChannel, UserProfile, UserProfileUpdate, VerifyContactRequest } from '@nivaas/contracts/user.schema';
import { DomainError } from '../../lib/domain-error';
import { INVALID_OTP_MESSAGE } from '../auth/auth.service';
import type { ContactPasscodes } from '../auth/contact-passcodes';
import type { UserPatch, UserRow, UsersRepository } from './users.repository';

const CHANNEL_WORDS: Record<SignInChannel, string> = { phone: 'phone number', email: 'e-mail address' };

/**
 * The identity the account signs in with: the stored one, else the one contact field that is set (passcode
 * sign-in creates a user with exactly one). A record holding both without saying (older data) signs in by phone,
 * as the sign-in modal asks for a phone number first (spec §2).
 */
export function signInChannelOf(row: Pick<UserRow, 'phone' | 'email' | 'signInChannel'>): SignInChannel {
  if (row.signInChannel) return row.signInChannel;
  return row.phone === null && row.email !== null ? 'email' : 'phone';
}

function toProfile(row: UserRow): UserProfile {
  return { id: row.id, name: row.name, phone: row.phone, email: row.email, photo: row.photoUrl, signInWith: signInChannelOf(row) };
}

export interface UsersServiceOptions {
  repository: UsersRepository;
  /** Proof that a contact being added belongs to the user (modules/auth/contact-passcodes.ts). */
  contactPasscodes: Pick<ContactPasscodes, 'send' | 'verify'>;
}

export interface ProfileUpdated {
  profile: UserProfile;
  /** Set when a new phone or e-mail was given: it is saved only once its passcode comes back. */
  verification?: PendingContact;
}

const otherChannel = (channel: SignInChannel): SignInChannel => (channel === 'phone' ? 'email' : 'phone');

function takenByAnother(field: SignInChannel): DomainError {
  // Only ever said to someone who has just proved they own the contact (verifyContact), so it tells them nothing new.
  return new DomainError(
    'CONFLICT',
    `This ${CHANNEL_WORDS[field]} already belongs to another Nivaas account. Sign in with it to use that account, or add a different one here.`,
    { field: 'contact' },
  );
}

export function createUsersService({ repository, contactPasscodes }: UsersServiceOptions) {
  async function load(id: number): Promise<UserRow> {
    const row = await repository.find(id);
    // A valid token for an account deleted since: nothing to show or change.
    if (!row) throw DomainError.notFound('User', id);
    return row;
  }

  async function save(id: number, patch: UserPatch, contactField: SignInChannel): Promise<UserProfile> {
    const updated = await repository.update(id, patch);
    if (updated === 'taken') throw takenByAnother(contactField);
    if (!updated) throw DomainError.notFound('User', id);
    return toProfile(updated);
  }

  return {
    async get(id: number): Promise<UserProfile> {
      return toProfile(await load(id));
    },

    /**
     * Name, and the contact field the user does not sign in with. The sign-in one may come along unchanged (a
     * form that posts both) but never changed here: it is who the account is. The other may be cleared at once;
     * a new value is only sent a passcode (issue 10): whoever holds it, the answer is the same, and it is saved
     * by verifyContact once the code comes back. The code goes out before anything is written, so a refusal
     * (429 inside the resend cooldown) leaves the whole request unsaved.
     */
    async update(id: number, update: UserProfileUpdate, ip: string | null): Promise<ProfileUpdated> {
      const row = await load(id);
      const signInWith = signInChannelOf(row);
      if (update[signInWith] !== undefined && update[signInWith] !== row[signInWith]) {
        throw new DomainError('VALIDATION', `Your ${CHANNEL_WORDS[signInWith]} is how you sign in and cannot be changed here`, { field: signInWith });
      }
      const other = otherChannel(signInWith);
      const patch: UserPatch = {};
      if (update.name !== undefined) patch.name = update.name;
      const contact = update[other];
      let verification: PendingContact | undefined;
      if (contact === null && row[other] !== null) {
        patch[other] = null;
        patch.signInChannel = signInWith;
      } else if (contact !== undefined && contact !== null && contact !== row[other]) {
        const sent = await contactPasscodes.send(id, { channel: other, value: contact }, ip);
        verification = { field: other, contact, resendAfterSeconds: sent.resendAfterSeconds };
      }
      const profile = Object.keys(patch).length === 0 ? toProfile(row) : await save(id, patch, other);
      return verification ? { profile, verification } : { profile };
    },

    /**
     * Saves a contact whose passcode came back. Only now, to someone who has proved they own it, does the answer
     * say whether another account already uses it.
     */
    async verifyContact(id: number, { contact, otp }: VerifyContactRequest): Promise<UserProfile> {
      const row = await load(id);
      const signInWith = signInChannelOf(row);
      if (contact.channel === signInWith) {
        throw new DomainError('VALIDATION', `Your ${CHANNEL_WORDS[signInWith]} is how you sign in and cannot be changed here`, { field: 'contact' });
      }
      if (!(await contactPasscodes.verify(id, contact, otp))) throw new DomainError('VALIDATION', INVALID_OTP_MESSAGE, { field: 'otp' });
      if (row[contact.channel] === contact.value) return toProfile(row);
      if (await repository.contactTaken(id, contactOf(contact))) throw takenByAnother(contact.channel);
      // From now on both may be set, so the sign-in identity is written down rather than inferred.
      return save(id, { ...contactOf(contact), signInChannel: signInWith }, contact.channel);
    },
  };
}

function contactOf(identity: Identity): { phone?: string; email?: string } {
  return identity.channel === 'phone' ? { phone: identity.value } : { email: identity.value };
}

export type UsersService = ReturnType<typeof createUsersService>;
