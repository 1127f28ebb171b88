import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { PREACT_ALIASES } from './preact-aliases';

export default defineConfig({
  plugins: [react()],
  resolve: {
    // ES builds first: a library's CommonJS build requires 'react' where no alias reaches.
    conditions: ['module', 'browser', 'import', 'default'],
    alias: [
      ...PREACT_ALIASES,
      // Its package names a CommonJS main, whose require('react-dom/client') no alias reaches; its ES build imports.
      { find: /^@testing-library\/react$/, replacement: '@testing-library/react/dist/@testing-library/react.esm.js' },
    ],
  },
  test: {
    // Decision 045: the screens are tested on the renderer that ships. Libraries that import 'react' (Testing
    // Library, React Router, react-redux, RTK Query's hooks, react-hook-form) are transformed by Vitest so the same
    // aliases reach them; left to Node they would load React itself beside Preact.
    server: { deps: { inline: [/@testing-library\/(react|dom|user-event)/, /react-router/, /react-redux/, /@reduxjs/, /react-hook-form/, /@hookform/, /react-toastify/] } },
    name: 'web',
    environment: 'happy-dom',
    // A screen test renders and scrolls a whole page; on a shared 2-core machine at load 15 one took 18 s for nine
    // tests and hit the 5 s default. Its waits (findBy*) still fail fast when the screen is wrong.
    testTimeout: 20_000,
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/preact-for-node.ts', 'src/test/setup.ts'],
    restoreMocks: true,
  },
});
