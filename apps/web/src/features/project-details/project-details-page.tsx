import type { ProjectDetail } from '@nivaas/contracts/project.schema';
import { skipToken } from '@reduxjs/toolkit/query';
import { Link, useLocation, useParams } from 'react-router';
import { Breadcrumb, type Crumb } from '../../components/breadcrumb';
import { CompareButton } from '../../domain/compare/compare-button';
import { FavouriteButton } from '../../domain/favourites/favourite-button';
import { EnquiryForm } from '../../domain/enquiry/enquiry-form';
import { leadAnswerer, LeadPrompt } from '../../domain/enquiry/lead-prompt';
import { BuildingIcon, CalendarIcon, MapPinIcon, ShieldCheckIcon } from '../../components/icons';
import { LaterHydration } from '../../components/later-hydration';
import { SectionBoundary } from '../../components/section-boundary';
import { PageError } from '../../components/page-states';
import { SmartImage } from '../../components/smart-image';
import { isNotFound } from '../../lib/api/error-text';
import { useGetProjectQuery } from '../../lib/api/get-project';
// The record's widths, not lib/card-photo's seed steps: the server's preload of the first photo (modules/pages) is
// written from the record, and the image must pick the file that preload fetched.
import { photoSrcSet } from '@nivaas/contracts/photo-srcset';
import { formatPriceRange, unitPriceBounds } from '../../lib/format-price';
import { cityPath, locationPath, zonePath } from '../../lib/place-paths';
import { areaRange, configurations, constructionStage, isPrelaunch, possessionMonth, possessionText } from '../../lib/project-facts';
import { projectPath } from '@nivaas/contracts/project-path';
import { parseRouteId } from '../../lib/route-id';
import { builderPath } from '../../domain/search/search-targets';
import { propertyTypeLabel } from '../../lib/unit-labels';
import { Amenities } from './components/amenities';
import { EmiTeaserCard } from './components/emi-teaser-card';
import { Gallery, type GalleryImage } from './components/gallery';
import { ProjectNotFound } from './components/project-not-found';
import { ReraNote } from './components/rera-note';
import { SimilarProjects } from './components/similar-projects';
import { UnitsTable } from './components/units-table';
import { useTrackView } from '../../lib/tracking/use-track-view';

function galleryImages(project: ProjectDetail): GalleryImage[] {
  // The banner first, then the gallery; the logo is the builder's mark, not a photo of the project.
  const photos = [
    ...project.medias.filter((media) => media.title === 'banner'),
    ...project.medias.filter((media) => media.title !== 'banner' && media.title !== 'logo'),
  ];
  return photos.map((media, i) => ({
    url: media.url,
    srcSet: photoSrcSet(media),
    alt: i === 0 ? `${project.name}, ${project.location.name}` : `${project.name}: photo ${i + 1}`,
  }));
}

function crumbs(project: ProjectDetail): Crumb[] {
  const items: Crumb[] = [{ label: 'Home', to: '/' }, { label: project.city.name, to: cityPath(project.city) }];
  if (project.zone) items.push({ label: project.zone.name, to: zonePath(project.city, project.zone) });
  items.push({ label: project.location.name, to: locationPath(project.city, project.zone, project.location) });
  items.push({ label: project.name });
  return items;
}

/** /properties/{city}/{zone}/{location}/{project_Name}/{id} and /prelaunch/... (spec §2). */
export function ProjectDetailsPage() {
  const { id: rawId } = useParams();
  const { pathname } = useLocation();
  const id = parseRouteId(rawId);
  const query = useGetProjectQuery(id ?? skipToken);
  useTrackView('PROJECT_VIEW', query.data ? { projectId: query.data.id, city: query.data.city.name } : null);

  if (id === null || (query.isError && isNotFound(query.error))) return <ProjectNotFound />;
  if (query.isError) {
    return (
      <>
        <title>Property | Nivaas</title>
        <PageError title="Failed to fetch property" error={query.error} onRetry={query.refetch} />
      </>
    );
  }
  const project = query.data;
  if (!project) return <DetailsSkeleton />;

  return <ProjectDetails project={project} prelaunchRoute={pathname.toLowerCase().startsWith('/prelaunch/')} />;
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-xl bg-slate-50 px-3.5 py-3">
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="mt-0.5 font-semibold text-slate-900">{value}</dd>
    </div>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    // Issue 15: the sections below the photos and the summary are skipped by style, layout and paint until they
    // come near the screen (`content-visibility: auto`; the clip margin keeps the cards' shadows).
    <section
      aria-labelledby={`${id}-heading`}
      className="scroll-mt-24 [contain-intrinsic-size:auto_20rem] [content-visibility:auto] [overflow-clip-margin:1rem]"
    >
      <h2 id={`${id}-heading`} className="mb-4 text-xl font-bold tracking-tight text-slate-900">
        {title}
      </h2>
      <LaterHydration>{children}</LaterHydration>
    </section>
  );
}

function ProjectDetails({ project, prelaunchRoute }: { project: ProjectDetail; prelaunchRoute: boolean }) {
  const prelaunch = prelaunchRoute || isPrelaunch(project);
  const { min, max } = unitPriceBounds(project.units);
  const price = formatPriceRange(min, max);
  const place = `${project.location.name}, ${project.city.name}`;
  const possession = possessionText(project);
  const area = areaRange(project.units);
  const builder = project.builder;
  const lowestPrice = project.units.map((unit) => unit.minPrice).filter((value) => value > 0);
  const canonical = projectPath(project);
  const enquiryTitle = prelaunch ? 'Register interest' : 'Enquire about this property';

  return (
    <article className="mx-auto max-w-7xl px-4 py-5 md:py-8 lg:px-8">
      <title>{`${project.name} in ${place}: ${price} | Nivaas`}</title>
      <meta
        name="description"
        content={`${project.name}${builder ? ` by ${builder.name}` : ''} in ${place}. ${configurations(project)}, ${price}. ${possession}.`}
      />
      <link rel="canonical" href={canonical} />
      {/* spec §4 lead form flag: a visitor is offered a quick enquiry every 30 s. */}
      <LeadPrompt projectId={project.id} projectName={project.name} answeredBy={leadAnswerer(project)} />

      <Breadcrumb items={crumbs(project)} className="mb-4" />

      {prelaunch && (
        <div className="mb-5 flex flex-col gap-2 rounded-2xl bg-amber-50 px-4 py-3.5 ring-1 ring-amber-200 sm:flex-row sm:items-center sm:gap-4">
          <span className="w-fit rounded-full bg-amber-500 px-3 py-1 text-xs font-bold tracking-wide text-amber-950 uppercase">
            Pre-launch
          </span>
          <p className="text-sm text-amber-950">
            Launch expected soon
            {possessionMonth(project) ? `, possession planned for ${possessionMonth(project)}` : ''}. Register interest to hear
            first about launch prices and the best units.
          </p>
        </div>
      )}

      <SectionBoundary name="Photos" hydrateLater>
        <Gallery images={galleryImages(project)} name={project.name} />
      </SectionBoundary>

      <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-10">
        <div className="min-w-0 space-y-10">
          <header>
            <div className="flex flex-wrap gap-2">
              <span className="rounded-full bg-brand-50 px-2.5 py-1 text-xs font-semibold text-brand-800 ring-1 ring-brand-200">
                {propertyTypeLabel(project.type)}
              </span>
              {project.transactionTag && (
                <span className="rounded-full bg-slate-100 px-2.5 py-1 text-xs font-semibold text-slate-700">
                  {project.transactionTag}
                </span>
              )}
              {project.tags
                .filter((tag) => !(prelaunch && tag === 'Upcoming Launches'))
                .map((tag) => (
                  <span key={tag} className="rounded-full bg-amber-100 px-2.5 py-1 text-xs font-semibold text-amber-900">
                    {tag}
                  </span>
                ))}
            </div>
            <h1 className="mt-3 text-2xl font-extrabold tracking-tight text-balance text-slate-900 md:text-4xl">{project.name}</h1>
            {builder && (
              <p className="mt-1.5 flex items-center gap-1.5 text-slate-700">
                <BuildingIcon width={18} height={18} className="shrink-0 text-slate-400" />
                by{' '}
                <Link to={builderPath(builder)} className="font-semibold text-brand-700 hover:underline">
                  {builder.name}
                </Link>
              </p>
            )}
            <p className="mt-1 flex items-center gap-1.5 text-slate-700">
              <MapPinIcon width={18} height={18} className="shrink-0 text-slate-400" />
              {[project.location.name, project.zone?.name, project.city.name].filter(Boolean).join(', ')}
            </p>
            <p className="mt-4 text-3xl font-extrabold tracking-tight text-brand-800 md:text-4xl">{price}</p>
            <p className="mt-1 text-sm text-slate-600">{configurations(project)}</p>
            <div className="mt-5 flex flex-wrap gap-3">
              <a href="#enquiry" className="btn-primary">
                {prelaunch ? 'Register interest' : 'Enquire now'}
              </a>
              <CompareButton project={project} />
              <FavouriteButton project={project} variant="page" />
            </div>
          </header>

          <Section id="overview" title="Overview">
            <dl className="grid grid-cols-2 gap-2.5 sm:grid-cols-3">
              <Fact label="Status" value={constructionStage(project)} />
              <Fact label="Possession" value={possession} />
              <Fact label="Transaction" value={project.transactionTag ?? '-'} />
              <Fact label="Configurations" value={configurations(project)} />
              <Fact label="Area" value={area ?? '-'} />
              <Fact label="Units" value={String(project.units.length)} />
            </dl>
            <div className="mt-4">
              <ReraNote reraNumber={project.reraNumber} cityName={project.city.name} />
            </div>
          </Section>

          <Section id="units" title="Units and prices">
            <UnitsTable project={project} />
          </Section>

          {project.amenities.length > 0 && (
            <Section id="amenities" title="Amenities">
              <Amenities amenities={project.amenities} />
            </Section>
          )}

          {project.description && (
            <Section id="about" title={`About ${project.name}`}>
              <p className="leading-7 whitespace-pre-line text-slate-700">{project.description}</p>
            </Section>
          )}

          {builder && (
            <Section id="builder" title="About the builder">
              <div className="flex gap-4 rounded-2xl bg-white p-4 ring-1 ring-slate-200">
                {builder.logo && (
                  <SmartImage src={builder.logo} alt="" ratio="1 / 1" className="size-16 shrink-0 rounded-xl ring-1 ring-slate-200" />
                )}
                <div className="min-w-0">
                  <Link to={builderPath(builder)} className="font-bold text-slate-900 hover:text-brand-700 hover:underline">
                    {builder.name}
                  </Link>
                  {builder.establishedYear && (
                    <p className="flex items-center gap-1 text-sm text-slate-600">
                      <CalendarIcon width={14} height={14} /> Since {builder.establishedYear}
                    </p>
                  )}
                  {builder.description && <p className="mt-2 text-sm leading-6 text-slate-700">{builder.description}</p>}
                  <Link to={builderPath(builder)} className="mt-2 inline-block text-sm font-semibold text-brand-700 hover:underline">
                    All projects by {builder.name}
                  </Link>
                </div>
              </div>
            </Section>
          )}
        </div>

        <aside className="space-y-5 lg:sticky lg:top-20 lg:self-start" aria-label="Enquire and EMI">
          {lowestPrice.length > 0 && <EmiTeaserCard price={Math.min(...lowestPrice)} />}
          <section id="enquiry" aria-labelledby="enquiry-heading" className="scroll-mt-24 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
            <h2 id="enquiry-heading" className="text-lg font-bold text-slate-900">
              {enquiryTitle}
            </h2>
            <p className="mt-1 mb-4 flex items-start gap-1.5 text-sm text-slate-600">
              <ShieldCheckIcon width={16} height={16} className="mt-0.5 shrink-0 text-brand-700" />
              {prelaunch ? 'Be first to hear launch prices. No spam, no fees.' : 'Get the price list, floor plans and a site visit. No fees.'}
            </p>
            <SectionBoundary name="The enquiry form" hydrateLater>
              <EnquiryForm
                title={enquiryTitle}
                projectId={project.id}
                defaultMessage={`I'm interested in ${project.name}.`}
                submitLabel={prelaunch ? 'Register interest' : 'Send enquiry'}
              />
            </SectionBoundary>
          </section>
        </aside>
      </div>

      <div className="mt-12">
        <SectionBoundary name="Similar projects" hydrateLater>
          <SimilarProjects projectId={project.id} cityName={project.city.name} />
        </SectionBoundary>
      </div>
    </article>
  );
}

function DetailsSkeleton() {
  return (
    // Taller than the screen, so the footer does not show and then jump away when the page arrives.
    <div className="mx-auto min-h-[110dvh] max-w-7xl px-4 py-5 md:py-8 lg:px-8" aria-busy="true" aria-label="Loading property">
      <title>Loading property | Nivaas</title>
      <div className="mb-4 h-4 w-2/3 animate-pulse rounded bg-slate-200" />
      <div className="-mx-4 aspect-[3/2] animate-pulse bg-slate-200 sm:mx-0 sm:rounded-2xl md:aspect-auto md:h-[22rem] lg:h-[26rem]" />
      <div className="mt-6 space-y-3">
        <div className="h-5 w-24 animate-pulse rounded-full bg-slate-200" />
        <div className="h-9 w-3/4 animate-pulse rounded bg-slate-200" />
        <div className="h-4 w-1/2 animate-pulse rounded bg-slate-200" />
        <div className="h-9 w-40 animate-pulse rounded bg-slate-200" />
      </div>
    </div>
  );
}
