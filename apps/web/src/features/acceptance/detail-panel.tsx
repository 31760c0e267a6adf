// The receiving lines of the condition: server paged and sorted, with the exports.
import { type AccCondition, type AccDetailSortField, acceptance } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { Card } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataGrid, type GridSort } from '../../components/data-grid';
import { ListPagination } from '../../components/list-pagination';
import { detailQuery } from './api';
import { detailColumns, detailRow, gridHeight } from './columns';
import { EmptyCover } from './empty-cover';
import { ExportButtons } from './export-buttons';

const pageSizes = [20, 50, 100];
const sortField = (field: string): field is AccDetailSortField => (acceptance.accDetailSortFields as readonly string[]).includes(field);

export function DetailPanel({ condition }: { condition: AccCondition }) {
  const { t } = useTranslation();
  const [sort, setSort] = useState<GridSort | null>(null);
  // Paging restarts with every new condition or sort.
  const [paging, setPaging] = useState({ of: condition, sort, page: 1, limit: pageSizes[0]! });
  const page = paging.of === condition && paging.sort === sort ? paging.page : 1;
  const sortBy = sort && sortField(sort.field) ? { sort: { field: sort.field, order: sort.order } } : {};
  const { data, isFetching } = useQuery(detailQuery({ ...condition, page, limit: paging.limit, ...sortBy }));
  const columns = useMemo(() => detailColumns(t), [t]);
  const rows = useMemo(() => (data?.list ?? []).map(detailRow), [data]);

  return (
    <Card title={t('acceptance.detailTitle')} extra={<ExportButtons condition={condition} />}>
      <EmptyCover empty={data?.total === 0} text={t('acceptance.empty')}>
        <DataGrid
          aria-label={t('acceptance.detailGrid')}
          columns={columns}
          rows={rows}
          loading={isFetching}
          serverSide
          onQueryChange={(next) => setSort(next.sort)}
          height={gridHeight(rows.length)}
        />
      </EmptyCover>
      <ListPagination page={page} limit={paging.limit} total={data?.total ?? 0} sizes={pageSizes} onChange={(next, limit) => setPaging({ of: condition, sort, page: next, limit })} />
    </Card>
  );
}
