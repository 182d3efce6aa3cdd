import { useEffect, useRef } from 'preact/hooks';
import uPlot from 'uplot';

/** One line or set of bars: a value per x, null where there is none. */
export interface ChartSeries {
  readonly label: string;
  readonly values: readonly (number | null)[];
}

export interface ChartProps {
  /** What the chart shows, in words (its caption and its accessible name). */
  readonly caption: string;
  readonly x: readonly number[];
  readonly xLabel: string;
  readonly yLabel: string;
  readonly series: readonly ChartSeries[];
  readonly kind?: 'line' | 'bars';
  /** The y axis's range (scores: 0 to 1); by default it fits the data. */
  readonly yRange?: readonly [number, number];
  /** The x axis's range (bars need room at both ends); by default it fits the data. */
  readonly xRange?: readonly [number, number];
  /** How an x value is written on its axis (a run's ordinal: `#12`). */
  readonly xFormat?: (value: number) => string;
  readonly height?: number;
}

/** Colours that stay apart for most kinds of colour blindness (Okabe–Ito). */
export const PALETTE = ['#0072b2', '#d55e00', '#009e73', '#cc79a7', '#e69f00', '#56b4e9', '#000000', '#f0e442'];

const options = (props: ChartProps, width: number): uPlot.Options => ({
  width,
  height: props.height ?? 220,
  legend: { show: false },
  cursor: { show: true, drag: { x: false, y: false } },
  scales: {
    x: props.xRange ? { time: false, range: [props.xRange[0], props.xRange[1]] } : { time: false },
    y: props.yRange ? { range: [props.yRange[0], props.yRange[1]] } : {},
  },
  axes: [
    {
      label: props.xLabel,
      values: (_chart, ticks) => ticks.map((tick) => (props.xFormat ? props.xFormat(tick) : String(tick))),
    },
    { label: props.yLabel },
  ],
  series: [
    {},
    ...props.series.map((series, index) => ({
      label: series.label,
      stroke: PALETTE[index % PALETTE.length],
      width: 2,
      spanGaps: true,
      ...(props.kind === 'bars'
        ? {
            fill: `${PALETTE[index % PALETTE.length]}99`,
            paths: uPlot.paths.bars?.({ size: [0.8, 40] }),
            points: { show: false },
          }
        : { points: { show: true, size: 6 } }),
    })),
  ],
});

/**
 * A chart drawn by uPlot on a canvas, with its caption and a legend as text; the figure carries its caption as
 * its accessible name.
 */
export function Chart(props: ChartProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const data = [props.x as number[], ...props.series.map((series) => series.values as (number | null)[])];
    const chart = new uPlot(options(props, element.clientWidth || 600), data as uPlot.AlignedData, element);
    const resize = new ResizeObserver(() =>
      chart.setSize({ width: element.clientWidth || 600, height: props.height ?? 220 }),
    );
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [props]);
  return (
    <figure class="chart">
      <figcaption>{props.caption}</figcaption>
      <div ref={box} class="chart-canvas" role="img" aria-label={props.caption} />
      {props.series.length > 0 && (
        <ul class="legend">
          {props.series.map((series, index) => (
            <li key={series.label}>
              <span class="swatch" style={{ background: PALETTE[index % PALETTE.length] }} aria-hidden="true" />
              {series.label}
            </li>
          ))}
        </ul>
      )}
    </figure>
  );
}
