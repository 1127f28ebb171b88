#!/usr/bin/env node
// `npm run dev`: the API on :3001 (reloading on change), Vite on :5173 proxying /api and /media
// to it, the provider console remote on :5502 (proxied at /remotes/dashboard) and the brokers'
// insights remote on :5501 (proxied at /remotes/insights). All stop together.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const apiPort = process.env.API_PORT ?? '3001';

const children = [
  spawn('npm', ['run', 'dev', '-w', '@nivaas/api'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort },
  }),
  spawn('npm', ['run', 'dev', '-w', '@nivaas/web'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, API_ORIGIN: `http://localhost:${apiPort}` },
  }),
  // The brokers' insights remote on :5501 (spec §9); the web dev server proxies /remotes/insights to it.
  spawn('npm', ['run', 'dev', '-w', '@nivaas/remote-component'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, API_ORIGIN: `http://localhost:${apiPort}` },
  }),
  // The provider console remote on :5502 (spec §9); the web dev server proxies /remotes/dashboard to it.
  spawn('npm', ['run', 'dev', '-w', '@nivaas/dashboard'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, API_ORIGIN: `http://localhost:${apiPort}` },
  }),
];

const stopAll = (code) => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exitCode = code;
};
for (const child of children) child.on('exit', (code) => stopAll(code ?? 0));
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
