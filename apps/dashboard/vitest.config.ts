import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Without the federation plugin: unit tests import the console's modules directly.
export default defineConfig({
  plugins: [react()],
  test: {
    name: 'dashboard',
    environment: 'happy-dom',
    // A screen test renders and scrolls a whole page; on a shared 2-core machine at load 15 one took 18 s for nine
    // tests and hit the 5 s default. Its waits (findBy*) still fail fast when the screen is wrong.
    testTimeout: 20_000,
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
  },
});
