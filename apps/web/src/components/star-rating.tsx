const STAR = 'M12 2.8l2.8 5.8 6.3.9-4.6 4.4 1.1 6.3L12 17.2l-5.6 3 1.1-6.3L2.9 9.5l6.3-.9z';

/** Five stars filled to `value` (0–5, halves and tenths shown proportionally). The label carries the number. */
export function StarRating({ value, size = 16, className = '' }: { value: number; size?: number; className?: string }) {
  const clamped = Math.max(0, Math.min(5, value));
  return (
    <span role="img" aria-label={`${clamped.toFixed(1)} out of 5 stars`} className={`inline-flex gap-0.5 ${className}`}>
      {Array.from({ length: 5 }, (_, i) => {
        const fill = Math.max(0, Math.min(1, clamped - i));
        return (
          <span key={i} className="relative inline-block" style={{ width: size, height: size }}>
            <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false" className="absolute inset-0 text-slate-300">
              <path d={STAR} fill="currentColor" />
            </svg>
            <span className="absolute inset-y-0 left-0 overflow-hidden" style={{ width: `${fill * 100}%` }}>
              <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false" className="text-amber-400">
                <path d={STAR} fill="currentColor" />
              </svg>
            </span>
          </span>
        );
      })}
    </span>
  );
}
