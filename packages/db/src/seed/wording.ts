/** The words of the catalogue: project names, descriptions' phrases, amenity picks and RERA-style numbers. */
import type { PropertyType } from '../enums';
import { PLOT_AMENITIES, PROJECT_AMENITIES, PROJECT_FIRST_WORDS, PROJECT_SECOND_WORDS } from './data/names';
import type { CitySeed } from './data/places';
import type { Random } from './random';

/** Only the brand is read, so the words need not know the catalogue's builder records (no import cycle). */
export function projectName(type: PropertyType, builder: { brand: string }, random: Random): string {
  const base = `${random.pick(PROJECT_FIRST_WORDS)} ${random.pick(PROJECT_SECOND_WORDS[type])}`;
  return random.chance(0.4) ? `${builder.brand} ${base}` : base;
}

export function typeWord(type: PropertyType, title = false): string {
  const words: Record<PropertyType, string> = {
    apartment: 'apartment',
    villa: 'villa',
    plot: 'plotted',
    residentialhouse: 'independent house',
    'pent house': 'penthouse',
    studio: 'studio apartment',
  };
  const word = words[type];
  return title ? word.replace(/\b\w/g, (c) => c.toUpperCase()) : word;
}

export function unitSummary(type: PropertyType, types: readonly string[]): string {
  if (type === 'plot') return `${types.length} plot size${types.length > 1 ? 's' : ''}`;
  const bedrooms = [...new Set(types.filter((t) => /^\d$/.test(t)))];
  const words = [...new Set(types.filter((t) => !/^\d$/.test(t)))].map((t) => (t === 'pent house' ? 'penthouses' : `${t}s`));
  const parts = bedrooms.length > 0 ? [`${listJoin(bedrooms)} BHK ${type === 'villa' ? 'villas' : 'homes'}`] : [];
  return listJoin([...parts, ...words]);
}

const AMENITY_COUNT: Record<'project' | 'listing', readonly [number, number]> = { project: [6, 14], listing: [3, 8] };

export function pickAmenities(type: PropertyType, item: 'project' | 'listing', random: Random): string[] {
  const [min, max] = AMENITY_COUNT[item];
  const pool = type === 'plot' ? PLOT_AMENITIES : PROJECT_AMENITIES;
  return random.sample(pool, random.int(min, Math.min(max, pool.length)));
}

/** Project registration numbers in each state RERA's shape; the digits are invented. */
export function projectRera(city: CitySeed, createdAt: Date, random: Random): string {
  const yyyy = createdAt.getUTCFullYear();
  const n = random.int(100, 99999);
  switch (city.stateCode) {
    case 'KA':
      return `PRM/KA/RERA/1251/${random.int(300, 480)}/PR/${String(yyyy).slice(2)}${String(random.int(1, 12)).padStart(2, '0')}${String(random.int(1, 28)).padStart(2, '0')}/${String(n).padStart(6, '0')}`;
    case 'MH':
      return `P5${random.int(1, 2)}${random.int(7, 9)}000${String(n).padStart(5, '0')}`;
    case 'TG':
      return `P02400${String(n).padStart(6, '0')}`;
    case 'TN':
      return `TN/${random.int(1, 35)}/Building/${String(n % 10000).padStart(4, '0')}/${yyyy}`;
    case 'HR':
      return `RC/REP/HARERA/GGM/${random.int(400, 900)}/${random.int(100, 700)}/${yyyy}/${random.int(1, 120)}`;
    case 'UP':
      return `UPRERAPRJ${String(n).padStart(6, '0')}`;
    case 'WB':
      return `WBRERA/P/KOL/${yyyy}/${String(n).padStart(6, '0')}`;
    case 'GJ':
      return `PR/GJ/AHMEDABAD/AHMEDABAD CITY/AUDA/RAA${String(n).padStart(5, '0')}/${String(random.int(10124, 281224)).padStart(6, '0')}`;
    case 'KL':
      return `K-RERA/PRJ/ERN/${String(n % 1000).padStart(3, '0')}/${yyyy}`;
    case 'RJ':
      return `RAJ/P/${yyyy}/${n % 10000}`;
    default:
      return `${city.stateCode}RERA${yyyy}P${String(n).padStart(4, '0')}`;
  }
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;

/** '2026-10-28' -> 'October 2026'. */
export function monthAndYear(isoDate: string): string {
  return `${MONTHS[Number(isoDate.slice(5, 7)) - 1]} ${isoDate.slice(0, 4)}`;
}

export function withArticle(phrase: string): string {
  return `${/^[aeiou]/i.test(phrase) ? 'an' : 'a'} ${phrase}`;
}

export function listJoin(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
