import type { ReactNode } from 'react';
import { ProjectCardSkeleton } from './project-card';

/**
 * A row of cards: swiped sideways on a phone (each card snaps), four across on a desktop. Shared by the
 * home page rails and the similar projects on a details page.
 */
const LIST =
  '-mx-4 flex snap-x snap-mandatory scroll-px-4 gap-4 overflow-x-auto px-4 pb-3 [scrollbar-width:none] lg:mx-0 lg:grid lg:grid-cols-2 lg:overflow-visible @2xl:grid-cols-3 @4xl:grid-cols-4 lg:px-0 lg:pb-0 [&::-webkit-scrollbar]:hidden';
const ITEM = 'w-[80%] max-w-[20rem] shrink-0 snap-start sm:w-[45%] lg:w-auto lg:max-w-none';

interface CardRailProps<T> {
  items: readonly T[];
  itemKey: (item: T) => string | number;
  renderItem: (item: T) => ReactNode;
  label?: string;
}

export function CardRail<T>({ items, itemKey, renderItem, label }: CardRailProps<T>) {
  return (
    // The container sizes the desktop grid: it drops a column when the page narrows beside the open help chat.
    <div className="@container">
      <ul className={LIST} aria-label={label}>
        {items.map((item) => (
          <li key={itemKey(item)} className={ITEM}>
            {renderItem(item)}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Two skeleton cards on a phone, four on a desktop. */
export function CardRailSkeleton({ label, card = <ProjectCardSkeleton /> }: { label: string; card?: ReactNode }) {
  return (
    <div className="@container">
      <ul className={LIST} aria-label={label} aria-busy="true">
        {Array.from({ length: 4 }, (_, i) => (
          <li key={i} className={`${ITEM} ${i > 1 ? 'hidden lg:block' : ''}`}>
            {card}
          </li>
        ))}
      </ul>
    </div>
  );
}
