import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// Proves the boundary rule in eslint.config.js fires (issue 11): each case lints an in-memory file placed at a
// path inside the repository, with the repository's own configuration.
const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const eslint = new ESLint({ cwd: repoRoot });

async function boundaryErrors(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, file) });
  return result!.messages.filter((m) => m.ruleId === 'nivaas-web/import-boundaries').map((m) => m.message);
}

// The first lint loads ESLint and the configuration: seconds on a busy machine.
describe('web import boundaries', { timeout: 30_000 }, () => {
  it('refuses a feature importing another feature', async () => {
    const errors = await boundaryErrors(
      'apps/web/src/features/home/components/fixture.tsx',
      "import { ResultsPage } from '../../results/results-page';\nexport const x = ResultsPage;\n",
    );
    expect(errors).toEqual([
      "feature 'home' may not import feature 'results': move what they share into domain/, components/ or lib/",
    ]);
  });

  it('refuses a feature importing app/, by import, re-export, dynamic import or vi.mock', async () => {
    const errors = await boundaryErrors(
      'apps/web/src/features/profile/fixture.test.tsx',
      [
        "import { vi } from 'vitest';",
        "import { makeStore } from '../../app/store';",
        "export { routes } from '../../app/router';",
        "export const lazy = () => import('../../app/layout/navbar');",
        "vi.mock('../../app/providers', () => ({}));",
        'export const s = makeStore;',
        '',
      ].join('\n'),
    );
    expect(errors).toHaveLength(4);
    expect(new Set(errors)).toEqual(
      new Set(["feature 'profile' may not import app/ (the router, layout and store sit above the features)"]),
    );
  });

  it('lets a feature import itself and the shared layers', async () => {
    const errors = await boundaryErrors(
      'apps/web/src/features/results/components/fixture.tsx',
      [
        "import { a } from '../lib/results-filters';",
        "import { b } from '../../../lib/format-price';",
        "import { c } from '../../../domain/catalogue/project-card';",
        "import { d } from '../../../test/render-app';",
        "import { z } from 'zod';",
        'export const all = [a, b, c, d, z];',
        '',
      ].join('\n'),
    );
    expect(errors).toEqual([]);
  });

  it.each(['apps/dashboard/src/features/fixture.tsx', 'apps/remote-component/src/features/fixture.tsx'])('refuses a remote importing the host (%s)', async (file) => {
    const errors = await boundaryErrors(
      file,
      "import { a } from '../../../web/src/lib/storage';\nimport { b } from '@nivaas/web/src/lib/storage';\nexport const all = [a, b];\n",
    );
    expect(errors).toEqual([
      'a remote never imports the host (apps/web)',
      'a remote never imports the host (@nivaas/web)',
    ]);
  });
});
