// The amount including tax over the searched range, by day up to two months and by month beyond.
import type { AccCondition } from '@portal/contract';
import { Card, Empty } from 'antd';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyTrendChart as TrendChart } from '../../components/lazy-trend-chart';
import { formatMoney } from '../../lib/format';
import { useSearchQuery } from '../../lib/use-search-query';
import { groupsQuery } from './api';
import { trendDimension, trendPoints } from './condition';

/** Enough for every day of two months or the months of three years in one call. */
const trendLimit = 1000;
const chartHeight = 240;

export function TrendCard({ condition }: { condition: AccCondition }) {
  const { t } = useTranslation();
  const by = trendDimension(condition);
  const { data } = useSearchQuery(groupsQuery({ ...condition, groupBy: by, page: 1, limit: trendLimit }), condition);
  const points = useMemo(() => trendPoints(condition, by, data?.list ?? []), [condition, by, data]);
  const tooltip = useCallback((index: number) => `¥${formatMoney(points.amounts[index])}`, [points]);
  return (
    <Card title={t(by === 'day' ? 'acceptance.trendDay' : 'acceptance.trendMonth')}>
      {data && points.values.every((v) => v === 0) ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t('acceptance.empty')}
          style={{ height: chartHeight, margin: 0, paddingTop: 60 }}
        />
      ) : (
        <TrendChart
          kind="bar"
          label={t('acceptance.trendLabel')}
          labels={points.labels}
          values={points.values}
          tooltip={tooltip}
          height={chartHeight}
        />
      )}
    </Card>
  );
}
