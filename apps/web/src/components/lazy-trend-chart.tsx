// The TrendChart loaded after the first screen: a page draws its text at once, and ECharts (the largest library of
// the first screen) is fetched once the browser is idle after that, into the space the chart keeps meanwhile, so
// nothing shifts when it arrives and the first screen's scripts do not wait behind it.
import { Suspense, lazy, useEffect, useState } from 'react';
import type { TrendChartProps } from './trend-chart';

const Chart = lazy(() => import('./trend-chart').then((m) => ({ default: m.TrendChart })));

/** Runs `then` when the browser is next idle (at the latest after `timeout` ms); answers the cancel. */
function whenIdle(then: () => void, timeout: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(then, { timeout });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(then, 200);
  return () => window.clearTimeout(id);
}

export function LazyTrendChart(props: TrendChartProps) {
  const [wanted, setWanted] = useState(false);
  useEffect(() => whenIdle(() => setWanted(true), 1500), []);
  const space = <div role="img" aria-label={props.label} style={{ height: props.height ?? 280 }} />;
  return wanted ? (
    <Suspense fallback={space}>
      <Chart {...props} />
    </Suspense>
  ) : (
    space
  );
}
