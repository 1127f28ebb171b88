import { useState } from 'react';
import { useToaster } from '../components/toaster';
import { ApiError } from '../lib/api-client';
import { messageOf } from '../lib/use-paged';

interface DecisionHooks {
  /** Takes the decided item out of the queue. */
  remove: (id: number) => void;
  /** Refetches the queue (after a 409: someone else decided it, or it changed meanwhile). */
  reload: () => void;
}

/**
 * Approve and reject for one queue: at most one decision per item in flight, a toast for each outcome, and the item
 * leaves the queue once decided. A 409 (the state machine refused: already decided, or edited meanwhile) reloads
 * the queue, since what the provider sees is out of date.
 */
export function useDecisions({ remove, reload }: DecisionHooks) {
  const toaster = useToaster();
  const [busy, setBusy] = useState<ReadonlySet<number>>(new Set());

  const mark = (id: number, on: boolean) =>
    setBusy((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  async function decide(id: number, action: () => Promise<{ message: string }>): Promise<void> {
    mark(id, true);
    try {
      const result = await action();
      remove(id);
      toaster.success(result.message);
    } catch (error) {
      if (error instanceof ApiError && (error.status === 409 || error.status === 404)) {
        toaster.error(error.message);
        reload();
        return;
      }
      throw error;
    } finally {
      mark(id, false);
    }
  }

  /** Approve at once; a failure is a toast. */
  async function approve(id: number, action: () => Promise<{ message: string }>): Promise<void> {
    try {
      await decide(id, action);
    } catch (error) {
      toaster.error(messageOf(error));
    }
  }

  return { busy, decide, approve };
}
