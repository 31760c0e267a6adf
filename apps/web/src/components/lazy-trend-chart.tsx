// The TrendChart loaded on first use: a page draws its text at once and ECharts (the largest library of the
// first screen) after, into the space the chart keeps meanwhile, so nothing shifts when it arrives.
import { Suspense, lazy } from 'react';
import type { TrendChartProps } from './trend-chart';

const Chart = lazy(() => import('./trend-chart').then((m) => ({ default: m.TrendChart })));

export function LazyTrendChart(props: TrendChartProps) {
  return (
    <Suspense fallback={<div role="img" aria-label={props.label} style={{ height: props.height ?? 280 }} />}>
      <Chart {...props} />
    </Suspense>
  );
}
