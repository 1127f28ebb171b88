import { initialsOf } from '../../../components/initials-avatar';
import { SmartImage } from '../../../components/smart-image';

/** A builder's logo on white, or its initials when it has none. */
export function BuilderLogo({ name, logo, size = 'md' }: { name: string; logo: string | null; size?: 'md' | 'lg' }) {
  const box = size === 'lg' ? 'size-20 md:size-24 text-2xl' : 'size-14 text-lg';
  if (!logo) {
    return (
      <span aria-hidden="true" className={`grid shrink-0 place-items-center rounded-xl bg-brand-50 font-extrabold text-brand-800 ring-1 ring-brand-100 ${box}`}>
        {initialsOf(name)}
      </span>
    );
  }
  return (
    <span className={`shrink-0 overflow-hidden rounded-xl bg-white ring-1 ring-slate-200 ${box}`}>
      <SmartImage src={logo} alt="" ratio="1 / 1" imgClassName="object-contain p-1.5" />
    </span>
  );
}
