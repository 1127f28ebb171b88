import { useLayoutEffect, useRef, useState } from 'react';
import { formatPrice } from '../../lib/format-price';
import { axisLabel, niceCeiling } from './chart-scale';
import type { YearRow } from './emi';

const HEIGHT = 260;
const MARGIN = { top: 16, right: 58, bottom: 30, left: 54 };
const TICKS = 4;

/** The chart is drawn at the width it is given, so its labels stay readable on a 375 px phone. */
function useWidth<T extends HTMLElement>(fallback: number) {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(fallback);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setWidth(Math.max(280, Math.round(element.clientWidth || fallback)));
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [fallback]);
  return [ref, width] as const;
}

interface AmortisationChartProps {
  rows: readonly YearRow[];
  principal: number;
}

/**
 * Each loan year as a bar of principal (green) and interest (amber), with the balance still owed as
 * a line on the right-hand scale. The yearly table below carries the same figures for screen readers.
 */
export function AmortisationChart({ rows, principal }: AmortisationChartProps) {
  const [frame, width] = useWidth<HTMLDivElement>(720);
  const plotWidth = width - MARGIN.left - MARGIN.right;
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const yearlyMax = niceCeiling(Math.max(...rows.map((row) => row.principalPaid + row.interestPaid), 0));
  const balanceMax = niceCeiling(principal);
  const slot = plotWidth / Math.max(rows.length, 1);
  const barWidth = Math.max(2, Math.min(28, slot * 0.7));
  const y = (value: number) => MARGIN.top + plotHeight - (value / yearlyMax) * plotHeight;
  const yBalance = (value: number) => MARGIN.top + plotHeight - (value / balanceMax) * plotHeight;
  const x = (index: number) => MARGIN.left + slot * index + slot / 2;
  // At most about eight year labels, whatever the tenure.
  const labelEvery = Math.max(1, Math.ceil(rows.length / Math.max(4, Math.floor(plotWidth / 70))));
  const balancePoints = [
    `${MARGIN.left},${yBalance(principal)}`,
    ...rows.map((row, index) => `${x(index)},${yBalance(row.closingBalance)}`),
  ].join(' ');
  const first = rows[0];
  const last = rows.at(-1);
  const summary =
    first && last
      ? `In year 1 you pay ${formatPrice(first.principalPaid)} of principal and ${formatPrice(first.interestPaid)} of interest; in year ${last.year}, ${formatPrice(last.principalPaid)} and ${formatPrice(last.interestPaid)}.`
      : '';

  return (
    <figure className="m-0">
      <div ref={frame} className="w-full">
        <svg
          width={width}
          height={HEIGHT}
          viewBox={`0 0 ${width} ${HEIGHT}`}
          role="img"
          aria-label={`Yearly principal and interest, and the balance left. ${summary}`}
          className="block max-w-full text-slate-500"
        >
          {Array.from({ length: TICKS + 1 }, (_, i) => {
            const fraction = i / TICKS;
            const lineY = MARGIN.top + plotHeight - fraction * plotHeight;
            return (
              <g key={i} fontSize="11" fill="currentColor">
                <line x1={MARGIN.left} x2={width - MARGIN.right} y1={lineY} y2={lineY} stroke="#e2e8f0" />
                <text x={MARGIN.left - 6} y={lineY + 4} textAnchor="end">
                  {axisLabel(yearlyMax * fraction)}
                </text>
                <text x={width - MARGIN.right + 6} y={lineY + 4} textAnchor="start">
                  {axisLabel(balanceMax * fraction)}
                </text>
              </g>
            );
          })}
          {rows.map((row, index) => {
            const interestTop = y(row.principalPaid + row.interestPaid);
            const principalTop = y(row.principalPaid);
            return (
              <g key={row.year}>
                <rect
                  x={x(index) - barWidth / 2}
                  y={principalTop}
                  width={barWidth}
                  height={MARGIN.top + plotHeight - principalTop}
                  fill="var(--color-brand-600)"
                />
                <rect
                  x={x(index) - barWidth / 2}
                  y={interestTop}
                  width={barWidth}
                  height={principalTop - interestTop}
                  fill="var(--color-amber-400)"
                />
                {(index % labelEvery === 0 || index === rows.length - 1) && (
                  <text x={x(index)} y={HEIGHT - 10} textAnchor="middle" fontSize="11" fill="currentColor">
                    {row.year}
                  </text>
                )}
              </g>
            );
          })}
          <polyline points={balancePoints} fill="none" stroke="var(--color-slate-800)" strokeWidth="2" strokeLinejoin="round" />
        </svg>
      </div>
      <figcaption className="mt-3 flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-slate-600">
        <span className="flex items-center gap-2">
          <span className="size-3 rounded-sm bg-brand-600" aria-hidden="true" />
          Principal paid that year
        </span>
        <span className="flex items-center gap-2">
          <span className="size-3 rounded-sm bg-amber-400" aria-hidden="true" />
          Interest paid that year
        </span>
        <span className="flex items-center gap-2">
          <span className="h-0.5 w-4 bg-slate-800" aria-hidden="true" />
          Balance left (right-hand scale)
        </span>
        <span className="text-xs text-slate-500">Loan year along the bottom</span>
      </figcaption>
    </figure>
  );
}
