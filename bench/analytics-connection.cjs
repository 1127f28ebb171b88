'use strict';
/*
 * autocannon's setupClient for bench/analytics.ts, loaded by path inside autocannon's worker thread.
 *
 * Why: autocannon walks the `requests` list from its start on every connection, so ten connections would send the
 * same URL at the same moment, and the analytics routes answer identical requests in flight from one read
 * (decision 037). Each connection starts the mix at its own place instead (a random rotation), so concurrent
 * requests of a mix are mostly different ones and the mix rows do not measure the sharing's best case.
 */
module.exports = function startSomewhereElse(client) {
  const requests = client.opts.requests;
  if (!Array.isArray(requests) || requests.length < 2) return;
  const start = Math.floor(Math.random() * requests.length);
  client.setRequests([...requests.slice(start), ...requests.slice(0, start)]);
};
