import { schema } from '@nivaas/db';
import { sql } from '@nivaas/db/orm';

const { brokers, providerStaff, users } = schema;

/*
 * The account records the auth module publishes, as the columns that make them (accounts.mapper.ts turns the rows into
 * the API's shapes). The brokers module writes a broker's own profile and answers with the same record.
 */

/** A user's own record; the users module (profile) has its own reads. */
export const userAccountColumns = {
  id: users.id,
  name: users.name,
  phone: users.phone,
  email: users.email,
  photoUrl: users.photoUrl,
};

/** A broker's own record. The password hash itself is never selected: only whether there is one. */
export const brokerAccountColumns = {
  id: brokers.id,
  name: brokers.name,
  phone: brokers.phone,
  email: brokers.email,
  company: brokers.company,
  reraNumber: brokers.reraNumber,
  cityId: brokers.cityId,
  about: brokers.about,
  approval: brokers.approval,
  profilePhoto: brokers.profilePhoto,
  hasPassword: sql<boolean>`${brokers.passwordHash} is not null`.mapWith(Boolean),
};

export const staffAccountColumns = {
  id: providerStaff.id,
  name: providerStaff.name,
  email: providerStaff.email,
  role: providerStaff.role,
};
