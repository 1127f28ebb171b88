/** spec §5: these types are listed alone, never as 'N BHK …'. */
const STANDALONE_TYPES = new Set(['plot', 'pent house', 'studio']);

const PROPERTY_TYPE_LABELS: Record<string, string> = {
  apartment: 'Apartment',
  villa: 'Villa',
  plot: 'Plot',
  residentialhouse: 'Independent House',
  'pent house': 'Penthouse',
  studio: 'Studio',
};

function normalise(value: string): string {
  return value.trim().toLowerCase().replace(/\s+/g, ' ');
}

function titleCase(value: string): string {
  return value.replace(/\b\p{L}/gu, (letter) => letter.toUpperCase());
}

/** 'residentialhouse' -> 'Independent House'; unknown types are title-cased as they come. */
export function propertyTypeLabel(propertyType: string): string {
  const key = normalise(propertyType);
  return PROPERTY_TYPE_LABELS[key] ?? titleCase(key);
}

/** '2', '2 BHK' and '2bhk' all mean two bedrooms. */
function bedroomCount(unitType: string): string | null {
  const match = /^(\d+(?:\.\d+)?)\s*(?:bhk)?$/i.exec(unitType.trim());
  return match?.[1] ?? null;
}

function isStandalone(unitType: string, propertyType: string): boolean {
  return STANDALONE_TYPES.has(normalise(unitType)) || STANDALONE_TYPES.has(normalise(propertyType));
}

/**
 * spec §5 unit label: plot, pent house and studio are listed alone; any other unit type is followed
 * by ' BHK' and the property type ('3 BHK Apartment').
 */
export function unitLabel(unitType: string, propertyType: string): string {
  if (isStandalone(unitType, propertyType)) {
    return propertyTypeLabel(STANDALONE_TYPES.has(normalise(unitType)) ? unitType : propertyType);
  }
  const bedrooms = bedroomCount(unitType) ?? unitType.trim();
  return `${bedrooms} BHK ${propertyTypeLabel(propertyType)}`;
}

/**
 * One line for a card: '2, 3 BHK Apartment'; 'Studio, 1 BHK Apartment' when a project mixes them;
 * 'Plot' alone for plotted developments.
 */
export function unitSummary(unitTypes: readonly string[], propertyType: string): string {
  const typeLabel = propertyTypeLabel(propertyType);
  if (STANDALONE_TYPES.has(normalise(propertyType))) return typeLabel;

  const alone = new Set<string>();
  const bedrooms = new Set<number>();
  const other = new Set<string>();
  for (const type of unitTypes) {
    if (STANDALONE_TYPES.has(normalise(type))) alone.add(propertyTypeLabel(type));
    else {
      const count = bedroomCount(type);
      if (count !== null) bedrooms.add(Number(count));
      else if (type.trim()) other.add(type.trim());
    }
  }
  const parts = [...alone];
  if (bedrooms.size > 0 || other.size > 0) {
    const counts = [...[...bedrooms].sort((a, b) => a - b).map(String), ...other];
    parts.push(`${counts.join(', ')} BHK ${typeLabel}`);
  }
  return parts.length > 0 ? parts.join(', ') : typeLabel;
}
