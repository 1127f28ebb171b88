#!/usr/bin/env node
// Full-page screenshots of a running Nivaas at phone and desktop widths, for a person to look at.
//   node e2e/tools/screenshots.mjs [baseUrl] [path ...]
// Writes e2e/.artifacts/shots/<path>-<width>.png.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const [baseUrl = 'http://localhost:3000', ...paths] = process.argv.slice(2);
const targets = paths.length > 0 ? paths : ['/'];
const outDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../.artifacts/shots');
mkdirSync(outDir, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  for (const width of [375, 1280]) {
    const page = await browser.newPage({ viewport: { width, height: width === 375 ? 812 : 800 } });
    page.on('console', (m) => m.type() === 'error' && console.log(`  console.error on ${page.url()}: ${m.text()}`));
    for (const target of targets) {
      await page.goto(new URL(target, baseUrl).href, { waitUntil: 'networkidle' });
      // Lazy images load only once they come near the viewport, so scroll through like a person
      // and wait for every image to finish before the full-page capture.
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += 400) {
          window.scrollTo(0, y);
          await new Promise((r) => setTimeout(r, 250));
        }
        window.scrollTo(0, 0);
      });
      await page.waitForLoadState('networkidle');
      await page
        .waitForFunction(() => [...document.images].every((img) => img.complete), null, { timeout: 10_000 })
        .catch(() => console.log(`  some images on ${target} were still loading`));
      const name = target.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home';
      const file = path.join(outDir, `${name}-${width}.png`);
      await page.screenshot({ path: file, fullPage: true });
      console.log(file);
    }
    await page.close();
  }
} finally {
  await browser.close();
}
