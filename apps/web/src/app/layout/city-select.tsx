import { useId } from 'react';
import { ChevronDownIcon, MapPinIcon } from '../../components/icons';
import { useSelectCity, useSelectedCity } from '../../domain/city/use-selected-city';

/**
 * A native select: on a phone it opens the system picker, which is faster and more accessible than
 * any custom dropdown, and it costs no JavaScript.
 */
export function CitySelect({ className = '' }: { className?: string }) {
  const id = useId();
  const { name, cities } = useSelectedCity();
  const selectCity = useSelectCity();
  // Until the list arrives (or if it fails) the stored choice is still shown.
  const options = cities && cities.length > 0 ? cities.map((city) => city.name) : [name];

  return (
    <div className={`relative ${className}`}>
      <label htmlFor={id} className="sr-only">
        City
      </label>
      <MapPinIcon
        width={16}
        height={16}
        className="pointer-events-none absolute top-1/2 left-2.5 -translate-y-1/2 text-brand-700"
      />
      <select
        id={id}
        value={name}
        onChange={(event) => selectCity(event.target.value)}
        className="h-9 w-full max-w-[9.5rem] cursor-pointer appearance-none truncate rounded-full border border-slate-200 bg-slate-50 py-1 pr-8 pl-8 text-sm font-semibold text-slate-800 transition-colors hover:border-brand-300 hover:bg-white md:max-w-[12rem]"
      >
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
      <ChevronDownIcon
        width={16}
        height={16}
        className="pointer-events-none absolute top-1/2 right-2.5 -translate-y-1/2 text-slate-500"
      />
    </div>
  );
}
