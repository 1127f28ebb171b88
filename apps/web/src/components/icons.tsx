import type { ReactNode, SVGProps } from 'react';

type IconProps = SVGProps<SVGSVGElement>;

// Inline SVG keeps icons in the JS that already ships: no icon font, no extra request.
function StrokeIcon({ children, ...props }: IconProps & { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

export const MenuIcon = (p: IconProps) => (
  <StrokeIcon {...p}>
    <path d="M4 6h16M4 12h16M4 18h16" />
  </StrokeIcon>
);
export const CloseIcon = (p: IconProps) => (
  <StrokeIcon {...p}>
    <path d="M6 6l12 12M18 6 6 18" />
  </StrokeIcon>
);
export const MapPinIcon = (p: IconProps) => (
  <StrokeIcon {...p}>
    <path d="M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21z" />
    <circle cx="12" cy="9.5" r="2.5" />
  </StrokeIcon>
);
export const ChevronDownIcon = (p: IconProps) => (
  <StrokeIcon {...p}>
    <path d="m6 9 6 6 6-6" />
  </StrokeIcon>
);
export const ArrowRightIcon = (p: IconProps) => (
  <StrokeIcon {...p}>
    <path d="M5 12h14M13 6l6 6-6 6" />
  </StrokeIcon>
);
export const PauseIcon = (p: IconProps) => (
  <StrokeIcon {...p}>
    <path d="M9 6v12M15 6v12" />
  </StrokeIcon>
);
export const PlayIcon = (p: IconProps) => (
  <StrokeIcon {...p}>
    <path d="M8 5.5v13l10.5-6.5z" />
  </StrokeIcon>
);
export const UserIcon = (p: IconProps) => (
  <StrokeIcon {...p}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21a8 8 0 0 1 16 0" />
  </StrokeIcon>
);
export const ShieldCheckIcon = (p: IconProps) => (
  <StrokeIcon {...p}>
    <path d="M12 3 20 6v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z" />
    <path d="m9 12 2 2 4-4" />
  </StrokeIcon>
);
export const DocumentCheckIcon = (p: IconProps) => (
  <StrokeIcon {...p}>
    <path d="M14 3H6.5A1.5 1.5 0 0 0 5 4.5v15A1.5 1.5 0 0 0 6.5 21h11a1.5 1.5 0 0 0 1.5-1.5V8z" />
    <path d="M14 3v5h5M9 14.5l2 2 4-4" />
  </StrokeIcon>
);
export const RupeeIcon = (p: IconProps) => (
  <StrokeIcon {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="M9 7.5h6M9 10.5h6M9.5 7.5h1a3 3 0 0 1 0 6h-1.5l4.5 3.5" />
  </StrokeIcon>
);
export const CalculatorIcon = (p: IconProps) => (
  <StrokeIcon {...p}>
    <rect x="5" y="3" width="14" height="18" rx="2" />
    <path d="M8.5 7h7M8.5 11h.01M12 11h.01M15.5 11h.01M8.5 14.5h.01M12 14.5h.01M15.5 14.5h.01M8.5 18h.01M12 18h.01M15.5 18h.01" />
  </StrokeIcon>
);
export const BuildingIcon = (p: IconProps) => (
  <StrokeIcon {...p}>
    <path d="M4 21V4.5a1 1 0 0 1 1-1h9a1 1 0 0 1 1 1V21M15 9h4a1 1 0 0 1 1 1v11M2.5 21h19M8 7.5h3M8 11h3M8 14.5h3" />
  </StrokeIcon>
);
export const HomeIcon = (p: IconProps) => (
  <StrokeIcon {...p}>
    <path d="m3.5 11 8.5-7.5 8.5 7.5M6 9.5V20h12V9.5M10 20v-5h4v5" />
  </StrokeIcon>
);
export const RefreshIcon = (p: IconProps) => (
  <StrokeIcon {...p}>
    <path d="M20 12a8 8 0 1 1-2.34-5.66M20 4v4.5h-4.5" />
  </StrokeIcon>
);

export const FacebookIcon = (p: IconProps) => (
  <svg viewBox="0 0 24 24" width="24" height="24" fill="currentColor" aria-hidden="true" focusable="false" {...p}>
    <path d="M13.5 21.9v-7.4h2.5l.4-2.9h-2.9V9.8c0-.8.3-1.4 1.5-1.4h1.5V5.8a20 20 0 0 0-2.2-.1c-2.2 0-3.7 1.3-3.7 3.8v2.1H8.1v2.9h2.5v7.4a10 10 0 1 1 2.9 0z" />
  </svg>
);
export const InstagramIcon = (p: IconProps) => (
  <StrokeIcon {...p}>
    <rect x="3.5" y="3.5" width="17" height="17" rx="5" />
    <circle cx="12" cy="12" r="4" />
    <path d="M17.2 6.8h.01" strokeWidth="2.5" />
  </StrokeIcon>
);
export const TwitterIcon = (p: IconProps) => (
  <svg viewBox="0 0 24 24" width="24" height="24" fill="currentColor" aria-hidden="true" focusable="false" {...p}>
    <path d="M17.8 3h3.1l-6.8 7.7 8 10.3h-6.2l-4.9-6.3L5.4 21H2.3l7.2-8.3L1.9 3h6.4l4.4 5.8zm-1.1 16.2h1.7L7.4 4.7H5.6z" />
  </svg>
);
export const YouTubeIcon = (p: IconProps) => (
  <svg viewBox="0 0 24 24" width="24" height="24" fill="currentColor" aria-hidden="true" focusable="false" {...p}>
    <path d="M21.6 7.2a2.5 2.5 0 0 0-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4a2.5 2.5 0 0 0-1.8 1.8C2 8.8 2 12 2 12s0 3.2.4 4.8a2.5 2.5 0 0 0 1.8 1.8C5.8 19 12 19 12 19s6.2 0 7.8-.4a2.5 2.5 0 0 0 1.8-1.8c.4-1.6.4-4.8.4-4.8s0-3.2-.4-4.8zM10 15V9l5.2 3z" />
  </svg>
);
export const SearchIcon = (p: IconProps) => (
  <StrokeIcon {...p}>
    <circle cx="11" cy="11" r="6.5" />
    <path d="m20 20-4.2-4.2" />
  </StrokeIcon>
);
export const SlidersIcon = (p: IconProps) => (
  <StrokeIcon {...p}>
    <path d="M4 7h10M18 7h2M4 17h4M12 17h8" />
    <circle cx="16" cy="7" r="2" />
    <circle cx="10" cy="17" r="2" />
  </StrokeIcon>
);
export const CompareIcon = (p: IconProps) => (
  <StrokeIcon {...p}>
    <rect x="3.5" y="4.5" width="7" height="15" rx="1.5" />
    <rect x="13.5" y="4.5" width="7" height="15" rx="1.5" />
  </StrokeIcon>
);
export const CheckIcon = (p: IconProps) => (
  <StrokeIcon {...p}>
    <path d="m5 12.5 4.5 4.5L19 7.5" />
  </StrokeIcon>
);
export const ChevronLeftIcon = (p: IconProps) => (
  <StrokeIcon {...p}>
    <path d="m15 6-6 6 6 6" />
  </StrokeIcon>
);
export const ChevronRightIcon = (p: IconProps) => (
  <StrokeIcon {...p}>
    <path d="m9 6 6 6-6 6" />
  </StrokeIcon>
);
export const TrashIcon = (p: IconProps) => (
  <StrokeIcon {...p}>
    <path d="M4 7h16M9 7V4.5h6V7M6.5 7l1 12.5h9l1-12.5M10 11v5M14 11v5" />
  </StrokeIcon>
);
export const CalendarIcon = (p: IconProps) => (
  <StrokeIcon {...p}>
    <rect x="4" y="5" width="16" height="15" rx="2" />
    <path d="M4 10h16M9 3v4M15 3v4" />
  </StrokeIcon>
);
export const ExternalLinkIcon = (p: IconProps) => (
  <StrokeIcon {...p}>
    <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
  </StrokeIcon>
);
export const ExpandIcon = (p: IconProps) => (
  <StrokeIcon {...p}>
    <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />
  </StrokeIcon>
);
