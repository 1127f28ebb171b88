/** spec §4 'Input type': all digits is a phone, e-mail-shaped is an e-mail, anything else unknown. */
export type InputKind = 'phone' | 'email' | 'unknown';

const ALL_DIGITS = /^\d+$/;
const EMAIL_SHAPED = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function inputKind(text: string): InputKind {
  const value = text.trim();
  if (ALL_DIGITS.test(value)) return 'phone';
  if (EMAIL_SHAPED.test(value)) return 'email';
  return 'unknown';
}
