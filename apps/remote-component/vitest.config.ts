import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Without the federation plugin: unit tests import the remote's modules directly.
export default defineConfig({
  plugins: [react()],
  test: {
    name: 'remote-component',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
  },
});
