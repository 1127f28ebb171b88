import { SmartImage } from './smart-image';

/** 'Sobha Limited' -> 'SL'; words without a letter ('&', '-') are skipped, so 'Kaveri & Sons' -> 'KS'. */
export function initialsOf(name: string): string {
  const words = name.split(/\s+/).filter((word) => /\p{L}/u.test(word));
  return words.slice(0, 2).map((word) => word[0]?.toUpperCase() ?? '').join('') || '?';
}

interface InitialsAvatarProps {
  name: string;
  src: string | null;
  /** 'round' for people, 'square' for company logos. */
  shape?: 'round' | 'square';
  className?: string;
}

/** A photo or logo, or the name's initials when there is none, in a fixed square so nothing shifts. */
export function InitialsAvatar({ name, src, shape = 'round', className = 'size-14' }: InitialsAvatarProps) {
  const rounding = shape === 'round' ? 'rounded-full' : 'rounded-xl';
  if (!src) {
    return (
      <span
        aria-hidden="true"
        className={`grid shrink-0 place-items-center bg-brand-100 text-lg font-extrabold text-brand-800 ${rounding} ${className}`}
      >
        {initialsOf(name)}
      </span>
    );
  }
  return (
    <span className={`shrink-0 overflow-hidden ring-1 ring-slate-200 ${rounding} ${className}`}>
      <SmartImage src={src} alt="" ratio="1 / 1" />
    </span>
  );
}
