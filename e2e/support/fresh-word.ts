/**
 * A made-up, pronounceable word no seeded record holds ('Bakodule'), so a search or a list can only find what this
 * run created. Shared by the console specs (back-office.spec.ts, not yet committed, still holds its own copy).
 */
export function freshWord(): string {
  const letters = 'bcdfghjklmnprstvz';
  const vowels = 'aeiou';
  let word = '';
  for (let i = 0; i < 4; i += 1) word += letters[Math.floor(Math.random() * letters.length)]! + vowels[Math.floor(Math.random() * vowels.length)]!;
  return word[0]!.toUpperCase() + word.slice(1);
}
