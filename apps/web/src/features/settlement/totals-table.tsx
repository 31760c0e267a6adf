// A bill's totals per tax rate as rows (never one column per rate), with their sum: money as the server sent
// it, the sum added exactly in cents.
import { type RateTotal, fromUnits, toUnits } from '@portal/contract';
import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDecimal } from '../../lib/format';
import { Money } from './money';

const fields = [
  'goodsAmount',
  'returnAmount',
  'chargeAmount',
  'prepayAmount',
  'payableExcl',
  'payableTax',
  'payableAmount',
  'invoiceAmount',
] as const;
type Field = (typeof fields)[number];

export function sumOf(rows: RateTotal[], field: Field): string {
  return fromUnits(
    rows.reduce((sum, r) => sum + toUnits(r[field], 2), 0n),
    2,
  );
}

export function TotalsTable({ totals, showInvoice = true }: { totals: RateTotal[]; showInvoice?: boolean }) {
  const { t } = useTranslation();
  const k = (field: string) => t(`settlement.totals.${field}`);
  const shown = fields.filter((f) => showInvoice || f !== 'invoiceAmount');
  return (
    <Table<RateTotal>
      className="sam-table"
      size="small"
      bordered
      rowKey={(r) => r.taxRate ?? 'none'}
      pagination={false}
      scroll={{ x: 900 }}
      dataSource={totals}
      aria-label={k('title')}
      columns={[
        {
          title: k('taxRate'),
          dataIndex: 'taxRate',
          width: 80,
          render: (v: string | null) => (v === null ? k('noTax') : `${formatDecimal(v, { max: 2 })}%`),
        },
        ...shown.map((f) => ({
          title: k(f),
          dataIndex: f,
          className: 'sam-num',
          render: (v: string) => <Money value={v} strong={f === 'payableAmount'} />,
        })),
      ]}
      summary={(rows) =>
        rows.length > 1 ? (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0}>{k('sum')}</Table.Summary.Cell>
            {shown.map((f, i) => (
              <Table.Summary.Cell key={f} index={i + 1} className="sam-num">
                <Money value={sumOf([...rows], f)} strong />
              </Table.Summary.Cell>
            ))}
          </Table.Summary.Row>
        ) : null
      }
    />
  );
}
