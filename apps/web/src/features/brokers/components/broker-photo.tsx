import { initialsOf } from '../../../components/initials-avatar';
import { SmartImage } from '../../../components/smart-image';

/** A broker's photo in a circle, or their initials when they have none. */
export function BrokerPhoto({ name, photo, size = 'md' }: { name: string; photo: string | null; size?: 'md' | 'lg' }) {
  const box = size === 'lg' ? 'size-24 md:size-28 text-3xl' : 'size-16 text-xl';
  if (!photo) {
    return (
      <span aria-hidden="true" className={`grid shrink-0 place-items-center rounded-full bg-brand-100 font-extrabold text-brand-800 ${box}`}>
        {initialsOf(name)}
      </span>
    );
  }
  return (
    <span className={`shrink-0 overflow-hidden rounded-full ring-2 ring-white ${box}`}>
      <SmartImage src={photo} alt="" ratio="1 / 1" />
    </span>
  );
}

const memberFormat = new Intl.DateTimeFormat('en-IN', { month: 'short', year: 'numeric' });

/** 'Oct 2024' from the YYYY-MM-DD join date. */
export function memberSince(date: string): string | null {
  const when = new Date(date);
  return Number.isNaN(when.getTime()) ? null : memberFormat.format(when);
}
