import { vi } from 'vitest';
import { format } from 'node:util';

let allowed: RegExp[] = [];
let unexpected: string[] = [];

/** Called before each test by setup.ts: collects console.error instead of printing it. */
export function resetConsoleErrors(): void {
  allowed = [];
  unexpected = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    const text = format(...args);
    if (!allowed.some((pattern) => pattern.test(text))) unexpected.push(text);
  });
}

/** A test that provokes an error on purpose names the message it expects. */
export function allowConsoleError(pattern: RegExp): void {
  allowed.push(pattern);
}

export function takeUnexpectedConsoleErrors(): string[] {
  const taken = unexpected;
  unexpected = [];
  return taken;
}
