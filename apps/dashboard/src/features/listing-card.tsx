import type { PendingListing } from '@nivaas/contracts/moderation.schema';
import type { Unit } from '@nivaas/contracts/project.schema';
import { formatDateTime, formatPriceRange } from '../lib/format';

const TYPE_LABELS: Record<string, string> = {
  apartment: 'Apartment',
  villa: 'Villa',
  plot: 'Plot',
  residentialhouse: 'Independent house',
  'pent house': 'Penthouse',
  studio: 'Studio',
};

/** spec §5 'Unit labels': a bedroom count reads '2 BHK'; a word ('Plot', 'Studio') stands alone. */
function unitLabel(unit: Unit): string {
  const type = unit.type.trim();
  return /^\d+$/.test(type) ? `${type} BHK` : type.charAt(0).toUpperCase() + type.slice(1);
}

/** spec §5: floor missing shows 'N/A'; other missing fields '-'. */
const orDash = (value: string | number | null) => (value === null || value === '' ? '-' : String(value));

interface ListingCardProps {
  listing: PendingListing;
  busy: boolean;
  onApprove: () => void;
  onReject: () => void;
}

export function ListingCard({ listing, busy, onApprove, onReject }: ListingCardProps) {
  const place = [listing.location.name, listing.zone?.name, listing.city.name].filter(Boolean).join(', ');
  const remarks = Object.entries(listing.remarks).sort(([a], [b]) => b.localeCompare(a));
  // The first photo large and two more small: enough to judge, and an even grid.
  const photos = listing.medias.slice(0, 3);
  const headingId = `listing-${listing.id}-name`;
  const resubmitted = listing.updatedAt !== listing.createdAt && remarks.length > 0;

  return (
    <article aria-labelledby={headingId} className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <div className="grid gap-0 md:grid-cols-[16rem_1fr]">
        <div className="bg-slate-100">
          {photos.length > 0 ? (
            <ul className="grid grid-cols-2 gap-0.5" aria-label={`Photos of ${listing.name}`}>
              {photos.map((media, index) => (
                <li key={`${media.url}-${index}`} className={index === 0 ? 'col-span-2' : ''}>
                  <img
                    src={media.url}
                    alt={`${listing.name}, photo ${index + 1} of ${listing.medias.length}`}
                    loading="lazy"
                    decoding="async"
                    width={index === 0 ? 512 : 256}
                    height={index === 0 ? 288 : 160}
                    className={`w-full object-cover ${index === 0 ? 'aspect-video' : 'aspect-[8/5]'}`}
                  />
                </li>
              ))}
            </ul>
          ) : null}
          {listing.medias.length > photos.length ? (
            <p className="px-3 py-1.5 text-xs text-slate-600">{listing.medias.length} photos in all</p>
          ) : null}
          {photos.length === 0 ? (
            <p className="flex aspect-video items-center justify-center text-sm text-slate-500">No photos uploaded</p>
          ) : null}
        </div>

        <div className="min-w-0 p-4">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div className="min-w-0">
              <h3 id={headingId} className="text-lg font-bold break-words text-slate-900">
                {listing.name}
              </h3>
              <p className="text-sm text-slate-600">
                {TYPE_LABELS[listing.type] ?? listing.type}
                {listing.transactionTag ? ` · ${listing.transactionTag}` : ''} · {place}
              </p>
            </div>
            <span
              className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${resubmitted ? 'bg-amber-100 text-amber-900' : 'bg-sky-100 text-sky-900'}`}
            >
              {resubmitted ? 'Resubmitted' : 'New'}
            </span>
          </div>

          <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
            <div className="flex gap-2">
              <dt className="text-slate-500">Owner</dt>
              <dd className="min-w-0 font-medium break-words text-slate-900">
                {listing.owner ? (
                  <>
                      {listing.owner.name ?? 'No name given'}{' '}
                      <span className="font-normal text-slate-600">({listing.owner.kind})</span>
                  </>
                ) : (
                  'Unknown'
                )}
              </dd>
            </div>
            <div className="flex gap-2">
              <dt className="text-slate-500">Submitted</dt>
              <dd className="text-slate-900">
                <time dateTime={listing.updatedAt}>{formatDateTime(listing.updatedAt)}</time>
              </dd>
            </div>
            {listing.owner?.phone || listing.owner?.email ? (
              <div className="flex gap-2 sm:col-span-2">
                <dt className="text-slate-500">Contact</dt>
                <dd className="min-w-0 break-words text-slate-900">
                  {[listing.owner.phone, listing.owner.email].filter(Boolean).join(' · ')}
                </dd>
              </div>
            ) : null}
          </dl>

          {listing.units.length > 0 ? (
            <>
              {/* Phones: one short block per unit instead of a table that would scroll sideways. */}
              <ul className="mt-3 space-y-2 text-sm sm:hidden" aria-label={`Units of ${listing.name}`}>
                {listing.units.map((unit) => (
                  <li key={unit.id} className="rounded-lg bg-slate-50 px-3 py-2">
                    <p className="font-medium text-slate-900">
                      {unitLabel(unit)} · {formatPriceRange(unit.minPrice, unit.maxPrice)}
                    </p>
                    <p className="text-slate-600">
                      {[
                        unit.exteriorArea === null ? null : `${unit.exteriorArea} sq ft`,
                        unit.facing ? `${unit.facing} facing` : null,
                        `Floor ${unit.floors ?? 'N/A'}`,
                        unit.furnishing,
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </p>
                  </li>
                ))}
              </ul>
              <div className="mt-3 hidden overflow-x-auto sm:block">
                <table className="w-full text-left text-sm">
                  <caption className="sr-only">Units of {listing.name}</caption>
                  <thead className="text-xs text-slate-500 uppercase">
                    <tr>
                      <th scope="col" className="py-1 pr-3 font-semibold">Unit</th>
                      <th scope="col" className="py-1 pr-3 font-semibold">Exp. Price</th>
                      <th scope="col" className="py-1 pr-3 font-semibold">Size</th>
                      <th scope="col" className="py-1 pr-3 font-semibold">Facing</th>
                      <th scope="col" className="py-1 pr-3 font-semibold">Floor</th>
                      <th scope="col" className="py-1 font-semibold">Furnishing</th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100">
                    {listing.units.map((unit) => (
                      <tr key={unit.id}>
                        <td className="py-1 pr-3 font-medium text-slate-900">{unitLabel(unit)}</td>
                        <td className="py-1 pr-3 whitespace-nowrap text-slate-900">{formatPriceRange(unit.minPrice, unit.maxPrice)}</td>
                        <td className="py-1 pr-3 whitespace-nowrap">{unit.exteriorArea === null ? '-' : `${unit.exteriorArea} sq ft`}</td>
                        <td className="py-1 pr-3">{orDash(unit.facing)}</td>
                        <td className="py-1 pr-3">{unit.floors ?? 'N/A'}</td>
                        <td className="py-1">{orDash(unit.furnishing)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          ) : (
            <p className="mt-3 text-sm text-slate-600">No units listed.</p>
          )}

          {remarks.length > 0 ? (
            <details className="mt-3 rounded-lg bg-slate-50 px-3 py-2 text-sm">
              <summary className="cursor-pointer font-medium text-slate-800">Earlier remarks ({remarks.length})</summary>
              <ul className="mt-2 space-y-1">
                {remarks.map(([at, message]) => (
                  <li key={at}>
                    <time dateTime={at} className="text-slate-500">
                      {formatDateTime(at)}
                    </time>{' '}
                    <span className="text-slate-800">{message}</span>
                  </li>
                ))}
              </ul>
            </details>
          ) : null}

          <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:justify-end">
            <button type="button" className="pc-btn-secondary" onClick={onReject} disabled={busy} aria-describedby={headingId}>
              Reject
            </button>
            <button type="button" className="pc-btn-primary" onClick={onApprove} disabled={busy} aria-describedby={headingId}>
              {busy ? 'Saving…' : 'Approve'}
            </button>
          </div>
        </div>
      </div>
    </article>
  );
}
