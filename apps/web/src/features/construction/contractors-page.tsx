import { EmptyState, ErrorState } from '../../components/section-states';
import { serverMessage } from '../../lib/api/error-text';
import { flattenPages } from '../../lib/api/get-project-pages';
import { useSentinel } from '../../lib/use-sentinel';
import { useGetContractorsInfiniteQuery } from './api/get-contractors';
import { ContractorCard } from './components/construction-cards';

const GRID = 'grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3';

export function ContractorsPage() {
  const query = useGetContractorsInfiniteQuery();
  const contractors = flattenPages(query.data?.pages.map((page) => page.contractors));
  const sentinel = useSentinel(() => void query.fetchNextPage(), query.hasNextPage && !query.isFetching && !query.isError);

  let body;
  if (query.isError && contractors.length === 0) {
    body = (
      <ErrorState
        title="Something went wrong"
        message={serverMessage(query.error) ?? 'We could not load the contractors. Check your connection and try again.'}
        onRetry={() => void query.refetch()}
      />
    );
  } else if (query.isLoading) {
    body = (
      <ul className={GRID} aria-busy="true" aria-label="Loading contractors">
        {Array.from({ length: 6 }, (_, i) => (
          <li key={i} className="h-48 animate-pulse rounded-2xl bg-slate-200" />
        ))}
      </ul>
    );
  } else if (contractors.length === 0) {
    body = <EmptyState title="No contractors yet">Contractors appear here once our team has checked them.</EmptyState>;
  } else {
    body = (
      <>
        <ul className={GRID} aria-label="Contractors">
          {contractors.map((contractor) => (
            <li key={contractor.id}>
              <ContractorCard contractor={contractor} />
            </li>
          ))}
        </ul>
        {query.isError && (
          <div className="mt-6">
            <ErrorState title="Something went wrong" onRetry={() => void query.fetchNextPage()} />
          </div>
        )}
        {query.isFetchingNextPage && <p className="py-6 text-center text-sm text-slate-600">Loading more contractors…</p>}
        <div ref={sentinel} aria-hidden="true" className="h-px" />
      </>
    );
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 md:py-14 lg:px-8">
      <title>Building contractors you can trust | Nivaas</title>
      <meta name="description" content="Approved building and interior contractors with their services, ratings and recent work." />
      <header className="max-w-2xl">
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Contractors</p>
        <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-slate-900 md:text-4xl">Approved contractors</h1>
        <p className="mt-3 text-slate-600">
          Builders, interior designers and renovation teams checked by Nivaas, with their services, ratings and past work.
        </p>
      </header>
      <section aria-label="Contractor list" className="mt-8">
        {body}
      </section>
    </div>
  );
}
