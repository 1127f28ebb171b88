import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The seed must give the same bytes on every run, so it may not read the wall clock or an unseeded random source
// (performance.now() only times the run and never reaches a row).
// Tests (this folder's *.test.ts) and the CLI, which times itself, are exempt.
describe('seed sources', () => {
  it('never read the clock or Math.random', () => {
    const dir = path.dirname(fileURLToPath(import.meta.url));
    const sources = [...readdirSync(dir), ...readdirSync(path.join(dir, 'data')).map((file) => `data/${file}`)].filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && file !== 'cli.ts',
    );
    expect(sources.length).toBeGreaterThan(10);
    for (const file of sources) {
      const text = readFileSync(path.join(dir, file), 'utf8');
      expect(text, file).not.toMatch(/Date\.now\(|Math\.random\(|new Date\(\)/);
    }
  });
});
