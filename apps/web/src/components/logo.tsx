interface LogoProps {
  /** 'light' for dark backgrounds such as the footer. */
  tone?: 'dark' | 'light';
  className?: string;
  /** The mark alone on the narrowest phones, where the navbar needs the width for the city and the help chat. */
  compact?: boolean;
}

/** The Nivaas mark and wordmark. The link around it carries the accessible name. */
export function Logo({ tone = 'dark', className = '', compact = false }: LogoProps) {
  return (
    <span className={`inline-flex items-center gap-2 ${className}`}>
      <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false" className="shrink-0">
        <rect width="32" height="32" rx="8" fill="#196357" />
        <path
          d="M7 15.5 16 8l9 7.5"
          fill="none"
          stroke="#fbbf24"
          strokeWidth="2.6"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <path d="M10 14.5V24h12v-9.5" fill="none" stroke="#fff" strokeWidth="2.6" strokeLinejoin="round" />
        <rect x="14" y="17.5" width="4" height="6.5" rx="1" fill="#fff" />
      </svg>
      <span
        className={`text-xl font-extrabold tracking-tight ${tone === 'light' ? 'text-white' : 'text-brand-900'} ${compact ? 'hidden min-[420px]:inline' : ''}`}
      >
        Nivaas
      </span>
    </span>
  );
}
