// The receiving lines of the condition: server paged, sorted and filtered by column, with the exports (in the grid's
// sort and filters) for holders of the module's export button.
import { type AccCondition, ModuleCode, acceptance } from '@portal/contract';
import { Card } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataGrid } from '../../components/data-grid';
import { ListPagination } from '../../components/list-pagination';
import { useServerList } from '../../components/server-list/use-server-list';
import { download } from '../../api/download';
import { ExportButtons } from '../../components/export-buttons';
import { useAuthButtons } from '../../lib/use-auth-buttons';
import { detailColumnValues, detailQuery } from './api';
import { detailColumns, detailRow, isDetailSortField } from './columns';
import { EmptyCover } from './empty-cover';

const pageSizes = [20, 50, 100];
const bodyOf = (condition: AccCondition) => condition;
const exportCalls = { csv: acceptance.exportCsv, xlsx: acceptance.exportExcel } as const;

export function DetailPanel({ condition }: { condition: AccCondition }) {
  const { t } = useTranslation();
  const lines = useServerList({
    initialSearch: condition,
    search: condition,
    bodyOf,
    pageQuery: detailQuery,
    columnValues: detailColumnValues,
    row: detailRow,
    pageSizes,
    sortable: isDetailSortField,
    keyset: true,
  });
  const columns = useMemo(() => detailColumns(t), [t]);
  const { has } = useAuthButtons(ModuleCode.acceptance);
  const body = lines.exportBody;

  return (
    <Card
      title={t('acceptance.detailTitle')}
      extra={
        has('export') && (
          <ExportButtons
            texts="acceptance"
            fallbackName={`验收明细_${body.startDate}_${body.endDate}`}
            exportAs={(format, options) => download(exportCalls[format], { body }, options)}
          />
        )
      }
    >
      <EmptyCover empty={lines.total === 0} text={t('acceptance.empty')}>
        <DataGrid aria-label={t('acceptance.detailGrid')} columns={columns} {...lines.grid} />
      </EmptyCover>
      <ListPagination {...lines.pagination} />
    </Card>
  );
}
