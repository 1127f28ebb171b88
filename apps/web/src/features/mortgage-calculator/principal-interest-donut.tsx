/** Circumference of a circle of radius 15.9155: 100, so dash lengths read as percentages. */
const R = 15.9155;

interface DonutProps {
  principal: number;
  interest: number;
}

/**
 * The principal/interest split as a ring. Decorative for screen readers: the same figures are
 * in the list beside it.
 */
export function PrincipalInterestDonut({ principal, interest }: DonutProps) {
  const total = principal + interest;
  const principalPercent = total > 0 ? (principal / total) * 100 : 100;
  return (
    <div className="relative size-32 shrink-0 md:size-36">
      <svg viewBox="0 0 36 36" className="size-full -rotate-90" aria-hidden="true" focusable="false">
        <circle cx="18" cy="18" r={R} fill="none" stroke="var(--color-amber-300)" strokeWidth="4.5" />
        <circle
          cx="18"
          cy="18"
          r={R}
          fill="none"
          stroke="white"
          strokeWidth="4.5"
          strokeDasharray={`${principalPercent} ${100 - principalPercent}`}
        />
      </svg>
      <span className="absolute inset-0 flex flex-col items-center justify-center text-center">
        <span className="text-2xl font-extrabold">{Math.round(100 - principalPercent)}%</span>
        <span className="text-[11px] leading-tight text-brand-100">interest</span>
      </span>
    </div>
  );
}
