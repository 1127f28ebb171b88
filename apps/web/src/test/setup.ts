import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { resetConsoleErrors, takeUnexpectedConsoleErrors } from '@nivaas/client-kit/console-errors';

// Pages are lazy route chunks: the first render in a file transforms the chunk, which on two busy
// cores can take longer than Testing Library's 1 s default for findBy/waitFor.
configure({ asyncUtilTimeout: 5000 });

// Tests never reach the network. A request still in flight when a test ends (after its mockApi was
// removed) fails quietly instead of trying localhost.
globalThis.fetch = () => Promise.reject(new TypeError('fetch is disabled in tests: use mockApi()'));

// CONVENTIONS: an unexpected console.error fails the test. React reports act() mistakes, key warnings
// and caught render errors there, so a silent pass would hide real bugs.
beforeEach(() => {
  resetConsoleErrors();
});

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
  vi.unstubAllGlobals();
  const unexpected = takeUnexpectedConsoleErrors();
  if (unexpected.length > 0) {
    throw new Error(`Unexpected console.error:\n${unexpected.join('\n---\n')}`);
  }
});
