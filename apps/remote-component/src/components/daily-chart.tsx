import { useEffect, useRef } from 'react';
import type { ListingDay } from '@nivaas/contracts/analytics.schema';
import { formatCount, formatDay } from '../lib/format';
import 'uplot/dist/uPlot.min.css';

/** Ticks fall on whole days (1, 2, 7, 14 or 30), never within a day: the figures are per day. */
const DAY_STEPS = [1, 2, 7, 14, 30].map((days) => days * 86_400);

const SERIES = [
  { key: 'views', label: 'Views', stroke: '#1d786b' },
  { key: 'visitors', label: 'Visitors', stroke: '#2563eb' },
  { key: 'enquiries', label: 'Enquiries', stroke: '#c2410c' },
] as const;

/**
 * The daily series drawn with uPlot (docs/decisions/018-analytics-charts.md). The canvas is hidden from screen
 * readers: the table of the same days next to it is their equivalent. uPlot is loaded with the chart, so a failure
 * to draw (no canvas) leaves the table, never a broken screen.
 */
export function DailyChart({ daily }: { daily: readonly ListingDay[] }) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let plot: { destroy(): void; setSize(size: { width: number; height: number }): void } | null = null;
    let observer: ResizeObserver | null = null;
    let live = true;
    const height = () => (element.clientWidth < 500 ? 200 : 260);
    // uPlot draws on a 2D canvas and fails later (in a microtask, out of reach of a catch) without one.
    if (document.createElement('canvas').getContext('2d') === null) return;
    void import('uplot')
      .then(({ default: UPlot }) => {
        if (!live) return;
        const x = daily.map((day) => Date.parse(`${day.day}T00:00:00Z`) / 1000);
        plot = new UPlot(
          {
            width: Math.max(element.clientWidth, 280),
            height: height(),
            tzDate: (seconds) => UPlot.tzDate(new Date(seconds * 1000), 'UTC'),
            legend: { show: true },
            cursor: { drag: { x: false, y: false } },
            scales: { x: { time: true } },
            // Day ticks as '24 Nov' (en-IN), not the library's US month/day.
            axes: [{ incrs: DAY_STEPS, values: (_plot, ticks) => ticks.map((tick) => formatDay(new Date(tick * 1000).toISOString().slice(0, 10))) }, { values: (_plot, ticks) => ticks.map((tick) => formatCount(tick)), size: 56 }],
            series: [{}, ...SERIES.map((series) => ({ label: series.label, stroke: series.stroke, width: 2, value: (_p: unknown, v: number | null) => (v === null ? '–' : formatCount(v)) }))],
          },
          [x, ...SERIES.map((series) => daily.map((day) => day[series.key]))],
          element,
        );
        if (typeof ResizeObserver !== 'undefined') {
          observer = new ResizeObserver(() => plot?.setSize({ width: Math.max(element.clientWidth, 280), height: height() }));
          observer.observe(element);
        }
      })
      .catch(() => {
        // No canvas (an old browser, a test DOM): the table below carries the same figures.
      });
    return () => {
      live = false;
      observer?.disconnect();
      plot?.destroy();
    };
  }, [daily]);

  return <div ref={box} aria-hidden="true" data-testid="daily-chart" className="min-h-[200px] w-full overflow-hidden" />;
}
