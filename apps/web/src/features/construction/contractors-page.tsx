import { PagedList } from '../../components/paged-list';
import { EmptyState } from '../../components/section-states';
import { flattenPages } from '../../lib/api/get-project-pages';
import { useGetContractorsInfiniteQuery } from './api/get-contractors';
import { ContractorCard } from './components/construction-cards';

const GRID = 'grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3';

export function ContractorsPage() {
  const query = useGetContractorsInfiniteQuery();
  const contractors = flattenPages(query.data?.pages.map((page) => page.contractors));
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
        <PagedList
          query={query}
          items={contractors}
          label="Contractors"
          gridClassName={GRID}
          renderItem={(contractor) => <ContractorCard contractor={contractor} />}
          errorTitle="Something went wrong"
          errorMessage="We could not load the contractors. Check your connection and try again."
          skeleton={<div className="h-48 animate-pulse rounded-2xl bg-slate-200" />}
          empty={<EmptyState title="No contractors yet">Contractors appear here once our team has checked them.</EmptyState>}
          paging="scroll"
        />
      </section>
    </div>
  );
}
