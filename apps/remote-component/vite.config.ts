import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { createModuleFederationConfig, federation } from '@module-federation/vite';

// In production the API serves this build at /remotes/insights/ on the site's own origin (apps/api/src/plugins/
// remotes.ts); in development the web app's dev server proxies that path here, so the address is the same in both.
const BASE = '/remotes/insights/';
const PORT = 5501; // spec §9: the remote dev servers use 5501 and 5502.
const apiOrigin = process.env.API_ORIGIN ?? 'http://localhost:3001';

/**
 * The brokers' insights (/RemoteComponent) as a Module Federation remote, loaded by the host like the provider
 * console (docs/decisions/006): React, the router and the contract modules are singletons, so one React renders the
 * page and the host's copies of the schemas are used (zod is not shared: see 006). The remote still bundles its own
 * copies as fallbacks, so it also runs alone on its dev server (port 5501).
 */
const federationConfig = createModuleFederationConfig({
  name: 'nivaas_insights',
  filename: 'remoteEntry.js',
  exposes: {
    './BrokerInsights': './src/broker-insights.tsx',
  },
  shared: {
    // ^19.0.0: the host renders with preact/compat, which names itself React 19.0.0 (decision 045).
    react: { singleton: true, requiredVersion: '^19.0.0' },
    'react-dom': { singleton: true, requiredVersion: '^19.0.0' },
    'react-router': { singleton: true, requiredVersion: '^7.0.0' },
    // The contract files the remote imports, by path; the host provides the same list (load-broker-insights.ts).
    '@nivaas/contracts/analytics.schema': { singleton: true, requiredVersion: false },
    '@nivaas/contracts/common.schema': { singleton: true, requiredVersion: false },
    '@nivaas/contracts/lead.schema': { singleton: true, requiredVersion: false },
  },
  shareStrategy: 'loaded-first',
  dts: false,
});

export default defineConfig({
  base: BASE,
  plugins: [react(), tailwindcss(), federation(federationConfig)],
  server: {
    port: PORT,
    strictPort: true,
    origin: `http://localhost:${PORT}`,
    proxy: { '/api': { target: apiOrigin, changeOrigin: true } },
  },
  preview: { port: PORT, strictPort: true },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    target: 'es2022',
  },
});
