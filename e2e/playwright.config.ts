import { defineConfig } from '@playwright/test';

// Debian's Chromium, never a downloaded browser build (no network but the npm registry).
const chromiumArgs = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: '.artifacts/results',
  globalSetup: './support/global-setup.ts',
  fullyParallel: true,
  // Two cores: one for the server, one for the browser.
  workers: 2,
  retries: 0,
  // Sized for the shared 2-core machine at load 15-25, where a first paint of home alone can pass 10 s; a spec that
  // needs more sets its own.
  timeout: 60_000,
  expect: { timeout: 20_000 },
  reporter: [['list']],
  forbidOnly: Boolean(process.env.CI),
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
    // Decision 029: the app registers a service worker after load. It answers public reads from its cache, so a spec
    // that emulates the network (setOffline, routes) would test the worker instead of what it means to; only
    // offline.spec.ts, which is about the worker, lets it run.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
  },
});
