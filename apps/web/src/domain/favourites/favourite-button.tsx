import type { Project } from '@nivaas/contracts/project.schema';
import { useFavouriteToggle } from './use-favourite-toggle';

interface FavouriteButtonProps {
  project: Project;
  /** 'card' is the round heart on a card's photo; 'page' the full button on a details page. */
  variant?: 'card' | 'page';
  className?: string;
}

function HeartIcon({ filled, size }: { filled: boolean; size: number }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth="2"
      strokeLinejoin="round"
    >
      <path d="M12 20.3s-7.6-4.6-9.2-9.3C1.7 7.6 3.8 4.4 7.2 4.2c2-.1 3.6 1 4.8 2.6 1.2-1.6 2.8-2.7 4.8-2.6 3.4.2 5.5 3.4 4.4 6.8-1.6 4.7-9.2 9.3-9.2 9.3z" />
    </svg>
  );
}

/**
 * spec §4 'Favourite toggle': a visitor gets the sign-in modal (§6); a signed-in user or broker adds the
 * project, and the next click removes it. While one toggle is in flight, no other starts. The heart is red on
 * white when favourited, white on grey otherwise.
 */
export function FavouriteButton({ project, variant = 'card', className = '' }: FavouriteButtonProps) {
  const { favourited, busy, toggle } = useFavouriteToggle(project);
  const label = favourited ? `Remove ${project.name} from favorites` : `Add ${project.name} to favorites`;

  if (variant === 'page') {
    return (
      <button
        type="button"
        onClick={toggle}
        aria-pressed={favourited}
        aria-busy={busy || undefined}
        aria-label={label}
        className={`inline-flex items-center justify-center gap-2 rounded-full px-5 py-2.5 text-sm font-semibold ring-1 transition-colors ${favourited ? 'bg-white text-red-600 ring-red-200 hover:bg-red-50' : 'bg-white text-slate-800 ring-slate-300 hover:bg-slate-50'} ${busy ? 'cursor-progress opacity-80' : ''} ${className}`}
      >
        <span
          className={`grid size-7 place-items-center rounded-full ${favourited ? 'bg-white text-red-600' : 'bg-slate-500 text-white'}`}
        >
          <HeartIcon filled={favourited} size={16} />
        </span>
        {favourited ? 'Saved to favorites' : 'Save to favorites'}
      </button>
    );
  }

  return (
    <button
      type="button"
      onClick={toggle}
      aria-pressed={favourited}
      aria-busy={busy || undefined}
      aria-label={label}
      // A 40px target on the photo: above the card-wide link (z-10), so the tap favourites rather than opens.
      className={`relative z-10 grid size-10 place-items-center rounded-full shadow-md ring-1 transition-colors ${favourited ? 'bg-white text-red-600 ring-white hover:bg-red-50' : 'bg-slate-600/75 text-white ring-white/40 backdrop-blur-sm hover:bg-slate-700/85'} ${busy ? 'cursor-progress' : ''} ${className}`}
    >
      <HeartIcon filled={favourited} size={20} />
    </button>
  );
}
