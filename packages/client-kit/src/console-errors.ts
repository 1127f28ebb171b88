import { vi } from 'vitest';
import { format } from 'node:util';

// CONVENTIONS 'Tests': an unexpected console.error fails a test, in the host (apps/web) and the console remote
// (apps/dashboard) alike; both apps' src/test/setup.ts call these around every test.

let allowed: RegExp[] = [];
let unexpected: string[] = [];

/** Called before each test by each app's test setup: collects console.error instead of printing it. */
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
