import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { serviceWorkerPlugin } from './src/sw/vite-plugin';
import { PREACT_ALIASES } from './preact-aliases';

// In production the API serves this build on the same origin; in development and `vite preview`
// the API runs separately (scripts/dev.mjs starts it on :3001), so /api, /media and the chat socket are proxied to it.
const apiOrigin = process.env.API_ORIGIN ?? 'http://localhost:3001';
const proxy = {
  '/api': { target: apiOrigin, changeOrigin: true },
  '/media': { target: apiOrigin, changeOrigin: true },
  // The help chat's socket (lib/chat-socket.ts) connects same-origin over websocket only.
  '/socket.io': { target: apiOrigin, changeOrigin: true, ws: true },
  // The provider console remote (apps/dashboard, spec §9 dev port 5502); the API serves its build here in production.
  '/remotes/dashboard': { target: process.env.DASHBOARD_ORIGIN ?? 'http://localhost:5502', changeOrigin: true },
  // The brokers' insights remote (apps/remote-component, spec §9 dev port 5501), served by the API in production.
  '/remotes/insights': { target: process.env.INSIGHTS_ORIGIN ?? 'http://localhost:5501', changeOrigin: true },
};

export default defineConfig({
  resolve: { alias: PREACT_ALIASES },
  // The server render imports the libraries through the same aliases, so they are bundled into dist-ssr rather than
  // left for Node to resolve (which would find React itself).
  ssr: { noExternal: true },
  // dist/sw.js: the offline shell and recently viewed public pages (decision 029).
  // React Fast Refresh cannot update Preact components (decision 045): without its wrapper an edited module reloads
  // the page in development instead of leaving it stale.
  plugins: [react({ refreshExclude: /./ }), tailwindcss(), serviceWorkerPlugin()],
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
  build: {
    outDir: 'dist',
    // Hashed file names under /assets/ let the API cache them for a year (immutable).
    assetsDir: 'assets',
    target: 'es2022',
    // dist/.vite/manifest.json: which chunks each page module needs, for the server's modulepreload links (decision 032).
    manifest: true,
    rolldownOptions: {
      // Decision 041: boot.ts is its own entry, the one script a server-rendered page names; it loads main.tsx's chunk
      // once the first screen has painted (apps/api plugins/web.ts finds it in the manifest).
      input: { index: 'index.html', boot: 'src/boot.ts' },
      output: {
        codeSplitting: {
          // Libraries change far less often than our code: separate chunks stay cached across deploys.
          groups: [
            // First, so React stays here rather than following a library that depends on it.
            {
              name: 'vendor',
              test: /[\\/]node_modules[\\/](preact|react-router|react-redux|@reduxjs|redux|immer|reselect|use-sync-external-store)[\\/]/,
            },
            { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/ },
            // Decision 032: the app's own modules that every page loads with the entry, in one file rather than a
            // dozen shared crumbs (each one more request on a phone's few connections). main.tsx stays in the entry
            // chunk: it awaits the page's chunks at its top level, and those import this one, which would then wait
            // for main.tsx to finish (a deadlock) if they were one chunk. boot.ts (decision 041) stays on its own.
            { name: 'app', tags: ['$initial'], test: /[\\/](?:apps[\\/]web[\\/]src[\\/](?!main\.tsx$|boot\.ts$)|packages[\\/])/ },
            // Loaded after first paint (see app/providers.tsx).
            { name: 'toastify', test: /[\\/]node_modules[\\/](react-toastify|clsx)[\\/]/ },
          ],
        },
      },
    },
  },
});
