import { CheckIcon } from '../../../components/icons';

export function Amenities({ amenities }: { amenities: readonly string[] }) {
  return (
    <ul className="grid grid-cols-2 gap-2 xl:grid-cols-3">
      {amenities.map((amenity) => (
        <li key={amenity} className="flex items-center gap-2.5 rounded-xl bg-white px-2.5 py-2.5 text-sm font-medium sm:px-3.5 text-slate-800 ring-1 ring-slate-200">
          <span className="grid size-6 shrink-0 place-items-center rounded-full bg-brand-50 text-brand-700">
            <CheckIcon width={14} height={14} />
          </span>
          {amenity}
        </li>
      ))}
    </ul>
  );
}
