import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// Proves the API's boundary rules in eslint.config.js fire (issue 11): each case lints an in-memory file placed at a
// path inside the repository, with the repository's own configuration, so `npm run lint` fails the same way.
const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const eslint = new ESLint({ cwd: repoRoot });
const RULE = '@typescript-eslint/no-restricted-imports';

async function refusedImports(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, file) });
  return (result?.messages ?? []).filter((message) => message.ruleId === RULE).map((message) => message.message.split(' import is restricted')[0] ?? '');
}

describe('API import boundaries', () => {
  it("refuses a module importing another module's repository or routes, at any depth", async () => {
    const refused = await refusedImports(
      'apps/api/src/modules/builders/fixture.ts',
      [
        "import { createProjectsRepository } from '../projects/projects.repository';",
        "import { projectsRoutes } from '../projects/projects.routes';",
        "import { createAccountsRepository } from '../../modules/auth/accounts.repository';",
        "import { createSessionsRepository } from '../auth/sessions.repository';",
        'export const all = [createProjectsRepository, projectsRoutes, createAccountsRepository, createSessionsRepository];',
        '',
      ].join('\n'),
    );
    expect(refused).toEqual([
      "'../projects/projects.repository'",
      "'../projects/projects.routes'",
      "'../../modules/auth/accounts.repository'",
      "'../auth/sessions.repository'",
    ]);
  });

  it('refuses the same from a module\'s subfolder, and lets it use its own repository there', async () => {
    const refused = await refusedImports(
      'apps/api/src/modules/auth/senders/fixture.ts',
      [
        "import { createSessionsRepository } from '../sessions.repository';",
        "import { createLeadsRepository } from '../../leads/leads.repository';",
        'export const all = [createSessionsRepository, createLeadsRepository];',
        '',
      ].join('\n'),
    );
    expect(refused).toEqual(["'../../leads/leads.repository'"]);
  });

  it("lets a module use its own repository, another module's service, and another repository's row types", async () => {
    const refused = await refusedImports(
      'apps/api/src/modules/search/fixture.ts',
      [
        "import { createSearchService } from './search.service';",
        "import type { ProjectsService } from '../projects/projects.service';",
        "import type { WordHit } from '../projects/projects.repository';",
        "import { createFaqsService } from '../faqs/faqs.service';",
        'export type Both = [ProjectsService, WordHit];',
        'export const all = [createSearchService, createFaqsService];',
        '',
      ].join('\n'),
    );
    expect(refused).toEqual([]);
  });

  it('refuses plugins/ importing modules/', async () => {
    const refused = await refusedImports(
      'apps/api/src/plugins/fixture.ts',
      [
        "import { verifyAccessToken } from '../modules/auth/tokens';",
        "import { createCatalogueChanges } from '../lib/catalogue-changes';",
        'export const all = [verifyAccessToken, createCatalogueChanges];',
        '',
      ].join('\n'),
    );
    expect(refused).toEqual(["'../modules/auth/tokens'"]);
  });
});
