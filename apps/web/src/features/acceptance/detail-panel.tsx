// The receiving lines of the condition: server paged and sorted, with the exports (in the grid's sort).
import { type AccCondition, acceptance } from '@portal/contract';
import { Card } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataGrid } from '../../components/data-grid';
import { ListPagination } from '../../components/list-pagination';
import { useServerList } from '../../components/server-list/use-server-list';
import { detailQuery } from './api';
import { detailColumns, detailRow } from './columns';
import { EmptyCover } from './empty-cover';
import { ExportButtons } from './export-buttons';

const pageSizes = [20, 50, 100];
const sortable = (field: string) => (acceptance.accDetailSortFields as readonly string[]).includes(field);
const bodyOf = (condition: AccCondition) => condition;

export function DetailPanel({ condition }: { condition: AccCondition }) {
  const { t } = useTranslation();
  const lines = useServerList({
    initialSearch: condition,
    search: condition,
    bodyOf,
    pageQuery: detailQuery,
    row: detailRow,
    pageSizes,
    sortable,
  });
  const columns = useMemo(() => detailColumns(t), [t]);

  return (
    <Card title={t('acceptance.detailTitle')} extra={<ExportButtons body={lines.exportBody} />}>
      <EmptyCover empty={lines.total === 0} text={t('acceptance.empty')}>
        <DataGrid aria-label={t('acceptance.detailGrid')} columns={columns} {...lines.grid} />
      </EmptyCover>
      <ListPagination {...lines.pagination} />
    </Card>
  );
}
