import { createInstance, type ModuleFederation } from '@module-federation/runtime';
import * as analyticsContracts from '@nivaas/contracts/analytics.schema';
import * as commonContracts from '@nivaas/contracts/common.schema';
import { LEAD_STAGE_LABELS, LEAD_STAGES } from '@nivaas/contracts/lead.schema';
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
import type { BrokerInsightWindow } from '@nivaas/contracts/analytics.schema';

/**
 * The brokers' insights (/RemoteComponent) are a Module Federation remote (apps/remote-component; ARCHITECTURE
 * 'Micro-frontends'), served at /remotes/insights/ by the API in production and proxied to its dev server (:5501) by
 * Vite in development. Loaded exactly as the provider console is (docs/decisions/006): the federation runtime lives
 * in this lazily loaded route chunk, so the host's first load carries none of it.
 */
export const INSIGHTS_REMOTE_ENTRY = '/remotes/insights/remoteEntry.js';
const REMOTE_NAME = 'nivaas_insights';

export interface BrokerInsightsProps {
  /** GET /api/broker/insights?days= with the broker's token; resolves with the JSON body (apps/remote-component). */
  loadInsights: (days: BrokerInsightWindow) => Promise<unknown>;
  /** GET /api/broker/insights/searches?days= the same way (what the listings' viewers searched for). */
  loadViewerSearches: (days: BrokerInsightWindow) => Promise<unknown>;
}
export type BrokerInsightsComponent = ComponentType<BrokerInsightsProps>;

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

/**
 * What the remote reads from lead.schema, by name: that file is in the host's first load (the enquiry form), and a
 * namespace import here would add its whole export table to that first-load chunk (+342 bytes gzipped, measured).
 * A remote needing more of it adds it here.
 */
const HOST_LEAD_CONTRACTS = { LEAD_STAGES, LEAD_STAGE_LABELS };

/** The host's own copies, offered as singletons: the remote must render with this React and this router. */
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
    '@nivaas/contracts/analytics.schema': provided('0.0.0', analyticsContracts),
    '@nivaas/contracts/common.schema': provided('0.0.0', commonContracts),
    '@nivaas/contracts/lead.schema': provided('0.0.0', HOST_LEAD_CONTRACTS),
  };
}

let federation: ModuleFederation | null = null;
let loading: Promise<BrokerInsightsComponent> | null = null;
let failures = 0;

/**
 * Loads `./BrokerInsights` from the remote, once: later calls (React's development double effects, a second visit)
 * get the same component. Rejects when the entry is missing (404), unreachable or broken, or does not export a
 * component; the next call then tries again, asking for the entry under a new query string, because a browser may
 * remember a failed module import for the same URL.
 */
export function loadBrokerInsights(): Promise<BrokerInsightsComponent> {
  if (loading) return loading;
  const entry = failures === 0 ? INSIGHTS_REMOTE_ENTRY : `${INSIGHTS_REMOTE_ENTRY}?retry=${failures}`;
  const remote = { name: REMOTE_NAME, entry, type: 'module' as const };
  if (federation === null) {
    federation = createInstance({ name: 'nivaas_web_insights', remotes: [remote], shared: sharedModules(), shareStrategy: 'loaded-first' });
  } else {
    federation.registerRemotes([remote], { force: true });
  }
  const instance = federation;
  const attempt = (async () => {
    const loaded = await instance.loadRemote<{ default?: unknown }>(`${REMOTE_NAME}/BrokerInsights`);
    const component = loaded?.default;
    if (typeof component !== 'function') throw new Error('The insights remote did not export a component');
    return component as BrokerInsightsComponent;
  })();
  loading = attempt;
  attempt.catch(() => {
    failures += 1;
    loading = null;
  });
  return attempt;
}
