// The bill as it goes on paper (A4 portrait, without the shell): the paying company, the header, totals
// per tax rate, every line and charge, and room for the seals. A plain table: a virtualised grid would
// print only the rows on screen. Shown only in print.
import type { BillDetail } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { formatDecimal, formatMoney, formatTime } from '../../lib/format';
import { usePrintTime } from '../../lib/use-print-time';
import { ratesText } from './columns';
import { sumOf } from './totals-table';

export function BillPrintout({ bill }: { bill: BillDetail }) {
  const { t } = useTranslation();
  const { header, totals, lines, charges } = bill;
  const printedAt = usePrintTime();
  const c = (field: string) => t(`settlement.columns.${field}`);
  const l = (field: string) => t(`settlement.lineColumns.${field}`);
  const tt = (field: string) => t(`settlement.totals.${field}`);
  const facts: [string, string][] = [
    [c('samBillNum'), header.samBillNum],
    [c('status'), header.status],
    [t('settlement.detail.supplier'), `${header.suppCode} ${header.suppName}`],
    [c('nodeName'), `${header.nodeCode} ${header.nodeName}`],
    [t('settlement.period'), `${header.periodStart} ~ ${header.periodEnd}`],
    [c('dueDate'), header.dueDate],
    [t('settlement.detail.businessMode'), header.businessMode],
    [t('settlement.detail.taxNumber'), header.nodeTaxNumber],
  ];
  const rows: [string, string][][] = [];
  for (let i = 0; i < facts.length; i += 2) rows.push(facts.slice(i, i + 2));
  const totalFields = [
    'goodsAmount',
    'returnAmount',
    'chargeAmount',
    'prepayAmount',
    'payableExcl',
    'payableTax',
    'payableAmount',
  ] as const;

  return (
    <section className="sam-print print-only" aria-label={t('settlement.printout.title')}>
      <h1>{header.companyName}</h1>
      <h2>{header.billKind === 'advance' ? t('settlement.kinds.advance') : t('settlement.printout.title')}</h2>
      <table className="sam-print-head">
        <tbody>
          {rows.map((row) => (
            <tr key={row[0]![0]}>
              {row.flatMap(([label, value]) => [<th key={`${label}-l`}>{label}：</th>, <td key={`${label}-v`}>{value}</td>])}
            </tr>
          ))}
        </tbody>
      </table>
      <h3>{t('settlement.printout.totals')}</h3>
      <table className="sam-print-grid">
        <thead>
          <tr>
            <th>{tt('taxRate')}</th>
            {totalFields.map((f) => (
              <th key={f}>{tt(f)}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {totals.map((r) => (
            <tr key={r.taxRate ?? 'none'}>
              <td>{r.taxRate === null ? tt('noTax') : `${formatDecimal(r.taxRate, { max: 2 })}%`}</td>
              {totalFields.map((f) => (
                <td key={f} className="num">
                  {formatMoney(r[f])}
                </td>
              ))}
            </tr>
          ))}
          <tr className="sam-print-total">
            <td>{tt('sum')}</td>
            {totalFields.map((f) => (
              <td key={f} className="num">
                {formatMoney(sumOf(totals, f))}
              </td>
            ))}
          </tr>
        </tbody>
      </table>
      <h3>{t('settlement.printout.lines')}</h3>
      <table className="sam-print-grid">
        <thead>
          <tr>
            {(['sourceType', 'sourceId', 'deptName', 'docDate', 'taxRates', 'amountExcl', 'tax', 'amount'] as const).map((f) => (
              <th key={f}>{l(f)}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={`${line.sourceType}-${line.sourceId}`}>
              <td>{t(`settlement.sourceTypes.${line.sourceType}`)}</td>
              <td>{line.sourceId}</td>
              <td>{line.deptName}</td>
              <td>{line.docDate}</td>
              <td>{ratesText(line.taxRates)}</td>
              <td className="num">{formatMoney(line.amountExcl)}</td>
              <td className="num">{formatMoney(line.tax)}</td>
              <td className="num">{formatMoney(line.amount)}</td>
            </tr>
          ))}
          <tr className="sam-print-total">
            <td colSpan={7}>{c('payableAmount')}</td>
            <td className="num">{formatMoney(header.payableAmount)}</td>
          </tr>
        </tbody>
      </table>
      {charges.length > 0 && (
        <>
          <h3>{t('settlement.printout.charges')}</h3>
          <table className="sam-print-grid">
            <thead>
              <tr>
                <th>{t('settlement.charges.columns.chargeCode')}</th>
                <th>{t('settlement.charges.columns.chargeName')}</th>
                <th>{t('settlement.charges.clause')}</th>
                <th>{t('settlement.charges.calculation')}</th>
                <th>{t('settlement.charges.columns.signedAmount')}</th>
              </tr>
            </thead>
            <tbody>
              {charges.map((ch) => (
                <tr key={ch.chargeCode}>
                  <td>{ch.chargeCode}</td>
                  <td>{ch.chargeName}</td>
                  <td>{ch.clause}</td>
                  <td>{ch.calculation}</td>
                  <td className="num">{formatMoney(ch.signedAmount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      <div className="sam-print-foot">
        <span>{t('settlement.printout.sign')}</span>
        <span>{t('settlement.printout.reviewer')}</span>
        <span>{t('settlement.printout.printedAt', { time: formatTime(printedAt) })}</span>
      </div>
    </section>
  );
}
