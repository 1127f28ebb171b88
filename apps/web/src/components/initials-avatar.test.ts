import { describe, expect, it } from 'vitest';
import { initialsOf } from './initials-avatar';

describe('initialsOf', () => {
  it('takes the first letters of the first two words', () => {
    expect(initialsOf('Sobha Limited')).toBe('SL');
    expect(initialsOf('joseph pillai kumar')).toBe('JP');
    expect(initialsOf('Nivaas')).toBe('N');
  });

  it('skips words without a letter and falls back to ?', () => {
    expect(initialsOf('Kaveri & Sons')).toBe('KS');
    expect(initialsOf('  ')).toBe('?');
  });
});
