// Bundles the API server into one ESM file, dist/server.js, that production runs with plain node.
// Our workspace packages (@nivaas/*) export TypeScript source, so they are inlined and compiled here;
// every npm dependency stays external and is loaded from node_modules at run time (native modules,
// WASM files and plugins that locate their own assets, like PGlite, sharp and swagger-ui, need that).
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');

/**
 * Pure JavaScript that npm may install nested under the workspace that depends on it (drizzle-orm
 * lives in packages/db/node_modules), where an external import from apps/api/dist could not find it.
 * Inlining it also guarantees the bundle holds exactly one copy.
 */
const INLINED = new Set(['drizzle-orm']);

/** Every dependency of the packages that end up in the bundle, except our own and the inlined ones. */
function externalPackages() {
  const names = ['apps/api', 'packages/db', 'packages/contracts'].flatMap((dir) => {
    const manifest = JSON.parse(readFileSync(path.join(repoRoot, dir, 'package.json'), 'utf8'));
    return Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies });
  });
  return [...new Set(names.filter((name) => !name.startsWith('@nivaas/') && !INLINED.has(name)))].sort();
}

const external = externalPackages();
const outfile = path.join(here, 'dist/server.js');
// The embedded database's worker thread (docs/decisions/024-pglite-worker.md): its own entry, found by the server at
// run time beside server.js.
const workerOutfile = path.join(here, 'dist/pglite-worker.js');
for (const file of [outfile, workerOutfile]) {
  rmSync(file, { force: true });
  rmSync(`${file}.map`, { force: true });
}

const started = Date.now();
try {
  const common = {
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    // Subpath imports (drizzle-orm/pg-core, zod/v4/core) are external too.
    external: external.flatMap((name) => [name, `${name}/*`]),
    // Inlined CommonJS, should a workspace package ever contain some, needs a require() in ESM.
    banner: {
      js: "import { createRequire as __nivaasCreateRequire } from 'node:module'; const require = __nivaasCreateRequire(import.meta.url);",
    },
    logLevel: 'warning',
  };
  await Promise.all([
    build({ ...common, entryPoints: [path.join(here, 'src/server.ts')], outfile }),
    build({ ...common, entryPoints: [path.join(repoRoot, 'packages/db/src/pglite-worker.ts')], outfile: workerOutfile }),
  ]);
} catch {
  // esbuild has already printed each error with its file and line; a stack trace would only bury them.
  console.error('apps/api: build failed');
  process.exit(1);
}

console.log(`apps/api: built dist/server.js and dist/pglite-worker.js in ${Date.now() - started} ms (external: ${external.join(', ')})`);
