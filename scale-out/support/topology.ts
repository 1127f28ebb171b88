import type { TopologyInfo } from '../../scripts/scale-out/topology.mjs';

export type { TopologyInfo };

/**
 * The running topology, as scripts/scale-out/start.mjs describes it to the command it runs. The proof needs two
 * processes behind HAProxy and cannot make them itself (one topology serves every test file, started once).
 */
export function topology(): TopologyInfo {
  const raw = process.env.SCALE_OUT_TOPOLOGY;
  if (!raw) throw new Error('SCALE_OUT_TOPOLOGY is unset: run the proof through its start script (npm test -w @nivaas/scale-out)');
  const info = JSON.parse(raw) as TopologyInfo;
  if (info.processes.length < 2) throw new Error(`the proof needs 2 API processes, the topology has ${info.processes.length}`);
  return info;
}

/** The names of the two processes the steps are pinned to. */
export function twoProcesses(info: TopologyInfo): [string, string] {
  const [first, second] = info.processes;
  if (!first || !second) throw new Error('the proof needs 2 API processes');
  return [first.name, second.name];
}

export interface ServerState {
  /** HAProxy's view: UP, DOWN, or a transition such as 'UP 1/2'. */
  status: string;
  /** Connections open to it now (a websocket counts while it stays open). */
  open: number;
}

/** HAProxy's statistics for the API servers, by name (the `;csv` form of its stats page). */
export async function balancerView(info: TopologyInfo): Promise<Map<string, ServerState>> {
  const csv = await (await fetch(`${info.stats};csv`)).text();
  const [header = '', ...lines] = csv.replace(/^# /, '').trim().split('\n');
  const columns = header.split(',');
  const at = (name: string) => {
    const index = columns.indexOf(name);
    if (index < 0) throw new Error(`HAProxy's statistics have no ${name} column`);
    return index;
  };
  const [proxy, server, status, open] = [at('pxname'), at('svname'), at('status'), at('scur')];
  const view = new Map<string, ServerState>();
  for (const line of lines) {
    const cells = line.split(',');
    if (cells[proxy] === 'api' && cells[server]?.startsWith('api-')) view.set(cells[server], { status: cells[status] ?? '', open: Number(cells[open]) });
  }
  return view;
}

/**
 * A loopback address for a test's client, distinct per test file run: the per-address limits and passcode rules
 * then start from nothing even when a file is run again against the same topology.
 */
export function clientAddress(n: number): string {
  if (!Number.isInteger(n) || n < 1 || n > 250) throw new Error(`client number ${n} is not 1..250`);
  return `${addressPrefix}.${n}`;
}

const addressPrefix = `127.${20 + (process.pid % 200)}.${Math.floor(Date.now() / 1000) % 250}`;
