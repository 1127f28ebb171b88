/*
 * The catalogue reads of bench/tracking.ts, in a worker thread of their own.
 *
 * Why a thread: the 200 simulated browsers make and answer 350 calls/s on the bench's main thread. A read timed on
 * that same event loop waits for the browsers' work before its answer is even looked at, so "reads while ingesting"
 * measured the load generator as much as the server (in production the browsers are on other people's phones). Here
 * the reads' clocks run on a loop that does nothing else. Plain JavaScript: tsx's hooks do not reach worker threads on
 * Node 20.
 *
 * workerData: { port, mix: { listing, detail, search }, start, readers, readRate, agents }: each kind's URLs are read
 * in order from `start` on (wrapping), so a phase given its own start reads its own stretch of the mix. The parent
 * posts 'stop'; the worker answers
 * { samples: [{ kind, ms }], errors } and ends.
 */
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

const { port, mix, start, readers, readRate, agents } = workerData;
const taken = { listing: 0, detail: 0, search: 0 };
const nextOf = (kind) => mix[kind][(start + taken[kind]++) % mix[kind].length];
let stopping = false;
parentPort.on('message', (message) => {
  if (message === 'stop') stopping = true;
});

const sleep = (delay) => new Promise((resolve) => setTimeout(resolve, Math.max(0, delay)));

function get(agent, requestPath, headers) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.request({ host: '127.0.0.1', port, method: 'GET', path: requestPath, agent, headers }, (response) => {
      // The body is read in full (compressed bytes are not decoded): the answer has arrived when it ends.
      response.on('data', () => {});
      response.on('end', () => resolve({ status: response.statusCode || 0, ms: performance.now() - started }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}

async function main() {
  const samples = [];
  let errors = 0;
  const interval = (1000 * readers) / readRate;
  const reader = async (index) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    let next = performance.now() + (index * interval) / readers;
    for (let n = index; !stopping; n += readers) {
      await sleep(next - performance.now());
      next += interval;
      const pick = n % 10;
      const kind = pick < 4 ? 'listing' : pick < 8 ? 'detail' : 'search';
      const requestPath = nextOf(kind);
      try {
        const answer = await get(agent, requestPath, { 'accept-encoding': 'br, gzip', 'x-forwarded-for': `103.21.${index}.${n % 250}`, 'user-agent': agents[n % agents.length] });
        if (answer.status !== 200) errors += 1;
        else samples.push({ kind, ms: answer.ms });
      } catch {
        errors += 1;
      }
    }
    agent.destroy();
  };
  await Promise.all(Array.from({ length: readers }, (_, index) => reader(index)));
  parentPort.postMessage({ samples, errors });
}

void main();
