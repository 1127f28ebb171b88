import { Link } from 'react-router';
import { SearchCombobox } from '../../../domain/search/search-combobox';

/** An unknown id, or a project that is not public (pending, rejected or switched off): same answer. */
export function ProjectNotFound() {
  return (
    <section className="mx-auto max-w-2xl px-4 py-16 md:py-24" aria-labelledby="project-not-found-heading">
      <title>Property not found | Nivaas</title>
      <meta name="robots" content="noindex" />
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Not available</p>
      <h1 id="project-not-found-heading" className="mt-2 text-3xl font-bold tracking-tight text-slate-900 md:text-4xl">
        This property is not on Nivaas
      </h1>
      <p className="mt-4 text-slate-600">
        It may have been sold out or taken off the portal, or the link may be mistyped. Search for another home in the
        same locality instead.
      </p>
      <SearchCombobox variant="hero" className="mt-8" />
      <div className="mt-6">
        <Link to="/" className="font-semibold text-brand-700 hover:underline">
          Go to the home page
        </Link>
      </div>
    </section>
  );
}
