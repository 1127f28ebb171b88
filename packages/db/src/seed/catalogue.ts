/**
 * Builders and the catalogue: builder projects and user/broker listings with their units, media, remarks, the
 * moderation audit of rejections and the leads they drew. The catalogue is produced in chunks so 100,000 projects
 * never sit in memory at once; the sequence of rows does not depend on the chunk size.
 */
import type { Approval, PropertyType, Status } from '../enums';
import { FACINGS, FURNISHINGS } from '../enums';
import type * as schema from '../schema';
import { REMARKS } from './data/content';
import type { CitySeed } from './data/places';
import { INTERIOR_VARIANTS, mediaFile, mediaUrl, PROPERTY_ART_VARIANTS, SEED_PHOTO_VARIANTS, variantFile } from './images';
import type { BrokerRef } from './people';
import { personName } from './people';
import type { CityRef, LocationRef } from './places';
import type { Random } from './random';
import { BUILDERS } from './roster';
import { daysAfter, daysBefore, fakeEmail, fakePhone, monthsFromBase, randomFor, roundRupees } from './util';
import { listJoin, monthAndYear, pickAmenities, projectName, projectRera, typeWord, unitSummary, withArticle } from './wording';

const CARD_VARIANT = SEED_PHOTO_VARIANTS[0];

type ProjectRow = typeof schema.projects.$inferInsert;
type UnitRow = typeof schema.units.$inferInsert;
type MediaRow = typeof schema.projectMedia.$inferInsert;
type RemarkRow = typeof schema.projectRemarks.$inferInsert;
type AuditRow = typeof schema.auditLog.$inferInsert;
type LeadRow = typeof schema.leads.$inferInsert;

// ---------------------------------------------------------------------------------------------------------------
// Builders

export interface BuilderRef {
  id: number;
  name: string;
  /** First word of the brand, used in some project names ("Kaveri Aurora Heights"). */
  brand: string;
  approval: Approval;
  status: Status;
  logoUrl: string;
}

export interface Builders {
  rows: (typeof schema.builders.$inferInsert)[];
  refs: BuilderRef[];
  /** Builders active in each city (by city id): a builder works in its home city and up to two more. */
  byCity: Map<number, BuilderRef[]>;
}

export function buildBuilders(cities: readonly CityRef[]): Builders {
  const random = randomFor('builders');
  const builders: Builders = { rows: [], refs: [], byCity: new Map(cities.map((city) => [city.id, []])) };
  BUILDERS.forEach((builder, i) => {
    const id = i + 1;
    // The last few show the moderation states; the rest run the catalogue.
    const fromEnd = BUILDERS.length - i;
    const approval: Approval = fromEnd <= 2 ? 'rejected' : fromEnd <= 5 ? 'pending' : 'approved';
    const status: Status = fromEnd > 5 && fromEnd <= 8 ? 'inactive' : 'active';
    const home = cities[i % cities.length] as CityRef;
    const others = random.sample(
      cities.filter((city) => city !== home),
      random.int(0, 2),
    );
    const cityNames = [home, ...others].map((city) => city.seed.name);
    const established = random.int(1984, 2018);
    const ref: BuilderRef = {
      id,
      name: builder.name,
      brand: builder.name.split(' ')[0] as string,
      approval,
      status,
      logoUrl: mediaUrl(mediaFile.builderLogo(builder.slug)),
    };
    const createdAt = daysBefore(random.int(400, 900));
    builders.rows.push({
      id,
      name: builder.name,
      slug: builder.slug,
      logoUrl: ref.logoUrl,
      description:
        `${builder.name} has built homes in ${listJoin(cityNames)} since ${established}, ` +
        `with ${random.int(6, 60)} projects delivered and ${random.int(2, 14)} under construction. ` +
        random.pick([
          'Known for on-time delivery and generous open spaces.',
          'Its communities are designed around large central gardens and walkable streets.',
          'It specialises in mid-segment apartments close to employment hubs.',
          'It focuses on villas and plotted developments on the city’s growth corridors.',
          'Every project is certified for rainwater harvesting and solar-ready roofs.',
        ]),
      establishedYear: established,
      status,
      approval,
      createdAt,
      updatedAt: daysAfter(createdAt, random.int(0, 300)),
    });
    builders.refs.push(ref);
    for (const city of [home, ...others]) builders.byCity.get(city.id)?.push(ref);
  });
  return builders;
}

// ---------------------------------------------------------------------------------------------------------------
// Units and prices

/** Typical super built-up area, sq ft, per bedroom count (before the city's area factor). */
const BEDROOM_AREAS: Record<string, readonly [number, number]> = {
  '1': [550, 750],
  '2': [950, 1300],
  '3': [1350, 1950],
  '4': [2200, 3400],
  '5': [3500, 5200],
  studio: [380, 560],
  'pent house': [3000, 5500],
};

/** Plot sizes people actually buy: 20x30, 30x40, 30x50, 40x60, 50x80 and so on. */
const PLOT_SIZES = [600, 1200, 1500, 1800, 2400, 3000, 4000] as const;

/** Price per sq ft relative to the city's apartment rate. Plots are land only. */
const TYPE_RATE: Record<PropertyType, number> = {
  apartment: 1,
  studio: 1.1,
  'pent house': 1.45,
  villa: 1.2,
  residentialhouse: 0.9,
  plot: 0.62,
};

const TYPE_WEIGHTS: Record<'project' | 'listing', readonly (readonly [PropertyType, number])[]> = {
  project: [
    ['apartment', 55],
    ['villa', 13],
    ['plot', 12],
    ['residentialhouse', 8],
    ['pent house', 5],
    ['studio', 7],
  ],
  listing: [
    ['apartment', 60],
    ['villa', 8],
    ['plot', 10],
    ['residentialhouse', 12],
    ['pent house', 3],
    ['studio', 7],
  ],
};

const FACING_WEIGHTS = FACINGS.map((facing) => [facing, facing === 'East' || facing === 'North-East' || facing === 'North' ? 3 : 1] as const);

function bedroomRange(random: Random, from: readonly string[], maxCount: number): string[] {
  const count = random.int(1, Math.min(maxCount, from.length));
  const start = random.int(0, from.length - count);
  return from.slice(start, start + count);
}

/** The unit types a project offers (spec §3 Unit.type: a bedroom count or a word). */
function unitTypesFor(type: PropertyType, item: 'project' | 'listing', random: Random): string[] {
  if (item === 'listing') {
    switch (type) {
      case 'apartment':
        return [random.weighted([['1', 2], ['2', 5], ['3', 3], ['4', 1]] as const)];
      case 'villa':
        return [random.pick(['3', '4', '5'])];
      case 'residentialhouse':
        return [random.pick(['2', '3', '4'])];
      case 'plot':
        return random.chance(0.1) ? ['plot', 'plot'] : ['plot'];
      case 'pent house':
        return ['pent house'];
      case 'studio':
        return ['studio'];
    }
  }
  switch (type) {
    case 'apartment': {
      const types = bedroomRange(random, ['1', '2', '3', '4'], 3);
      // Larger projects sell two sizes of their popular configuration, up to five units in all.
      for (let extra = random.int(0, 2); extra > 0; extra -= 1) types.push(random.pick(types));
      return types.sort();
    }
    case 'villa':
      return bedroomRange(random, ['3', '4', '5'], 3);
    case 'residentialhouse':
      return bedroomRange(random, ['2', '3', '4'], 3);
    case 'plot':
      return Array.from({ length: random.int(1, 4) }, () => 'plot');
    case 'pent house':
      return random.chance(0.4) ? ['pent house', 'pent house'] : ['pent house'];
    case 'studio':
      return random.chance(0.4) ? ['studio', '1'] : ['studio'];
  }
}

function unitArea(unitType: string, city: CitySeed, random: Random, plotSizes: number[]): number {
  if (unitType === 'plot') return plotSizes.shift() ?? (random.pick(PLOT_SIZES) as number);
  const [min, max] = BEDROOM_AREAS[unitType] ?? [900, 1400];
  const area = random.int(min, max) * (unitType === 'pent house' ? 1 : city.areaFactor);
  return Math.round(area / 5) * 5;
}

function floorsFor(type: PropertyType, item: 'project' | 'listing', city: CitySeed, random: Random): string | null {
  switch (type) {
    case 'plot':
      return null;
    case 'villa':
      return random.pick(['G+1', 'G+2']);
    case 'residentialhouse':
      return random.pick(['Ground', 'G+1', 'G+1', 'G+2']);
    default: {
      const tall = city.slug === 'mumbai' || city.slug === 'gurugram';
      const total = type === 'pent house' ? random.int(18, tall ? 60 : 36) : random.int(4, tall ? 45 : 32);
      if (item === 'project') return `G+${total}`;
      const floor = type === 'pent house' ? total : random.int(1, total);
      return `${floor} of ${total}`;
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The catalogue

export interface CatalogueInput {
  cities: readonly CityRef[];
  builders: Builders;
  brokers: readonly BrokerRef[];
  /** Users who list property of their own. */
  listingOwnerIds: readonly number[];
  userCount: number;
  staffIds: readonly number[];
}

/** What later sections need about a project without keeping the whole row. */
export interface ProjectSummary {
  id: number;
  cityId: number;
  locationId: number;
  type: PropertyType;
  minPrice: number;
  live: boolean;
}

export interface CatalogueChunk {
  projects: ProjectRow[];
  units: UnitRow[];
  media: MediaRow[];
  remarks: RemarkRow[];
  audit: AuditRow[];
  leads: LeadRow[];
  summaries: ProjectSummary[];
}

export const PROJECT_SHARE = 0.6;

/** 'Affordable' means less than this many square feet at the city's typical rate (about ₹55 lakh in Bengaluru). */
const AFFORDABLE_SQFT = 600;

export function* catalogueChunks(input: CatalogueInput, total: number, chunkSize: number): Generator<CatalogueChunk> {
  const random = randomFor('catalogue');
  const approvedBrokers = input.brokers.filter((broker) => broker.approval === 'approved');
  // A broker works the city they are registered in, as a builder builds where it is active.
  const brokersByCity = new Map<number, BrokerRef[]>();
  for (const broker of approvedBrokers) brokersByCity.set(broker.cityId, [...(brokersByCity.get(broker.cityId) ?? []), broker]);
  const cityWeights = input.cities.map((city) => [city, city.seed.share] as const);
  const ids = { unit: 0, media: 0, remark: 0, audit: 0, lead: 0 };

  let chunk = emptyChunk();
  for (let id = 1; id <= total; id += 1) {
    const city = random.weighted(cityWeights);
    const location = random.pick(city.locations);
    const isProject = random.chance(PROJECT_SHARE);
    if (isProject) {
      const builder = random.pick(input.builders.byCity.get(city.id) ?? input.builders.refs);
      addProject(chunk, ids, random, { id, city, location, builder, input });
    } else {
      const broker = random.chance(0.7) ? random.pick(brokersByCity.get(city.id) ?? approvedBrokers) : undefined;
      const ownerId = broker ? undefined : random.pick(input.listingOwnerIds);
      addListing(chunk, ids, random, { id, city, location, broker, ownerId, input });
    }
    if (chunk.projects.length === chunkSize) {
      yield chunk;
      chunk = emptyChunk();
    }
  }
  if (chunk.projects.length > 0) yield chunk;
}

function emptyChunk(): CatalogueChunk {
  return { projects: [], units: [], media: [], remarks: [], audit: [], leads: [], summaries: [] };
}

interface Counters {
  unit: number;
  media: number;
  remark: number;
  audit: number;
  lead: number;
}

interface ProjectInput {
  id: number;
  city: CityRef;
  location: LocationRef;
  builder: BuilderRef;
  input: CatalogueInput;
}

function addProject(chunk: CatalogueChunk, ids: Counters, random: Random, { id, city, location, builder, input }: ProjectInput): void {
  const type = random.weighted(TYPE_WEIGHTS.project);
  const createdAt = daysBefore(random.int(0, 720), random.int(0, 1439));
  const upcoming = random.chance(0.08);
  const ready = !upcoming && random.chance(0.35);
  const possessionDate = upcoming
    ? monthsFromBase(random.int(30, 60), random.int(1, 28))
    : ready
      ? monthsFromBase(-random.int(1, 60), random.int(1, 28))
      : monthsFromBase(random.int(3, 42), random.int(1, 28));
  // A builder still under review cannot have live projects.
  const approval: Approval = builder.approval !== 'approved' ? 'pending' : random.weighted([['approved', 88], ['pending', 7], ['rejected', 5]] as const);
  const status = statusFor(approval, builder.status === 'active' ? 0.92 : 0, random);
  const luxury = type === 'pent house' || random.chance(0.1);
  const units = makeUnits(chunk, ids, random, { projectId: id, type, item: 'project', city, location, luxury });
  const name = projectName(type, builder, random);

  const tags: string[] = [];
  if (upcoming) {
    // spec §2: a builder project whose tags equal 'Upcoming Launches' opens the pre-launch page, so it carries that tag alone.
    tags.push('Upcoming Launches');
  } else {
    if (ready) tags.push('Ready to Move');
    else if (createdAt.getTime() > daysBefore(200).getTime()) tags.push('New Launch');
    if (random.chance(0.15)) tags.push('Trending');
    if (luxury) tags.push('Luxury');
    else if (units.minPrice < city.seed.rate * AFFORDABLE_SQFT) tags.push('Affordable');
    if (type !== 'studio' && type !== 'pent house' && random.chance(0.5)) tags.push('Gated Community');
  }
  const amenities = pickAmenities(type, 'project', random);
  const row: PendingRow = {
    id,
    name,
    item: 'project',
    type,
    status,
    approval,
    description:
      `${name} by ${builder.name} is ${withArticle(`${tags.includes('Gated Community') ? 'gated ' : ''}${typeWord(type)}`)} development in ` +
      `${location.name}, ${city.seed.name}, offering ${unitSummary(type, units.types)}. ` +
      (upcoming
        ? 'Pre-launch bookings are open; possession is planned for ' + possessionDate.slice(0, 4) + '. '
        : ready
          ? 'Ready to move in, with the occupancy certificate received. '
          : `Under construction, with possession from ${monthAndYear(possessionDate)}. `) +
      `Amenities include ${amenities.slice(0, 4).join(', ').toLowerCase()} and more.`,
    tags,
    transactionTag: 'New Booking',
    possessionDate,
    amenities,
    reraNumber: projectRera(city.seed, createdAt, random),
    builderId: builder.id,
  };
  commitProject(chunk, ids, random, row, { city, location, units, createdAt, builderLogo: builder.logoUrl, input });
}

interface ListingInput {
  id: number;
  city: CityRef;
  location: LocationRef;
  broker: BrokerRef | undefined;
  ownerId: number | undefined;
  input: CatalogueInput;
}

const LISTING_ADJECTIVES = ['Spacious', 'Well-ventilated', 'Corner', 'Park-facing', 'Newly renovated', 'Bright', 'Vastu-compliant'] as const;

function addListing(chunk: CatalogueChunk, ids: Counters, random: Random, { id, city, location, broker, ownerId, input }: ListingInput): void {
  const type = random.weighted(TYPE_WEIGHTS.listing);
  const createdAt = daysBefore(random.int(0, 365), random.int(0, 1439));
  const resale = random.chance(0.85);
  const approval: Approval = random.weighted([['approved', 70], ['pending', 18], ['rejected', 12]] as const);
  const status = statusFor(approval, 0.88, random);
  const units = makeUnits(chunk, ids, random, { projectId: id, type, item: 'listing', city, location, luxury: type === 'pent house' });
  const first = units.types[0] as string;
  const adjective = random.chance(0.5) ? `${random.pick(LISTING_ADJECTIVES)} ` : '';
  const name =
    type === 'plot'
      ? `${units.firstArea.toLocaleString('en-IN')} sq ft Plot in ${location.name}`
      : type === 'studio'
        ? `${adjective}Studio Apartment in ${location.name}`
        : type === 'pent house'
          ? `${adjective}Penthouse in ${location.name}`
          : `${adjective}${first} BHK ${typeWord(type, true)} in ${location.name}`;
  const tags: string[] = [];
  if (resale && random.chance(0.7)) tags.push('Ready to Move');
  if (units.minPrice < city.seed.rate * AFFORDABLE_SQFT) tags.push('Affordable');
  if (random.chance(0.05)) tags.push('Trending');
  const row: PendingRow = {
    id,
    name,
    item: 'listing',
    type,
    status,
    approval,
    description:
      `${name}, ${city.seed.name}. ${units.furnishing ? `${units.furnishing}, ` : ''}${units.facing}-facing` +
      `${units.floors ? `, floor ${units.floors}` : ''}. ` +
      (resale ? 'Clear title, available for resale. ' : 'New booking with the builder’s payment plan. ') +
      `Contact the ${broker ? 'broker' : 'owner'} to arrange a visit.`,
    tags,
    transactionTag: resale ? 'Resale' : 'New Booking',
    possessionDate: resale ? (random.chance(0.8) ? monthsFromBase(-random.int(6, 180), random.int(1, 28)) : null) : monthsFromBase(random.int(3, 30), 1),
    amenities: pickAmenities(type, 'listing', random),
    reraNumber: resale ? null : projectRera(city.seed, createdAt, random),
    ownerId: ownerId ?? null,
    brokerId: broker?.id ?? null,
  };
  commitProject(chunk, ids, random, row, { city, location, units, createdAt, builderLogo: undefined, input });
}

/** A project row before the fields every project fills the same way (place, prices, times). */
type PendingRow = Omit<ProjectRow, 'cityId' | 'zoneId' | 'locationId' | 'minPrice' | 'maxPrice' | 'createdAt' | 'updatedAt'> & {
  id: number;
  type: PropertyType;
  approval: Approval;
  status: Status;
};

interface CommitInput {
  city: CityRef;
  location: LocationRef;
  units: UnitsMade;
  createdAt: Date;
  builderLogo: string | undefined;
  input: CatalogueInput;
}

function commitProject(chunk: CatalogueChunk, ids: Counters, random: Random, row: PendingRow, c: CommitInput): void {
  const { city, location, units, createdAt } = c;
  chunk.projects.push({
    ...row,
    cityId: city.id,
    zoneId: location.zoneId,
    locationId: location.id,
    minPrice: units.minPrice,
    maxPrice: units.maxPrice,
    createdAt,
    updatedAt: createdAt,
  });
  addMedia(chunk, ids, random, row.id, row.type, c.builderLogo);
  const { id, approval, status, type } = row;
  finishModeration(chunk, ids, random, { id, approval, status, type, city, location, createdAt, minPrice: units.minPrice, input: c.input });
}

/** spec §4: the display toggle only exists on approved properties; the rest wait switched off. */
function statusFor(approval: Approval, activeShare: number, random: Random): Status {
  return approval === 'approved' && random.chance(activeShare) ? 'active' : 'inactive';
}

interface UnitInput {
  projectId: number;
  type: PropertyType;
  item: 'project' | 'listing';
  city: CityRef;
  location: LocationRef;
  luxury: boolean;
}

interface UnitsMade {
  types: string[];
  minPrice: number;
  maxPrice: number;
  firstArea: number;
  facing: string;
  floors: string | null;
  furnishing: string | null;
}

function makeUnits(chunk: CatalogueChunk, ids: Counters, random: Random, { projectId, type, item, city, location, luxury }: UnitInput): UnitsMade {
  const types = unitTypesFor(type, item, random);
  const rate = city.seed.rate * location.zone.rateFactor * TYPE_RATE[type] * (0.85 + random.next() * 0.35) * (luxury ? 1.3 : 1);
  const plotSizes = random.sample(PLOT_SIZES, 4).sort((a, b) => a - b);
  const made: UnitsMade = { types, minPrice: Number.MAX_SAFE_INTEGER, maxPrice: 0, firstArea: 0, facing: '', floors: null, furnishing: null };
  types.forEach((unitType, index) => {
    const area = unitArea(unitType, city.seed, random, plotSizes);
    const minPrice = roundRupees(area * rate * (1 + index * 0.02));
    const single = item === 'listing' ? random.chance(0.8) : false;
    const maxPrice = single ? minPrice : roundRupees(minPrice * (1.04 + random.next() * 0.14));
    const facing = random.weighted(FACING_WEIGHTS);
    const floors = floorsFor(type, item, city.seed, random);
    const furnishing =
      type === 'plot'
        ? null
        : item === 'project'
          ? random.weighted([[FURNISHINGS[0], 60], [FURNISHINGS[1], 35], [FURNISHINGS[2], 5]] as const)
          : random.weighted([[FURNISHINGS[0], 35], [FURNISHINGS[1], 45], [FURNISHINGS[2], 20]] as const);
    ids.unit += 1;
    chunk.units.push({ id: ids.unit, projectId, type: unitType, minPrice, maxPrice, facing, exteriorArea: area, floors, furnishing });
    if (index === 0) Object.assign(made, { firstArea: area, facing, floors, furnishing });
    made.minPrice = Math.min(made.minPrice, minPrice);
    made.maxPrice = Math.max(made.maxPrice, maxPrice);
  });
  return made;
}

/** spec §3: the first media item is the card photo, so the banner always comes first. */
function addMedia(chunk: CatalogueChunk, ids: Counters, random: Random, projectId: number, type: PropertyType, builderLogo: string | undefined): void {
  // [title, seed file (a logo: its URL), whether it has a card-width variant]: a logo has none.
  const files: [MediaRow['title'], string, boolean][] = [['banner', mediaFile.property(type, random.int(0, PROPERTY_ART_VARIANTS - 1)), true]];
  if (builderLogo) files.push(['logo', builderLogo, false]);
  const galleryCount = random.int(1, builderLogo ? 3 : 2);
  for (let i = 0; i < galleryCount; i += 1) {
    const file = type === 'plot' ? mediaFile.property('plot', random.int(0, PROPERTY_ART_VARIANTS - 1)) : mediaFile.interior(random.int(0, INTERIOR_VARIANTS - 1));
    files.push(['gallery', file, true]);
  }
  files.forEach(([title, file, hasCard], position) => {
    ids.media += 1;
    // Issue 15: the 480 px variant in card_url, as an uploaded photo's, so cards and a phone's gallery use srcset.
    const url = hasCard ? mediaUrl(file) : file;
    const cardUrl = hasCard ? mediaUrl(variantFile(file, CARD_VARIANT)) : null;
    chunk.media.push({ id: ids.media, projectId, title, url, cardUrl, position });
  });
}

interface ModerationInput {
  id: number;
  approval: Approval;
  status: Status;
  type: PropertyType;
  city: CityRef;
  location: LocationRef;
  createdAt: Date;
  minPrice: number;
  input: CatalogueInput;
}

/** Remarks on rejected (and some resubmitted) properties, the audit of each rejection, and leads on live ones. */
function finishModeration(chunk: CatalogueChunk, ids: Counters, random: Random, m: ModerationInput): void {
  const project = chunk.projects[chunk.projects.length - 1] as ProjectRow;
  const remarkCount = m.approval === 'rejected' ? random.int(1, 3) : m.approval === 'pending' && random.chance(0.2) ? 1 : 0;
  let at = m.createdAt;
  for (let i = 0; i < remarkCount; i += 1) {
    at = daysAfter(at, random.int(1, 6), random.int(30, 600));
    if (at.getTime() > daysBefore(0).getTime()) at = daysBefore(0, remarkCount - i);
    const authorStaffId = random.pick(m.input.staffIds);
    const message = random.pick(REMARKS);
    ids.remark += 1;
    chunk.remarks.push({ id: ids.remark, projectId: m.id, message, authorStaffId, createdAt: at });
    if (m.approval === 'rejected') {
      ids.audit += 1;
      chunk.audit.push({
        id: ids.audit,
        actorStaffId: authorStaffId,
        action: 'reject',
        entityKind: 'project',
        entityId: m.id,
        fromState: 'pending',
        toState: 'rejected',
        remark: message,
        createdAt: at,
      });
    }
  }
  project.updatedAt = remarkCount > 0 ? at : daysAfter(m.createdAt, 0, random.int(0, 600));
  if (project.updatedAt.getTime() > daysBefore(0).getTime()) project.updatedAt = daysBefore(0);

  const live = m.approval === 'approved' && m.status === 'active';
  chunk.summaries.push({ id: m.id, cityId: m.city.id, locationId: m.location.id, type: m.type, minPrice: m.minPrice, live });
  if (m.approval === 'approved' && random.chance(0.35)) {
    for (let n = random.int(1, 3); n > 0; n -= 1) chunk.leads.push(makeLead(ids, random, m, project.name));
  }
}

const LEAD_MESSAGES = [
  'Please share the price sheet and floor plans.',
  'Is a site visit possible this Saturday?',
  'What is the final price for the {type}? Looking to buy within three months.',
  'Do you have a {type} on a higher floor?',
  'Is a home loan tie-up available? Please call after 6 pm.',
  'Interested in {name}. Please call me.',
] as const;

function makeLead(ids: Counters, random: Random, m: ModerationInput, projectName: string): LeadRow {
  ids.lead += 1;
  const name = personName(random);
  const createdAt = daysAfter(m.createdAt, random.int(1, 90), random.int(0, 1439));
  return {
    id: ids.lead,
    projectId: m.id,
    name,
    phone: fakePhone(7, ids.lead),
    email: random.chance(0.8) ? fakeEmail(name, ids.lead) : null,
    message: random.pick(LEAD_MESSAGES).replace('{type}', typeWord(m.type)).replace('{name}', projectName),
    source: random.chance(0.8) ? 'form' : 'chat',
    stage: random.weighted([['new', 55], ['interested', 20], ['not_interested', 15], ['crm', 10]] as const),
    userId: random.chance(0.2) ? random.int(1, m.input.userCount) : null,
    dedupeKey: null,
    createdAt: createdAt.getTime() > daysBefore(0).getTime() ? daysBefore(0, ids.lead % 1440) : createdAt,
  };
}
