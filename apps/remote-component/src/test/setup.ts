import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { resetConsoleErrors, takeUnexpectedConsoleErrors } from '@nivaas/client-kit/console-errors';

configure({ asyncUtilTimeout: 5000 });

// Tests never reach the network: each one answers the remote its data through the loadInsights prop.
globalThis.fetch = () => Promise.reject(new TypeError('fetch is disabled in tests: pass loadInsights'));

// As in apps/web: an unexpected console.error fails the test.
beforeEach(() => {
  resetConsoleErrors();
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  const unexpected = takeUnexpectedConsoleErrors();
  if (unexpected.length > 0) {
    throw new Error(`Unexpected console.error:\n${unexpected.join('\n---\n')}`);
  }
});
