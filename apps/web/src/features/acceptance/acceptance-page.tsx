// Receiving (acceptance) statistics, module ms0021: the search, the totals, the summary by a dimension with
// the amount's trend, and the lines with their exports. Every figure is the server's.
import type { AccCondition } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Card, Divider, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { conditionOf, initialFilters } from './condition';
import { DetailPanel } from './detail-panel';
import { FilterForm } from './filter-form';
import { GroupPanel } from './group-panel';
import { TotalsRow } from './totals-row';
import { TrendCard } from './trend-card';

export default function AcceptancePage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [condition, setCondition] = useState<AccCondition>(() => conditionOf(initialFilters()));

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card title={t('acceptance.title')}>
        <FilterForm
          onSearch={(values) => {
            setCondition(conditionOf(values));
            // 查询 again with the same filters still fetches today's figures.
            void client.invalidateQueries({ queryKey: ['acceptance'] });
          }}
        />
        <Divider style={{ margin: '16px 0' }} />
        <TotalsRow condition={condition} />
      </Card>
      <TrendCard condition={condition} />
      <GroupPanel condition={condition} />
      <DetailPanel condition={condition} />
    </Space>
  );
}
