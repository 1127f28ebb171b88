#!/usr/bin/env node
// `npm start`: build whatever is missing or stale, then run the API server, which serves the
// built web app, the provider console and broker insights remotes, the API and the media from one
// origin. The server itself creates, migrates and seeds the embedded database on first start.
//
// Signals (issue 10): package.json runs this as `exec node scripts/start.mjs`. npm runs a script
// through /bin/sh and forwards SIGTERM/SIGINT only to that shell; dash dies of it without passing it
// on, so node was orphaned and kept serving. With `exec` the shell becomes this node process, npm
// forwards the signal here, and npm itself exits only after node has.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  console.error(`Nivaas needs Node.js 20.19 or newer; this is ${process.version}.`);
  process.exit(1);
}

if (!existsSync(path.join(root, 'node_modules'))) {
  console.error('Dependencies are missing: run `npm install` first.');
  process.exit(1);
}

/** Newest modification time under the given paths, skipping build output and dependencies. */
function newestMtime(paths) {
  let newest = 0;
  const visit = (target) => {
    if (!existsSync(target)) return;
    const stats = statSync(target);
    if (stats.isDirectory()) {
      for (const entry of readdirSync(target)) {
        // dist-ssr: the web app's server bundle (decision 028), build output like dist.
        if (entry === 'node_modules' || entry === 'dist' || entry === 'dist-ssr' || entry.startsWith('.')) continue;
        visit(path.join(target, entry));
      }
    } else {
      newest = Math.max(newest, stats.mtimeMs);
    }
  };
  paths.forEach((p) => visit(path.join(root, p)));
  return newest;
}

const shared = ['packages/contracts', 'packages/client-kit', 'package-lock.json'];
const targets = [
  {
    name: 'web app',
    workspace: '@nivaas/web',
    stamp: 'apps/web/dist/.build-stamp',
    output: 'apps/web/dist/index.html',
    sources: ['apps/web', ...shared],
  },
  {
    // The provider console, a Module Federation remote the API serves at /remotes/dashboard/.
    name: 'provider console',
    workspace: '@nivaas/dashboard',
    stamp: 'apps/dashboard/dist/.build-stamp',
    output: 'apps/dashboard/dist/remoteEntry.js',
    sources: ['apps/dashboard', ...shared],
  },
  {
    // The brokers' insights (/RemoteComponent), a Module Federation remote the API serves at /remotes/insights/.
    name: 'broker insights',
    workspace: '@nivaas/remote-component',
    stamp: 'apps/remote-component/dist/.build-stamp',
    output: 'apps/remote-component/dist/remoteEntry.js',
    sources: ['apps/remote-component', ...shared],
  },
  {
    name: 'API server',
    workspace: '@nivaas/api',
    stamp: 'apps/api/dist/.build-stamp',
    output: 'apps/api/dist/server.js',
    sources: ['apps/api', 'packages/db', ...shared],
  },
];

/**
 * When the target was last built: its stamp, or its main output when a build ran outside `npm start` (`npm run
 * build`, as `npm test` does, writes no stamp). Each build deletes that output before writing anything, so a failed
 * build leaves it missing: 0, built again.
 */
function builtAt(target) {
  const output = path.join(root, target.output);
  if (!existsSync(output)) return 0;
  const stamp = path.join(root, target.stamp);
  return Math.max(statSync(output).mtimeMs, existsSync(stamp) ? statSync(stamp).mtimeMs : 0);
}

for (const target of targets) {
  if (builtAt(target) >= newestMtime(target.sources)) continue;

  console.log(`Building the ${target.name}...`);
  const result = spawnSync('npm', ['run', 'build', '-w', target.workspace], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    console.error(`Building the ${target.name} failed.`);
    process.exit(result.status ?? 1);
  }
  writeFileSync(path.join(root, target.stamp), `${new Date().toISOString()}\n`);
}

// Same process, so the server's own signal handlers own graceful shutdown.
await import(pathToFileURL(path.join(root, 'apps/api/dist/server.js')).href);
