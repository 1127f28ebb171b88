import type { SignInChannel, UserProfile, UserProfileUpdate } from '@nivaas/contracts/user.schema';
import { DomainError } from '../../lib/domain-error';
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

export function createUsersService(repository: UsersRepository) {
  async function load(id: number): Promise<UserRow> {
    const row = await repository.find(id);
    // A valid token for an account deleted since: nothing to show or change.
    if (!row) throw DomainError.notFound('User', id);
    return row;
  }

  return {
    async get(id: number): Promise<UserProfile> {
      return toProfile(await load(id));
    },

    /**
     * Name, and the contact field the user does not sign in with. The sign-in one may come along unchanged (a
     * form that posts both) but never changed here: it is who the account is. A phone or e-mail held by another
     * account is a 409 naming the field.
     */
    async update(id: number, update: UserProfileUpdate): Promise<UserProfile> {
      const row = await load(id);
      const signInWith = signInChannelOf(row);
      if (update[signInWith] !== undefined && update[signInWith] !== row[signInWith]) {
        throw new DomainError('VALIDATION', `Your ${CHANNEL_WORDS[signInWith]} is how you sign in and cannot be changed here`, { field: signInWith });
      }
      const other: SignInChannel = signInWith === 'phone' ? 'email' : 'phone';
      const patch: UserPatch = {};
      if (update.name !== undefined) patch.name = update.name;
      const contact = update[other];
      if (contact !== undefined && contact !== row[other]) {
        patch[other] = contact;
        // From now on both may be set, so the sign-in identity is written down rather than inferred.
        patch.signInChannel = signInWith;
        if (contact !== null && (await repository.contactTaken(id, { [other]: contact }))) {
          throw new DomainError('CONFLICT', `This ${CHANNEL_WORDS[other]} belongs to another account`, { field: other });
        }
      }
      if (Object.keys(patch).length === 0) return toProfile(row);
      const updated = await repository.update(id, patch);
      if (updated === 'taken') throw new DomainError('CONFLICT', `This ${CHANNEL_WORDS[other]} belongs to another account`, { field: other });
      if (!updated) throw DomainError.notFound('User', id);
      return toProfile(updated);
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
