import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../.artifacts/shots');

/** Where a screenshot named `file` goes, whichever folder the run started in (a relative path would follow the cwd). */
export function shotPath(file: string): string {
  mkdirSync(shots, { recursive: true });
  return path.join(shots, file);
}

export interface CaptureOptions {
  /** The whole page (the default), or only the viewport when a modal or a menu is what matters. */
  fullPage?: boolean;
  /** How long to let the page settle at each new width before the shot (a step's slide, a reflow); none by default. */
  settleMs?: number;
}

/**
 * Screenshots at phone and desktop widths (375 and 1280), named `<name>-<width>.png` in e2e/.artifacts/shots as
 * e2e/tools/screenshots.mjs names them; the viewport is put back as it was.
 */
export async function capture(page: Page, name: string, { fullPage = true, settleMs = 0 }: CaptureOptions = {}): Promise<void> {
  mkdirSync(shots, { recursive: true });
  const original = page.viewportSize() ?? { width: 1280, height: 800 };
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    if (settleMs > 0) await page.waitForTimeout(settleMs);
    await page.screenshot({ path: path.join(shots, `${name}-${width}.png`), fullPage });
  }
  await page.setViewportSize(original);
}
