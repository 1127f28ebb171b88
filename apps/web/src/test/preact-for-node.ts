import Module from 'node:module';

/**
 * Decision 045: the screens are tested on Preact, the renderer that ships. Vitest's aliases reach every module it
 * transforms, but a CommonJS library it leaves to Node (use-sync-external-store, which react-redux's selector hook
 * is built on) asks Node for 'react' and would get React itself beside Preact. Node's resolver is pointed at the same
 * compatibility layer for those names, before any test file loads such a library.
 */
const NODE_ALIASES: Record<string, string> = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react/jsx-runtime': 'preact/compat/jsx-runtime',
};

type ResolveFilename = (request: string, ...rest: unknown[]) => string;
const moduleInternals = Module as unknown as { _resolveFilename: ResolveFilename };
const resolveFilename = moduleInternals._resolveFilename;
moduleInternals._resolveFilename = (request, ...rest) => resolveFilename(NODE_ALIASES[request] ?? request, ...rest);
