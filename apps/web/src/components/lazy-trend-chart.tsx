// The TrendChart loaded after the first screen: a page draws its text at once, and Chart.js (the largest library of
// the first screen) is fetched once the browser is idle after that, into the space the chart keeps meanwhile, so
// nothing shifts when it arrives and the first screen's scripts do not wait behind it.
import { Suspense, lazy, useEffect, useState } from 'react';
import { whenIdle } from '../lib/when-idle';
import type { TrendChartProps } from './trend-chart';

const Chart = lazy(() => import('./trend-chart').then((m) => ({ default: m.TrendChart })));

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
