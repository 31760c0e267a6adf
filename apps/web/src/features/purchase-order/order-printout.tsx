// The order as it goes on paper: the buyer's company, the order header, every line and the server's totals.
// Drawn as a plain table (a virtualised grid would print only the rows on screen) and shown only in print.
import { useTranslation } from 'react-i18next';
import { formatMoney, formatPrice, formatQty, formatRate, formatTime } from '../../lib/format';
import { usePrintTime } from '../../lib/use-print-time';
import type { OrderDetail } from './api';

export function OrderPrintout({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  const { header, lines } = order;
  const printedAt = usePrintTime();
  const col = (field: string) => t(`purchaseOrder.detail.lineColumns.${field}`);
  const head = (field: string) => t(`purchaseOrder.columns.${field}`);
  const facts: [string, string][] = [
    [head('billNumber'), header.billNumber],
    [t('purchaseOrder.detail.supplier'), `${header.suppCode} ${header.suppName}`],
    [head('deptName'), `${header.deptCode} ${header.deptName}`],
    [head('status'), header.status],
    [head('orderDate'), header.orderDate],
    [head('deliveryDate'), header.deliveryDate],
    [head('deadline'), header.deadline],
    [head('deliveryMode'), header.deliveryMode],
    [head('orderType'), header.orderType],
    [head('categoryName'), header.categoryName],
  ];
  const rows: [string, string][][] = [];
  for (let i = 0; i < facts.length; i += 4) rows.push(facts.slice(i, i + 4));
  return (
    <section className="po-print print-only" aria-label={t('purchaseOrder.printout.title')}>
      <h1>{header.companyName}</h1>
      <h2>{t('purchaseOrder.printout.title')}</h2>
      <table className="po-print-head">
        <tbody>
          {rows.map((row) => (
            <tr key={row[0]![0]}>
              {row.flatMap(([label, value]) => [<th key={`${label}-l`}>{label}：</th>, <td key={`${label}-v`}>{value}</td>])}
            </tr>
          ))}
        </tbody>
      </table>
      <table className="po-print-lines">
        <thead>
          <tr>
            {[
              'lineNo',
              'goodsCode',
              'barcode',
              'goodsName',
              'spec',
              'unit',
              'caseQty',
              'orderQty',
              'caseCount',
              'freeQty',
              'receivedQty',
              'price',
              'taxRate',
              'amount',
            ].map((field) => (
              <th key={field}>{col(field)}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.lineNo}>
              <td className="num">{line.lineNo}</td>
              <td>{line.goodsCode}</td>
              <td>{line.barcode}</td>
              <td>{line.goodsName}</td>
              <td>{line.spec}</td>
              <td>{line.unit}</td>
              <td className="num">{line.caseQty}</td>
              <td className="num">{formatQty(line.orderQty)}</td>
              <td className="num">{formatQty(line.caseCount)}</td>
              <td className="num">{formatQty(line.freeQty)}</td>
              <td className="num">{formatQty(line.receivedQty)}</td>
              <td className="num">{formatPrice(line.price)}</td>
              <td className="num">{formatRate(line.taxRate)}</td>
              <td className="num">{formatMoney(line.amount)}</td>
            </tr>
          ))}
          <tr className="po-print-total">
            <td colSpan={7}>{t('purchaseOrder.printout.total')}</td>
            <td className="num">{formatQty(header.totalQty)}</td>
            <td colSpan={2} />
            <td className="num">{formatQty(header.receivedQty)}</td>
            <td colSpan={2} />
            <td className="num">{formatMoney(header.totalAmount)}</td>
          </tr>
        </tbody>
      </table>
      <div className="po-print-foot">
        <span>{t('purchaseOrder.printout.supplierSign')}</span>
        <span>{t('purchaseOrder.printout.receiverSign')}</span>
        <span>{t('purchaseOrder.printout.printedAt', { time: formatTime(printedAt) })}</span>
      </div>
    </section>
  );
}
