/**
 * Runs `fn` at most once per `waitMs`, including a trailing call so the last event is never lost
 * (a scroll that stops just under the top bar must still be noticed). `cancel` drops a pending call.
 */
export function throttle(fn: () => void, waitMs: number): { run: () => void; cancel: () => void } {
  let last = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const fire = () => {
    timer = undefined;
    last = Date.now();
    fn();
  };
  return {
    run() {
      const wait = waitMs - (Date.now() - last);
      if (wait <= 0) fire();
      else timer ??= setTimeout(fire, wait);
    },
    cancel() {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    },
  };
}
