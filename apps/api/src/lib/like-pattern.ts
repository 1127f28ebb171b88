/** A word for a LIKE pattern, with LIKE's own wildcards in it taken literally. */
export function escapeLike(word: string): string {
  return word.replace(/[\\%_]/g, '\\$&');
}

/** `%word%` for ILIKE. */
export function containsPattern(word: string): string {
  return `%${escapeLike(word)}%`;
}
