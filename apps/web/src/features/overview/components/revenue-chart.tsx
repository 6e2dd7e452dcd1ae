import { overviewMessages as m, type OverviewDay } from '@store/shared';
import { useEffect, useRef, useState } from 'react';
import type uPlot from 'uplot';
import { formatPrice, formatQuantity } from '../../../lib/format';
import { longDay, shortDay } from './day-label';

const HEIGHT = 240;

/** The theme's colour, read from daisyUI's variables so the chart follows the page's palette. */
const themeColour = (element: Element, name: string, fallback: string) =>
  getComputedStyle(element).getPropertyValue(name).trim() || fallback;

/**
 * The last 30 days' revenue as bars, drawn by uPlot (about 20 kB gzipped), which loads only
 * with this chart, after the page's figures are on screen. The chart is a picture for sighted
 * readers (hidden from screen readers); the same figures are in the table that follows it, read
 * by screen readers only, and shown to everyone when the chart cannot be drawn.
 */
export function RevenueChart({ days }: { days: readonly OverviewDay[] }) {
  const box = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'drawn' | 'failed'>('loading');

  useEffect(() => {
    let chart: uPlot | undefined;
    let observer: ResizeObserver | undefined;
    let cancelled = false;
    Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')])
      .then(([{ default: UPlot }]) => {
        const element = box.current;
        if (cancelled || !element) return;
        const bars = themeColour(element, '--color-primary', '#4f46e5');
        const text = themeColour(element, '--color-base-content', '#1f2937');
        const grid = { stroke: 'rgba(127, 127, 127, 0.2)', width: 1 };
        const axis = { stroke: text, grid, ticks: grid };
        const options: uPlot.Options = {
          width: element.clientWidth,
          height: HEIGHT,
          legend: { show: false },
          cursor: { show: false },
          scales: { x: { time: false }, y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] } },
          axes: [
            { ...axis, values: (_u, ticks) => ticks.map((i) => (days[i] ? shortDay(days[i].date) : '')) },
            {
              ...axis,
              size: 70,
              values: (_u, ticks) => ticks.map((v) => formatPrice(v, { wholeUnits: Number.isInteger(v) })),
            },
          ],
          series: [
            {},
            {
              fill: bars,
              stroke: bars,
              paths: UPlot.paths.bars?.({ size: [0.7, 40] }),
              points: { show: false },
            },
          ],
        };
        chart = new UPlot(options, [days.map((_, i) => i), days.map((d) => d.revenue)], element);
        observer = new ResizeObserver(() => chart?.setSize({ width: element.clientWidth, height: HEIGHT }));
        observer.observe(element);
        setState('drawn');
      })
      .catch(() => {
        if (!cancelled) setState('failed');
      });
    return () => {
      cancelled = true;
      observer?.disconnect();
      chart?.destroy();
    };
  }, [days]);

  return (
    <div>
      <div ref={box} aria-hidden="true" className="w-full overflow-hidden" style={{ minHeight: HEIGHT }} />
      {state === 'loading' && <p className="text-sm text-base-content/70">{m.chartLoading}</p>}
      {state === 'failed' && (
        <p role="alert" className="text-sm text-error">
          {m.chartFailed}
        </p>
      )}
      {/* The class on a wrapper: a table's own width grows to its cells, whatever its class. */}
      <div className={state === 'failed' ? 'overflow-x-auto' : 'sr-only'}>
        <table className="table table-sm">
          <caption>{m.tableCaption}</caption>
          <thead>
            <tr>
              <th scope="col">{m.day}</th>
              <th scope="col">{m.revenue}</th>
              <th scope="col">{m.orders}</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.date}>
                <th scope="row">{longDay(d.date)}</th>
                <td>{formatPrice(d.revenue)}</td>
                <td>{formatQuantity(d.orders)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
