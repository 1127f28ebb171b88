import { useEffect, useRef } from 'react';
import { formatCount } from '../lib/format';
import 'uplot/dist/uPlot.min.css';

export interface ChartSeries<Row> {
  label: string;
  stroke: string;
  value: (row: Row) => number;
}

/**
 * A daily time series drawn with uPlot (the same small-wrapper approach as the broker insights remote; decision
 * 018). The canvas is hidden from screen readers: the table of the same days next to each chart is their
 * equivalent. uPlot loads with the first chart, so the overview's figures and tables do not wait for it, and a
 * browser that cannot draw still has the table.
 */
function canDraw(): boolean {
  try {
    return document.createElement('canvas').getContext('2d') !== null;
  } catch {
    return false;
  }
}

export function DailyChart<Row extends { day: string }>({ rows, series, label }: { rows: readonly Row[]; series: readonly ChartSeries<Row>[]; label: string }) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = box.current;
    // Without a 2D canvas (a test DOM, a locked-down browser) uPlot fails after construction: leave it to the table.
    if (!element || !canDraw()) return;
    let plot: { destroy(): void; setSize(size: { width: number; height: number }): void } | null = null;
    let observer: ResizeObserver | null = null;
    let live = true;
    const size = () => ({ width: Math.max(element.clientWidth, 260), height: element.clientWidth < 500 ? 200 : 240 });
    void import('uplot')
      .then(({ default: UPlot }) => {
        if (!live) return;
        // Days are India calendar days: drawn as UTC midnights so the axis shows the same date everywhere.
        const x = rows.map((row) => Date.parse(`${row.day}T00:00:00Z`) / 1000);
        plot = new UPlot(
          {
            ...size(),
            tzDate: (seconds) => UPlot.tzDate(new Date(seconds * 1000), 'UTC'),
            cursor: { drag: { x: false, y: false } },
            scales: { x: { time: true } },
            axes: [{}, { values: (_plot, ticks) => ticks.map((tick) => formatCount(tick)), size: 56 }],
            series: [
              {},
              ...series.map((line) => ({
                label: line.label,
                stroke: line.stroke,
                width: 2,
                value: (_plot: unknown, value: number | null) => (value === null ? '–' : formatCount(value)),
              })),
            ],
          },
          [x, ...series.map((line) => rows.map(line.value))],
          element,
        );
        if (typeof ResizeObserver !== 'undefined') {
          observer = new ResizeObserver(() => plot?.setSize(size()));
          observer.observe(element);
        }
      })
      .catch(() => {
        // No canvas (a test DOM, an old browser): the table carries the same figures.
      });
    return () => {
      live = false;
      observer?.disconnect();
      plot?.destroy();
    };
  }, [rows, series]);

  return <div ref={box} aria-hidden="true" data-testid="daily-chart" data-label={label} className="min-h-[200px] w-full overflow-hidden" />;
}
