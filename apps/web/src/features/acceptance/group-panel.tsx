// The summary: receiving grouped by store, goods, category, brand, day or month, server paged.
import { type AccCondition, acceptance } from '@portal/contract';
import { Card, Radio } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataGrid } from '../../components/data-grid';
import { ListPagination } from '../../components/list-pagination';
import { useSearchQuery } from '../../lib/use-search-query';
import { type Dimension, groupsQuery } from './api';
import { gridHeight, groupColumns, groupRow } from './columns';
import { EmptyCover } from './empty-cover';

const pageSizes = [10, 20, 50];

export function GroupPanel({ condition }: { condition: AccCondition }) {
  const { t } = useTranslation();
  const [by, setBy] = useState<Dimension>('dept');
  // Paging restarts with every new condition or grouping.
  const [paging, setPaging] = useState({ of: condition, by, page: 1, limit: pageSizes[0]! });
  const page = paging.of === condition && paging.by === by ? paging.page : 1;
  const { data, isFetching } = useSearchQuery(groupsQuery({ ...condition, groupBy: by, page, limit: paging.limit }), condition);
  const columns = useMemo(() => groupColumns(t, by), [t, by]);
  const rows = useMemo(() => (data?.list ?? []).map(groupRow), [data]);

  return (
    <Card
      title={t('acceptance.groupTitle')}
      extra={
        <Radio.Group
          aria-label={t('acceptance.groupBy')}
          optionType="button"
          buttonStyle="solid"
          size="small"
          value={by}
          onChange={(e) => setBy(e.target.value as Dimension)}
          options={acceptance.groupDimensions.map((d) => ({ value: d, label: t(`acceptance.dimensions.${d}`) }))}
        />
      }
    >
      <EmptyCover empty={data?.total === 0} text={t('acceptance.empty')}>
        <DataGrid
          aria-label={t('acceptance.groupGrid')}
          columns={columns}
          rows={rows}
          loading={isFetching}
          serverSide
          height={gridHeight(rows.length)}
        />
      </EmptyCover>
      <ListPagination
        page={page}
        limit={paging.limit}
        total={data?.total ?? 0}
        sizes={pageSizes}
        onChange={(next, limit) => setPaging({ of: condition, by, page: next, limit })}
      />
    </Card>
  );
}
