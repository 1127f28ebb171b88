import { describe, expect, it } from 'vitest';
import { typingPlan } from './typing-schedule';

describe('typingPlan (spec §4, §9)', () => {
  it('bold markup waits 1.5 s and types at 30 ms, however long', () => {
    expect(typingPlan('Here are **3 homes**')).toEqual({ waitMs: 1_500, perCharMs: 30, chars: 16 });
    expect(typingPlan(`**Top picks** ${'x'.repeat(300)}`)).toMatchObject({ waitMs: 1_500, perCharMs: 30 });
    expect(typingPlan('A <b>bold</b> word')).toMatchObject({ waitMs: 1_500, perCharMs: 30, chars: 11 });
  });

  it('over 150 characters waits 0.8 s and types at 10 ms', () => {
    expect(typingPlan('y'.repeat(151))).toEqual({ waitMs: 800, perCharMs: 10, chars: 151 });
  });

  it('anything else waits 0.8 s and types at 30 ms', () => {
    expect(typingPlan('y'.repeat(150))).toEqual({ waitMs: 800, perCharMs: 30, chars: 150 });
    expect(typingPlan('Hello')).toEqual({ waitMs: 800, perCharMs: 30, chars: 5 });
  });

  it('a lone pair of asterisks is not bold markup', () => {
    expect(typingPlan('2 ** 3 is eight')).toMatchObject({ waitMs: 800 });
  });
});
