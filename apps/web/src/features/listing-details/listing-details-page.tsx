import type { ProjectDetail } from '@nivaas/contracts/project.schema';
import { skipToken } from '@reduxjs/toolkit/query';
import { Link, useLocation, useParams } from 'react-router';
import { Breadcrumb } from '../../components/breadcrumb';
import { EnquiryForm } from '../../domain/enquiry/enquiry-form';
import { leadAnswerer, LeadPrompt } from '../../domain/enquiry/lead-prompt';
import { FavouriteButton } from '../../domain/favourites/favourite-button';
import { CalculatorIcon, MapPinIcon, ShieldCheckIcon, UserIcon } from '../../components/icons';
import { SectionBoundary } from '../../components/section-boundary';
import { PageError, PageNotFound } from '../../components/page-states';
import { isNotFound } from '../../lib/api/error-text';
import { useGetBrokerQuery } from '../../lib/api/get-broker';
import { useGetProjectQuery } from '../../lib/api/get-project';
import { formatPriceRange, formatRupees, unitPriceBounds } from '../../lib/format-price';
import { cityPath, locationPath, zonePath } from '../../lib/place-paths';
import { parseRouteId } from '../../lib/route-id';
import { propertyTypeLabel, unitLabel } from '../../lib/unit-labels';
import { ListingGallery } from './components/listing-gallery';
import { listingFacts } from './listing-facts';
import { useTrackView } from '../../lib/tracking/use-track-view';

/**
 * A broker's or an owner's listing: /broker-property-details/... and /user-property-details/... (spec
 * §2). Both read GET /project/{id}; a listing that is not public is a 404 and reads as not found.
 */
export function ListingDetailsPage() {
  const { BrokerpropertyId: rawId } = useParams();
  const id = parseRouteId(rawId);
  const listing = useGetProjectQuery(id ?? skipToken);
  useTrackView('PROJECT_VIEW', listing.data ? { projectId: listing.data.id, city: listing.data.city.name } : null);

  if (id === null || (listing.isError && isNotFound(listing.error))) {
    return (
      <PageNotFound title="This property is not available" documentTitle="Property not found" back={{ to: '/', label: 'Find similar homes' }}>
        It may have been sold or taken down by its owner.
      </PageNotFound>
    );
  }
  if (listing.isError) {
    return <PageError title="Failed to fetch property" error={listing.error} onRetry={listing.refetch} />;
  }
  if (!listing.data) return <ListingSkeleton />;
  return <Listing listing={listing.data} />;
}

function Listing({ listing }: { listing: ProjectDetail }) {
  const { pathname } = useLocation();
  const { min, max } = unitPriceBounds(listing.units);
  const labels = [...new Set(listing.units.map((unit) => unitLabel(unit.type, listing.type)))];
  const place = [listing.location.name, listing.zone?.name, listing.city.name].filter(Boolean).join(', ');
  const ownerKind = pathname.startsWith('/user-property-details') ? 'Owner listings' : 'Broker listings';
  const crumbs = [
    { label: 'Home', to: '/' },
    { label: listing.city.name, to: cityPath(listing.city) },
    { label: listing.location.name, to: locationPath(listing.city, listing.zone, listing.location) },
    { label: listing.name },
  ];

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 md:py-10 lg:px-8">
      <title>{`${listing.name}, ${listing.location.name}: ${labels[0] ?? propertyTypeLabel(listing.type)} for sale | Nivaas`}</title>
      {listing.description && <meta name="description" content={listing.description} />}
      <Breadcrumb items={crumbs} />
      {/* spec §4 lead form flag: a visitor is offered a quick enquiry every 30 s. */}
      <LeadPrompt projectId={listing.id} projectName={listing.name} answeredBy={leadAnswerer(listing)} />
      <div className="mt-6 grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:gap-8">
        <div className="min-w-0 space-y-6">
          <header>
            <p className="text-sm font-semibold text-brand-700">
              {ownerKind} · {propertyTypeLabel(listing.type)}
            </p>
            <h1 className="mt-1 text-2xl font-extrabold tracking-tight text-slate-900 md:text-3xl">{listing.name}</h1>
            <p className="mt-1 flex items-center gap-1 text-slate-600">
              <MapPinIcon width={16} height={16} className="shrink-0 text-slate-400" />
              {place}
            </p>
            <p className="mt-3 flex flex-wrap items-baseline gap-x-3">
              <span className="text-3xl font-extrabold tracking-tight text-brand-800">{formatPriceRange(min, max)}</span>
              {min > 0 && (
                <span className="text-sm text-slate-600">
                  {min === max ? formatRupees(min) : `${formatRupees(min)} to ${formatRupees(max)}`}
                </span>
              )}
            </p>
            <FavouriteButton project={listing} variant="page" className="mt-4" />
          </header>
          <ListingGallery medias={listing.medias} name={listing.name} />
          <section aria-labelledby="listing-facts-heading" className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-slate-200 md:p-8">
            <h2 id="listing-facts-heading" className="text-lg font-bold text-slate-900">
              About this property
            </h2>
            <ul className="mt-4 flex flex-wrap gap-2" aria-label="Configuration">
              {labels.map((label) => (
                <li key={label} className="rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-800">
                  {label}
                </li>
              ))}
            </ul>
            <dl className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3">
              {listingFacts(listing).map((fact) => (
                <div key={fact.label} className="rounded-2xl bg-slate-50 px-4 py-3 ring-1 ring-slate-100">
                  <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{fact.label}</dt>
                  <dd className="mt-1 font-bold text-slate-900">{fact.value}</dd>
                </div>
              ))}
            </dl>
            {listing.description && <p className="mt-6 leading-7 text-slate-700">{listing.description}</p>}
          </section>

          <section aria-labelledby="listing-location-heading" className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-slate-200 md:p-8">
            <h2 id="listing-location-heading" className="text-lg font-bold text-slate-900">
              Location
            </h2>
            <p className="mt-2 text-slate-700">{place}</p>
            <ul className="mt-4 flex flex-wrap gap-2 text-sm">
              <li>
                <Link to={locationPath(listing.city, listing.zone, listing.location)} className="btn-secondary">
                  About {listing.location.name}
                </Link>
              </li>
              {listing.zone && (
                <li>
                  <Link to={zonePath(listing.city, listing.zone)} className="btn-secondary">
                    {listing.zone.name}
                  </Link>
                </li>
              )}
              <li>
                <Link to={`/property-detail-page?locationId=${listing.location.id}`} className="btn-secondary">
                  More homes in {listing.location.name}
                </Link>
              </li>
            </ul>
          </section>
        </div>

        <aside className="space-y-4 lg:sticky lg:top-24">
          <SectionBoundary name="The seller">
            <Seller listing={listing} />
          </SectionBoundary>
          <section id="enquiry" aria-labelledby="listing-enquiry-heading" className="scroll-mt-24 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-slate-200 md:p-6">
            <h2 id="listing-enquiry-heading" className="text-lg font-bold text-slate-900">
              Ask about this property
            </h2>
            <SectionBoundary name="The enquiry form">
              <EnquiryForm
                projectId={listing.id}
                title={`Enquiry about ${listing.name}`}
                defaultMessage={`I am interested in ${listing.name.includes(listing.location.name) ? listing.name : `${listing.name}, ${listing.location.name}`}. Please call me.`}
                className="mt-4"
              />
            </SectionBoundary>
          </section>
          {min > 0 && (
            <Link
              to={`/mortage-calculator?amount=${min}`}
              className="flex items-center gap-3 rounded-3xl bg-brand-900 p-5 text-white shadow-sm hover:bg-brand-800"
            >
              <CalculatorIcon width={24} height={24} className="shrink-0 text-amber-300" />
              <span>
                <span className="block font-bold">Work out the EMI</span>
                <span className="block text-sm text-brand-100">For a loan of {formatPriceRange(min, min)}</span>
              </span>
            </Link>
          )}
        </aside>
      </div>
    </div>
  );
}

function Seller({ listing }: { listing: ProjectDetail }) {
  const broker = useGetBrokerQuery(listing.brokerId ?? skipToken);
  if (listing.brokerId === null) {
    return (
      <div className="flex items-center gap-3 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <span className="grid size-12 place-items-center rounded-full bg-amber-50 text-amber-800">
          <UserIcon width={22} height={22} />
        </span>
        <div>
          <p className="font-bold text-slate-900">Owner listing</p>
          <p className="text-sm text-slate-600">Listed by the owner; no brokerage.</p>
        </div>
      </div>
    );
  }
  const name = broker.data?.name;
  return (
    <div className="flex items-center gap-3 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <span className="grid size-12 shrink-0 place-items-center rounded-full bg-brand-50 text-brand-700">
        <ShieldCheckIcon width={22} height={22} />
      </span>
      <div className="min-w-0">
        <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Listed by a verified broker</p>
        {name ? (
          <Link to={`/broker-info/${listing.brokerId}`} className="font-bold text-brand-800 hover:underline">
            {name}
          </Link>
        ) : (
          <Link to={`/broker-info/${listing.brokerId}`} className="font-bold text-brand-800 hover:underline">
            View broker profile
          </Link>
        )}
        {broker.data?.company && <p className="truncate text-sm text-slate-600">{broker.data.company}</p>}
      </div>
    </div>
  );
}

function ListingSkeleton() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 lg:px-8" aria-busy="true" aria-label="Loading property">
      <div className="grid gap-6 lg:grid-cols-[1fr_24rem]">
        <div className="space-y-6">
          <div className="aspect-[16/10] animate-pulse rounded-3xl bg-slate-200" />
          <div className="h-48 animate-pulse rounded-3xl bg-slate-200" />
        </div>
        <div className="h-96 animate-pulse rounded-3xl bg-slate-200" />
      </div>
    </div>
  );
}
