import { useState } from 'react';
import { UserIcon } from './icons';

interface AccountAvatarProps {
  photo: string | null;
  className?: string;
}

/** spec §2: the account's photo, or the default figure when there is none (or it fails to load). */
export function AccountAvatar({ photo, className = 'size-14' }: AccountAvatarProps) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!photo || failed === photo) {
    return (
      <span aria-hidden="true" className={`grid shrink-0 place-items-center rounded-full bg-brand-100 text-brand-800 ${className}`}>
        <UserIcon width="55%" height="55%" />
      </span>
    );
  }
  return (
    <img
      src={photo}
      alt=""
      onError={() => setFailed(photo)}
      className={`shrink-0 rounded-full bg-slate-100 object-cover ${className}`}
    />
  );
}
