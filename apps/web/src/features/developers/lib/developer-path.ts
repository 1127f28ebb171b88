import { pathSegment } from '../../../lib/project-path';

/** spec §2 /developer/{builder_name}/{builderId}, the name as the navbar search writes it. */
export function developerPath(builder: { id: number; name: string }): string {
  return `/developer/${pathSegment(builder.name)}/${builder.id}`;
}

/** 'Sobha Limited' -> 'SL', for a builder without a logo. */
export function initials(name: string): string {
  const words = name.split(/\s+/).filter((word) => /\p{L}/u.test(word));
  return words.slice(0, 2).map((word) => word[0]?.toUpperCase() ?? '').join('') || '?';
}
