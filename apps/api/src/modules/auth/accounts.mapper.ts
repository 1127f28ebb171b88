import type { BrokerAccount, StaffAccount, UserAccount } from '@nivaas/contracts/auth.schema';
import type { BrokerAccountRow, StaffAccountRow, UserAccountRow } from './accounts.repository';

/** The one place each kind of account row becomes what its owner sees. */

export function toUserAccount({ photoUrl, ...row }: UserAccountRow): UserAccount {
  return { ...row, photo: photoUrl };
}

export function toBrokerAccount(row: BrokerAccountRow): BrokerAccount {
  return { ...row };
}

export function toStaffAccount(row: StaffAccountRow): StaffAccount {
  return { ...row };
}
