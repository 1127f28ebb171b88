/**
 * Identical reads in flight at the same moment share one answer (decision 037): the second request for the same key
 * while the first's read is still running waits for that read instead of queueing its own behind it. On PGlite every
 * statement of every request goes through one connection, so ten identical requests used to cost ten reads in a
 * row. Nothing is kept once the read settles (a failure too reaches every waiter and is then forgotten): a request
 * that joins gets a read that began at most one read's time before it arrived, and the next request reads again.
 * This is not a cache: there is no time to live and no answer outlives its read.
 */
export function sharedReads<T>(): (key: string, read: () => Promise<T>) => Promise<T> {
  const inFlight = new Map<string, Promise<T>>();
  return (key, read) => {
    const running = inFlight.get(key);
    if (running !== undefined) return running;
    const started = read().finally(() => inFlight.delete(key));
    inFlight.set(key, started);
    return started;
  };
}
