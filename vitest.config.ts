import { defineConfig } from 'vitest/config';

// One runner for every workspace: each project keeps its own environment and setup.
export default defineConfig({
  test: {
    projects: ['packages/contracts', 'packages/db', 'packages/client-kit', 'apps/api', 'apps/web', 'apps/dashboard', 'apps/remote-component'],
  },
});
