import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { EmptyState, ErrorState } from '../../../components/section-states';

const GRID = 'grid gap-3 md:gap-4 lg:grid-cols-4';

export interface Tile {
  key: number;
  to: string;
  /** A logo, photo or icon, 44-56 px square. */
  media: ReactNode;
  title: string;
  /** Up to two short lines under the title. */
  detail?: ReactNode;
  note?: ReactNode;
}

interface TileGridProps {
  /** Undefined while loading. */
  tiles: Tile[] | undefined;
  failed: boolean;
  onRetry: () => void;
  errorMessage: string;
  emptyTitle: string;
  loadingLabel: string;
  /** 'two' puts two tiles side by side even on a phone (short tiles like localities). */
  phoneColumns?: 'one' | 'two';
  /** How many tiles a phone shows; the 'view all' link has the rest. */
  phoneLimit?: number;
}

/**
 * The home page's linked tiles (localities, builders, brokers) with their loading, empty and error
 * states: one grid, four across on a desktop.
 */
export function TileGrid({
  tiles,
  failed,
  onRetry,
  errorMessage,
  emptyTitle,
  loadingLabel,
  phoneColumns = 'one',
  phoneLimit,
}: TileGridProps) {
  const grid = `${GRID} ${phoneColumns === 'two' ? 'grid-cols-2' : 'grid-cols-1 min-[420px]:grid-cols-2'}`;
  if (failed) return <ErrorState message={errorMessage} onRetry={onRetry} />;
  if (!tiles) {
    return (
      <ul className={grid} aria-busy="true" aria-label={loadingLabel}>
        {Array.from({ length: 4 }, (_, i) => (
          <li key={i} className="h-20 animate-pulse rounded-2xl bg-slate-200" />
        ))}
      </ul>
    );
  }
  if (tiles.length === 0) return <EmptyState title={emptyTitle} />;
  return (
    <ul className={grid}>
      {tiles.map((tile, i) => (
        <li key={tile.key} className={phoneLimit !== undefined && i >= phoneLimit ? 'hidden sm:block' : undefined}>
          <Link
            to={tile.to}
            className="group flex h-full items-center gap-3 rounded-2xl bg-white p-3 shadow-sm ring-1 ring-slate-200 transition hover:shadow-md hover:ring-brand-300 sm:p-3.5"
          >
            {tile.media}
            <span className="min-w-0">
              <span className="line-clamp-2 leading-snug font-bold text-slate-900">{tile.title}</span>
              {tile.detail && <span className="block truncate text-sm text-slate-600">{tile.detail}</span>}
              {tile.note && <span className="block truncate text-xs text-slate-500">{tile.note}</span>}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
