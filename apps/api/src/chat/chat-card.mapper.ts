import type { ChatPropertyCard } from '@nivaas/contracts/chat.schema';
import type { Project, Unit } from '@nivaas/contracts/project.schema';
import { unitSummary } from '@nivaas/contracts/unit-labels';

/** What the visitor asked for, so a card shows the units that answer it (the 3 BHK units of a 1-4 BHK project). */
export interface CardCriteria {
  bhk: number[];
  minPrice: number | null;
  maxPrice: number | null;
}

/** The tag that sends a project to its pre-launch page (spec §2). */
const PRELAUNCH_TAG = 'Upcoming Launches';
/** Unit types listed alone, without ' BHK' (spec §5 'Unit labels'). */
const WORD_UNIT = /\D/;

/** spec §2: lower-cased, trimmed, spaces to hyphens, 'unknown' when missing (the web's pathSegment, same rule). */
function pathSegment(value: string | null | undefined): string {
  const slug = (value ?? '').trim().toLowerCase().replace(/\s+/g, '-');
  return slug ? encodeURIComponent(slug) : 'unknown';
}

/**
 * The listing's page on the site (spec §2 'Get more info' targets): a builder project's /properties/... (or
 * /prelaunch/... for upcoming launches), a broker's upload /broker-property-details/..., a user's own upload
 * /user-property-details/....
 */
export function cardPath(project: Pick<Project, 'id' | 'name' | 'item' | 'type' | 'tags' | 'brokerId' | 'city' | 'zone' | 'location' | 'units'>): string {
  if (project.item === 'listing') {
    const base = project.brokerId !== null ? 'broker-property-details' : 'user-property-details';
    return `/${base}/${pathSegment(project.units[0]?.type)}/${pathSegment(project.type)}/${project.id}`;
  }
  const base = project.tags.includes(PRELAUNCH_TAG) ? 'prelaunch' : 'properties';
  const segments = [project.city.name, project.zone?.name, project.location.name, project.name].map(pathSegment);
  return `/${base}/${segments.join('/')}/${project.id}`;
}

/** '3' -> '3 BHK'; 'plot', 'studio', 'pent house' stay as they are (spec §5). */
export function configurationLabel(unitType: string): string {
  return WORD_UNIT.test(unitType) ? unitType : `${unitType} BHK`;
}

/**
 * Indian digit grouping: 12000000 -> '1,20,00,000'. By hand rather than toLocaleString('en-IN'): ICU formatting was a
 * visible share of the chat's CPU under load (bench/reports/chat.md), and cards carry several figures each.
 */
export function indianDigits(value: number): string {
  const digits = String(Math.trunc(Math.abs(value)));
  const sign = value < 0 ? '-' : '';
  if (digits.length <= 3) return `${sign}${digits}`;
  return `${sign}${digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',')},${digits.slice(-3)}`;
}

/** Integer rupees in Indian digit grouping with the rupee sign: 12000000 -> '₹1,20,00,000'. */
export function rupeeText(rupees: number): string {
  return `₹${indianDigits(rupees)}`;
}

/**
 * The units a card stands for: those of the asked configurations whose price range meets the budget (the same
 * rule the catalogue's BHK filter applies), else those meeting the budget, else all of them.
 */
export function matchingUnits(units: readonly Unit[], { bhk, minPrice, maxPrice }: CardCriteria): Unit[] {
  const inBudget = (unit: Unit) => (maxPrice === null || unit.minPrice <= maxPrice) && (minPrice === null || unit.maxPrice >= minPrice);
  const asked = bhk.length > 0 ? units.filter((unit) => bhk.map(String).includes(unit.type) && inBudget(unit)) : [];
  if (asked.length > 0) return asked;
  const affordable = units.filter(inBudget);
  return affordable.length > 0 ? affordable : [...units];
}

function areaText(units: readonly Unit[]): string | null {
  const areas = units.map((unit) => unit.exteriorArea).filter((area): area is number => area !== null && area > 0);
  if (areas.length === 0) return null;
  const low = Math.min(...areas);
  const high = Math.max(...areas);
  return low === high ? `${indianDigits(low)} sqft` : `${indianDigits(low)} - ${indianDigits(high)} sqft`;
}

/**
 * Cards already made, per project object and criteria: the chat's answer cache hands out the same Project objects
 * to every visitor asking the same question, so their cards are made once (they are read-only from here on).
 */
const madeCards = new WeakMap<Project, Map<string, ChatPropertyCard>>();

/** A public project as spec §3 'Chat property card data'. */
export function toChatCard(project: Project, criteria: CardCriteria): ChatPropertyCard {
  const key = `${criteria.bhk.join(',')}|${criteria.minPrice ?? ''}|${criteria.maxPrice ?? ''}`;
  let made = madeCards.get(project);
  const kept = made?.get(key);
  if (kept) return kept;
  const card = makeCard(project, criteria);
  if (!made) {
    made = new Map();
    madeCards.set(project, made);
  }
  made.set(key, card);
  return card;
}

function makeCard(project: Project, criteria: CardCriteria): ChatPropertyCard {
  const units = matchingUnits(project.units, criteria);
  const minPrice = units.length > 0 ? Math.min(...units.map((unit) => unit.minPrice)) : null;
  const maxPrice = units.length > 0 ? Math.max(...units.map((unit) => unit.maxPrice)) : null;
  const price = minPrice === null || maxPrice === null ? 'N/A' : minPrice === maxPrice ? rupeeText(minPrice) : `${rupeeText(minPrice)} - ${rupeeText(maxPrice)}`;
  const configurations = [...new Set(units.map((unit) => configurationLabel(unit.type)))];
  // spec §5 unit labels, the rule every screen uses: '3, 4 BHK Villa', 'Plot', 'Studio, 1 BHK Apartment'.
  const label = unitSummary(units.map((unit) => unit.type), project.type);
  const banner = project.medias.find((media) => media.title === 'banner') ?? project.medias[0];
  return {
    projectId: project.id,
    projectName: project.name,
    location: project.location.name,
    zone: project.zone?.name ?? null,
    city: project.city.name,
    price,
    propertyType: project.type,
    exteriorArea: { type: label, exteriorArea: areaText(units) },
    bannerUrl: banner?.url ?? null,
    path: cardPath(project),
    item: project.item,
    builder: project.builder?.name ?? null,
    configurations,
    minPrice,
    maxPrice,
  };
}
