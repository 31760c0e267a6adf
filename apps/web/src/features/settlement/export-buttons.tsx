// 导出CSV and 导出Excel of the bill list or the charge list: every row of the search as the grid shows it (its
// column filters and sort), streamed by the server; the buttons are the shared ones.
import { settlement } from '@portal/contract';
import { download } from '../../api/download';
import { ExportButtons as Buttons } from '../../components/export-buttons';
import type { BillListQuery, ChargeListQuery } from './api';

type Without<Q> = Omit<Q, 'page' | 'limit'>;
type ExportOf = { list: 'bills'; search: Without<BillListQuery> } | { list: 'charges'; search: Without<ChargeListQuery> };

const fileNames = { bills: '结算单', charges: '费用明细' } as const;

export function ExportButtons(props: ExportOf) {
  return (
    <Buttons
      texts="settlement"
      fallbackName={fileNames[props.list]}
      exportAs={(format, options) =>
        props.list === 'bills'
          ? download(settlement.exportSamBillList, { body: { ...props.search, format } }, options)
          : download(settlement.exportChargeList, { body: { ...props.search, format } }, options)
      }
    />
  );
}
