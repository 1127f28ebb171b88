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

const manifests = ['apps/api', 'packages/db', 'packages/contracts'].map((dir) =>
  JSON.parse(readFileSync(path.join(repoRoot, dir, 'package.json'), 'utf8')),
);
const external = [
  ...new Set(
    manifests
      .flatMap((manifest) => Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies }))
      .filter((name) => !name.startsWith('@nivaas/')),
  ),
].sort();
// Subpath imports (drizzle-orm/pg-core, zod/v4/core) are external too.
const externalWithSubpaths = external.flatMap((name) => [name, `${name}/*`]);

const outdir = path.join(here, 'dist');
rmSync(path.join(outdir, 'server.js'), { force: true });
rmSync(path.join(outdir, 'server.js.map'), { force: true });

const started = Date.now();
const result = await build({
  entryPoints: [path.join(here, 'src/server.ts')],
  outfile: path.join(outdir, 'server.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: externalWithSubpaths,
  // Inlined CommonJS (none today, but a dependency may add some) gets a require() to call.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  logLevel: 'warning',
  metafile: true,
});

const bytes = Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0);
console.log(`built apps/api/dist/server.js (${(bytes / 1024).toFixed(0)} KiB with map, ${Date.now() - started} ms); external: ${external.join(', ')}`);
