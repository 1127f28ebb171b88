import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'client-kit',
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
