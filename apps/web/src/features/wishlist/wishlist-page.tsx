import { listingPath } from '@nivaas/contracts/project-path';
import { skipToken } from '@reduxjs/toolkit/query';
import { Link } from 'react-router';
import { Breadcrumb } from '../../components/breadcrumb';
import { ProjectCard, ProjectCardSkeleton } from '../../domain/catalogue/project-card';
import { SavedSearchesSection } from '../../domain/saved-searches/saved-searches-section';
import { SectionBoundary } from '../../components/section-boundary';
import { ErrorState } from '../../components/section-states';
import { serverMessage } from '../../lib/api/error-text';
import { useGetFavouritesQuery } from '../../domain/favourites/get-favourites';
import { useFavouritesOwner } from '../../domain/favourites/use-favourite-toggle';

const GRID = 'grid grid-cols-1 gap-4 sm:grid-cols-2 md:gap-5 lg:grid-cols-3 xl:grid-cols-4';
const countFormat = new Intl.NumberFormat('en-IN');

/**
 * /wishlist (spec §2, users and brokers): the favourited projects and listings, newest first (spec §7
 * GET /favourites/user?mode=data). Tapping a card's heart removes it here as anywhere else (spec §4).
 */
export function WishlistPage() {
  const owner = useFavouritesOwner();
  const favourites = useGetFavouritesQuery(owner ?? skipToken, { refetchOnMountOrArgChange: true });
  const count = favourites.data?.length;

  let body;
  if (favourites.isError) {
    body = (
      <ErrorState
        title="Something went wrong"
        message={serverMessage(favourites.error) ?? 'Your wishlist could not load. Check your connection and try again.'}
        onRetry={() => void favourites.refetch()}
      />
    );
  } else if (!favourites.data) {
    body = (
      <ul className={GRID} aria-busy="true" aria-label="Loading your wishlist">
        {Array.from({ length: 4 }, (_, i) => (
          <li key={i}>
            <ProjectCardSkeleton />
          </li>
        ))}
      </ul>
    );
  } else if (favourites.data.length === 0) {
    body = (
      <div className="rounded-3xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
        <span className="mx-auto grid size-14 place-items-center rounded-full bg-red-50 text-red-500" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="28" height="28" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round">
            <path d="M12 20.3s-7.6-4.6-9.2-9.3C1.7 7.6 3.8 4.4 7.2 4.2c2-.1 3.6 1 4.8 2.6 1.2-1.6 2.8-2.7 4.8-2.6 3.4.2 5.5 3.4 4.4 6.8-1.6 4.7-9.2 9.3-9.2 9.3z" />
          </svg>
        </span>
        <p className="mt-4 text-lg font-bold text-slate-900">Your wishlist is empty</p>
        <p className="mx-auto mt-1 max-w-sm text-slate-600">
          Tap the heart on any property to keep it here, and compare your favourites when you are ready.
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Link to="/property-detail-page" className="btn-primary">
            Browse properties
          </Link>
          <Link to="/developers" className="btn-secondary">
            Explore developers
          </Link>
        </div>
      </div>
    );
  } else {
    body = (
      <ul className={GRID} aria-label="Favourite properties">
        {favourites.data.map((project) => (
          <li key={project.id}>
            <ProjectCard project={project} to={listingPath(project)} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 md:py-10 lg:px-8">
      <title>Wishlist | Nivaas</title>
      <Breadcrumb items={[{ label: 'Home', to: '/' }, { label: 'Wishlist' }]} />
      <header className="mt-3 mb-6">
        <h1 className="text-2xl font-extrabold tracking-tight text-slate-900 md:text-3xl">Your wishlist</h1>
        <p className="mt-1 h-6 text-slate-600" aria-live="polite">
          {count ? `${countFormat.format(count)} saved ${count === 1 ? 'property' : 'properties'} · tap a heart to remove one` : ''}
        </p>
      </header>
      <section aria-label="Favourites">{body}</section>
      <SectionBoundary name="Saved searches">
        <SavedSearchesSection className="mt-12" />
      </SectionBoundary>
    </div>
  );
}
