/**
 * Background database work yields to requests (decision 034, amendment). On the embedded database's one connection a
 * statement sent while others wait joins their queue, so a page read that arrived behind a fold and two journal
 * writes waited for all three. Work wrapped here waits before each call until the connection is idle (or `maxWaitMs`
 * has passed, so a busy site cannot starve it): a request then queues behind one background unit at most.
 */
export type WhenIdle = (maxWaitMs: number) => Promise<void>;

/** How long background work defers to requests before it goes anyway. */
export const BACKGROUND_MAX_WAIT_MS = 25;

/** `target` with every method awaiting `whenIdle` before it runs. */
export function behindRequests<T extends object>(target: T, whenIdle: WhenIdle, maxWaitMs = BACKGROUND_MAX_WAIT_MS): T {
  return new Proxy(target, {
    get(object, key, receiver) {
      const value: unknown = Reflect.get(object, key, receiver);
      if (typeof value !== 'function') return value;
      return async (...args: unknown[]) => {
        await whenIdle(maxWaitMs);
        return (value as (...params: unknown[]) => unknown).apply(object, args);
      };
    },
  });
}
