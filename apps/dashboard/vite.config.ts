import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { createModuleFederationConfig, federation } from '@module-federation/vite';

// In production the API serves this build at /remotes/dashboard/ on the site's own origin (apps/api/src/plugins/
// remotes.ts); in development the web app's dev server proxies that path here, so the address is the same in both.
const BASE = '/remotes/dashboard/';
const PORT = 5502; // spec §9: the remote dev servers use 5501 and 5502.
const apiOrigin = process.env.API_ORIGIN ?? 'http://localhost:3001';

/**
 * The provider console as a Module Federation remote (ARCHITECTURE 'Micro-frontends'). The host (apps/web) loads
 * `remoteEntry.js` from /remotes/dashboard/ and renders `./ProviderConsole` at /dashboard. React, the router and the
 * contracts are singletons: one React per page (hooks break with two), one router (the console's links move the
 * host's history) and the host's copies of the schemas (so zod is never downloaded twice). The remote still bundles
 * its own copies as fallbacks, so it also runs alone on its dev server (port 5502). docs/decisions/006.
 */
const federationConfig = createModuleFederationConfig({
  name: 'nivaas_dashboard',
  filename: 'remoteEntry.js',
  exposes: {
    './ProviderConsole': './src/provider-console.tsx',
  },
  shared: {
    // ^19.0.0: the host renders with preact/compat, which names itself React 19.0.0 (decision 045).
    react: { singleton: true, requiredVersion: '^19.0.0' },
    'react-dom': { singleton: true, requiredVersion: '^19.0.0' },
    'react-router': { singleton: true, requiredVersion: '^7.0.0' },
    // The contract files the console imports, by path; the host provides the same list (load-provider-console.ts).
    '@nivaas/contracts/auth.schema': { singleton: true, requiredVersion: false },
    '@nivaas/contracts/common.schema': { singleton: true, requiredVersion: false },
    '@nivaas/contracts/moderation.schema': { singleton: true, requiredVersion: false },
  },
  // The host's copies are already loaded when it asks for the console: use them rather than the newest version.
  shareStrategy: 'loaded-first',
  // Types come from the workspace sources; no type bundle is generated or fetched.
  dts: false,
});

export default defineConfig({
  base: BASE,
  plugins: [react(), tailwindcss(), federation(federationConfig)],
  server: {
    port: PORT,
    strictPort: true,
    // Module URLs in the dev remote entry point here even when the host on :5173 loads it.
    origin: `http://localhost:${PORT}`,
    // Standalone use (http://localhost:5502/remotes/dashboard/) talks to the API directly.
    proxy: { '/api': { target: apiOrigin, changeOrigin: true }, '/media': { target: apiOrigin, changeOrigin: true } },
  },
  preview: { port: PORT, strictPort: true },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    target: 'es2022',
  },
});
