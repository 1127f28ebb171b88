/**
 * Users, brokers and the provider's staff. Contact details are fictional by construction (util.fakePhone /
 * fakeEmail) and nobody gets a password: brokers and staff sign in by passcode until they set one.
 */
import { APPROVALS, type Approval } from '../enums';
import type * as schema from '../schema';
import { BROKERAGE_SUFFIXES, BROKERAGE_WORDS, FIRST_NAMES, SURNAMES } from './data/names';
import { AVATAR_VARIANTS, mediaFile, mediaUrl } from './images';
import type { CityRef } from './places';
import type { Random } from './random';
import { daysBefore, fakeEmail, fakePhone, randomFor } from './util';

export function personName(random: Random): string {
  return `${random.pick(FIRST_NAMES)} ${random.pick(SURNAMES)}`;
}

export function avatarUrl(random: Random): string {
  return mediaUrl(mediaFile.avatar(random.int(0, AVATAR_VARIANTS - 1)));
}

export function buildUsers(count: number): (typeof schema.users.$inferInsert)[] {
  const random = randomFor('users');
  return Array.from({ length: count }, (_, i) => {
    const id = i + 1;
    const name = personName(random);
    // Some people sign in with a phone, some with e-mail, most have given both by now.
    const contact = random.weighted([
      ['both', 6],
      ['phone', 3],
      ['email', 1],
    ] as const);
    const createdAt = daysBefore(random.int(1, 700), random.int(0, 1439));
    return {
      id,
      name: random.chance(0.9) ? name : null,
      phone: contact === 'email' ? null : fakePhone(9, id),
      email: contact === 'phone' ? null : fakeEmail(name, id),
      photoUrl: random.chance(0.4) ? avatarUrl(random) : null,
      createdAt,
      updatedAt: createdAt,
    };
  });
}

export interface BrokerRef {
  id: number;
  approval: Approval;
  cityId: number;
}

/** spec: brokers in every approval state, at least 40 of each, so every dashboard page has real cases. */
export const BROKERS_PER_APPROVAL: Record<Approval, number> = { approved: 64, pending: 44, rejected: 42 };

export function buildBrokers(cities: readonly CityRef[]): { rows: (typeof schema.brokers.$inferInsert)[]; refs: BrokerRef[] } {
  const random = randomFor('brokers');
  const approvals = random.shuffle(
    APPROVALS.flatMap((approval) => Array.from({ length: BROKERS_PER_APPROVAL[approval] }, () => approval)),
  );
  const rows: (typeof schema.brokers.$inferInsert)[] = [];
  const refs: BrokerRef[] = [];
  approvals.forEach((approval, i) => {
    const id = i + 1;
    const name = personName(random);
    const city = random.weighted(cities.map((c) => [c, c.seed.share] as const));
    const company = `${random.pick(BROKERAGE_WORDS)} ${random.pick(BROKERAGE_SUFFIXES)}`;
    const years = random.int(2, 22);
    const localities = random.sample(city.locations, 3).map((l) => l.name);
    const createdAt = daysBefore(random.int(30, 800), random.int(0, 1439));
    rows.push({
      id,
      name,
      phone: fakePhone(8, id),
      email: fakeEmail(name, id),
      company,
      reraNumber: approval === 'rejected' && random.chance(0.5) ? null : agentRera(city.seed.stateCode, random),
      cityId: city.id,
      profilePhoto: random.chance(0.8) ? avatarUrl(random) : null,
      about: `${years} years helping families buy and rent homes in ${localities.join(', ')} and nearby. Resale and new bookings, home-loan paperwork and site visits on weekends.`,
      approval,
      passwordHash: null,
      createdAt,
      updatedAt: daysBefore(random.int(0, 29)),
    });
    refs.push({ id, approval, cityId: city.id });
  });
  return { rows, refs };
}

/** Agent registration numbers in the shape each state's RERA uses; the digits are invented. */
function agentRera(stateCode: string, random: Random): string {
  const n = random.int(1000, 99999);
  switch (stateCode) {
    case 'KA':
      return `PRM/KA/RERA/1251/${random.int(300, 480)}/AG/${random.int(180101, 241231)}/${String(n).padStart(6, '0')}`;
    case 'MH':
      return `A51${random.int(7, 9)}00${String(n).padStart(6, '0')}`;
    default:
      return `${stateCode}/RERA/AGENT/${random.int(2018, 2025)}/${n}`;
  }
}

export function buildStaff(): (typeof schema.providerStaff.$inferInsert)[] {
  return [
    // The one to sign in as locally (README 'Signing in locally'): a passcode to it lands in GET /api/dev/outbox.
    { id: 1, email: 'provider@nivaas.local', name: 'Portal Admin', passwordHash: null, role: 'admin', createdAt: daysBefore(900) },
    { id: 2, email: 'moderation.one@nivaas.example.com', name: 'Moderation Desk 1', passwordHash: null, role: 'moderator', createdAt: daysBefore(800) },
    { id: 3, email: 'moderation.two@nivaas.example.com', name: 'Moderation Desk 2', passwordHash: null, role: 'moderator', createdAt: daysBefore(500) },
  ];
}
