import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Plugin } from 'vite';

const workerEntry = path.join(path.dirname(fileURLToPath(import.meta.url)), 'service-worker.ts');

/**
 * Writes dist/sw.js (decision 029): src/sw/service-worker.ts bundled on its own (a worker cannot load the app's
 * chunks), with the build's version and app shell written in. The version is a hash of every emitted file name, and
 * Vite's names carry their content's hash, so a deploy that changes any bundle is a new worker.
 */
export function serviceWorkerPlugin(): Plugin {
  return {
    name: 'nivaas-service-worker',
    apply: 'build',
    // The server bundle (decision 028's SSR build) has no use for a worker.
    applyToEnvironment: (environment) => environment.name === 'client',
    async generateBundle(_options, bundle) {
      const files = Object.values(bundle);
      const entry = files.find((file) => file.type === 'chunk' && file.isEntry);
      if (!entry || entry.type !== 'chunk') return;
      // The shell: the entry, every chunk it imports statically, and their CSS (what index.html loads before paint).
      const shell = new Set<string>();
      const visit = (fileName: string) => {
        const chunk = bundle[fileName];
        if (!chunk || chunk.type !== 'chunk' || shell.has(`/${fileName}`)) return;
        shell.add(`/${fileName}`);
        for (const css of chunk.viteMetadata?.importedCss ?? []) shell.add(`/${css}`);
        chunk.imports.forEach(visit);
      };
      visit(entry.fileName);
      const version = createHash('sha256')
        .update(files.map((file) => file.fileName).sort().join('\n'))
        .digest('hex')
        .slice(0, 12);
      const result = await build({
        entryPoints: [workerEntry],
        bundle: true,
        write: false,
        format: 'iife',
        target: 'es2022',
        minify: true,
        legalComments: 'none',
        define: { __SW_VERSION__: JSON.stringify(version), __SW_SHELL__: JSON.stringify([...shell]) },
      });
      const code = result.outputFiles[0]?.text;
      if (!code) throw new Error('the service worker bundle is empty');
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: code });
    },
  };
}
