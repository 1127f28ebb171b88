import { createInstance, type ModuleFederation } from '@module-federation/runtime';
import * as authContracts from '@nivaas/contracts/auth.schema';
import * as commonContracts from '@nivaas/contracts/common.schema';
import * as moderationContracts from '@nivaas/contracts/moderation.schema';
import * as React from 'react';
import * as ReactJsxRuntime from 'react/jsx-runtime';
import * as ReactDom from 'react-dom';
import {
  Link,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router';
import { version as reactRouterVersion } from 'react-router/package.json';
import type { ComponentType } from 'react';

/**
 * The provider console is a Module Federation remote (apps/dashboard; ARCHITECTURE 'Micro-frontends'), served at
 * /remotes/dashboard/ by the API in production and proxied to its dev server (:5502) by Vite in development.
 *
 * The host uses the federation runtime from this lazily loaded route chunk instead of the Vite plugin: the plugin
 * would put the runtime and a share-scope start-up in front of every page (about 70 kB more before the home page
 * renders, measured), while only the provider ever opens /dashboard. See docs/decisions/006-provider-console-remote.md.
 */
export const DASHBOARD_REMOTE_ENTRY = '/remotes/dashboard/remoteEntry.js';
const REMOTE_NAME = 'nivaas_dashboard';

export interface ProviderConsoleProps {
  basePath?: string;
}
export type ProviderConsoleComponent = ComponentType<ProviderConsoleProps>;

/**
 * The router API a remote rendered inside the host may use: the components and hooks that read the host's router
 * context. Named, not `import * as`, because a namespace import keeps every export of react-router in the host's
 * first-load vendor chunk (about 30 kB gzipped more, measured); these are already there for the host's own pages.
 * A remote needing more adds it here.
 */
const HOST_ROUTER = {
  Link,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
};

/** The host's own copies, offered as singletons: the console must render with this React and this router. */
function sharedModules() {
  const provided = (version: string, module: object) => ({
    version,
    lib: () => module,
    shareConfig: { singleton: true, requiredVersion: false as const },
  });
  return {
    react: provided(React.version, React),
    'react/jsx-runtime': provided(React.version, ReactJsxRuntime),
    'react-dom': provided(ReactDom.version, ReactDom),
    'react-router': provided(reactRouterVersion, HOST_ROUTER),
    '@nivaas/contracts/auth.schema': provided('0.0.0', authContracts),
    '@nivaas/contracts/common.schema': provided('0.0.0', commonContracts),
    '@nivaas/contracts/moderation.schema': provided('0.0.0', moderationContracts),
  };
}

let federation: ModuleFederation | null = null;
let loading: Promise<ProviderConsoleComponent> | null = null;
let failures = 0;

/**
 * Loads `./ProviderConsole` from the remote, once: later calls (React's development double effects, a second visit)
 * get the same component. Rejects when the entry is missing (404), unreachable or broken, or does not export a
 * component; the next call then tries again, asking for the entry under a new query string, because a browser may
 * remember a failed module import for the same URL.
 */
export function loadProviderConsole(): Promise<ProviderConsoleComponent> {
  if (loading) return loading;
  const entry = failures === 0 ? DASHBOARD_REMOTE_ENTRY : `${DASHBOARD_REMOTE_ENTRY}?retry=${failures}`;
  const remote = { name: REMOTE_NAME, entry, type: 'module' as const };
  if (federation === null) {
    federation = createInstance({ name: 'nivaas_web', remotes: [remote], shared: sharedModules(), shareStrategy: 'loaded-first' });
  } else {
    federation.registerRemotes([remote], { force: true });
  }
  const instance = federation;
  const attempt = (async () => {
    const loaded = await instance.loadRemote<{ default?: unknown }>(`${REMOTE_NAME}/ProviderConsole`);
    const component = loaded?.default;
    if (typeof component !== 'function') throw new Error('The provider console remote did not export a component');
    return component as ProviderConsoleComponent;
  })();
  loading = attempt;
  attempt.catch(() => {
    failures += 1;
    loading = null;
  });
  return attempt;
}
