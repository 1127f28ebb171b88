import { Suspense, useState, type ReactNode } from 'react';
import { isHydrating } from '../lib/use-hydrated';

/**
 * Decision 045: Preact hydrates a page in one task, which on a phone is the page's longest (307 ms of home's at 4x
 * CPU). A part of the page wrapped in this keeps the server's markup as it is and is hydrated after the rest, each
 * part in a task of its own: its child suspends while the page hydrates, and Preact leaves the markup of a component
 * that suspends during hydration in place and hydrates it when the promise settles. What it shows never changes; its
 * buttons and forms start working a moment later, or at once when touched or focused (the pointer-down hydrates it
 * before the click arrives). A render that is not a hydration (a page opened by a link) renders it at once.
 */
interface Turn {
  ready: boolean;
  promise: Promise<void>;
  release: () => void;
}

const waiting: Turn[] = [];
let afterLast: (() => void) | null = null;

function newTurn(): Turn {
  let resolve = () => {};
  const turn: Turn = {
    ready: false,
    promise: new Promise<void>((settle) => (resolve = settle)),
    release: () => {
      if (turn.ready) return;
      turn.ready = true;
      resolve();
    },
  };
  waiting.push(turn);
  return turn;
}

function releaseNext(): void {
  const turn = waiting.shift();
  if (!turn) {
    afterLast?.();
    afterLast = null;
    return;
  }
  turn.release();
  // A task of its own for each part: the browser can paint and answer input in between.
  setTimeout(releaseNext, 0);
}

/**
 * Called once the page's own hydration has committed (app/providers.tsx): the waiting parts follow, one per task,
 * and then `done` (the part hydrated last has rendered by then: a settled promise renders in the same task).
 */
export function hydrateLaterParts(done: () => void): void {
  afterLast = done;
  setTimeout(releaseNext, 0);
}

function WaitForTurn({ turn, children }: { turn: Turn | null; children: ReactNode }) {
  if (turn && !turn.ready) throw turn.promise;
  // One element, always: Preact keeps exactly one node of a component suspended while hydrating.
  return <div className="contents">{children}</div>;
}

export function LaterHydration({ children, className }: { children: ReactNode; className?: string }) {
  const [turn] = useState(() => (isHydrating() ? newTurn() : null));
  const now = () => turn?.release();
  return (
    <div className={className} onPointerDownCapture={now} onFocusCapture={now}>
      <Suspense fallback={null}>
        <WaitForTurn turn={turn}>{children}</WaitForTurn>
      </Suspense>
    </div>
  );
}
