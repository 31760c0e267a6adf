// /deliveryNotePrint?noteNumber=: the delivery note on one A4 sheet for the dock, without the shell (a window of
// its own, signed in): the retailer and supplier, a Code 128 barcode of the note number and a QR code (scanned at
// the receiving desk), the lines with batch and dates, totals and signatures. It uses the print preview's sheet
// CSS (components/print-sheet.css); the note is not a template of the print-template table.
import { fromUnits, toUnits } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Result, Spin } from 'antd';
import JsBarcode from 'jsbarcode';
import { type CSSProperties, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatQty, formatTime } from '../../lib/format';
import '../../components/print-sheet.css';
import { type NoteDetail, noteDetailQuery } from './api';
import './delivery-note.css';

const a4: CSSProperties = {
  ['--paper-w' as string]: '210mm',
  ['--paper-h' as string]: '297mm',
  ['--margin-top' as string]: '12mm',
  ['--margin-right' as string]: '12mm',
  ['--margin-bottom' as string]: '12mm',
  ['--margin-left' as string]: '12mm',
  ['--content-h' as string]: '273mm',
};

export default function DeliveryNotePrintPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const noteNumber = params.get('noteNumber')?.trim() ?? '';
  const detail = useQuery(noteDetailQuery(noteNumber));
  const title = t('deliveryNote.printPage.title');
  useEffect(() => {
    document.title = noteNumber ? `${title} ${noteNumber}` : title;
  }, [title, noteNumber]);

  if (!noteNumber)
    return (
      <main className="print-preview">
        <Result status="warning" title={t('deliveryNote.printPage.missing')} />
      </main>
    );
  return (
    <div className="print-preview">
      <header className="print-toolbar print-hidden">
        <h1>
          {title} {noteNumber}
        </h1>
        <span className="print-toolbar-fill" />
        <Button type="primary" onClick={() => window.print()} disabled={!detail.data}>
          {t('deliveryNote.printPage.print')}
        </Button>
        <Button onClick={() => window.close()}>{t('deliveryNote.printPage.close')}</Button>
      </header>
      <main className="print-sheets">
        {detail.error ? (
          <Result status="warning" title={t('deliveryNote.detail.notFound')} subTitle={detail.error.message} />
        ) : detail.data ? (
          <Sheet note={detail.data} />
        ) : (
          <Spin spinning />
        )}
      </main>
    </div>
  );
}

function Sheet({ note }: { note: NoteDetail }) {
  const { t, i18n } = useTranslation();
  const colon = i18n.language === 'en' ? ': ' : '：';
  const p = (key: string) => t(`deliveryNote.printPage.${key}`);
  const c = (key: string) => t(`deliveryNote.detail.columns.${key}`);
  const { header, lines } = note;
  const barcode = useRef<SVGSVGElement>(null);
  const [qr, setQr] = useState('');
  useEffect(() => {
    if (barcode.current)
      JsBarcode(barcode.current, header.noteNumber, { format: 'CODE128', width: 1.6, height: 48, fontSize: 13, margin: 0 });
  }, [header.noteNumber]);
  useEffect(() => {
    let live = true;
    void import('qrcode')
      .then(({ default: QRCode }) => QRCode.toDataURL(`DN:${header.noteNumber}`, { width: 160, margin: 0 }))
      .then((url) => live && setQr(url));
    return () => {
      live = false;
    };
  }, [header.noteNumber]);
  const total = (pick: (l: (typeof lines)[number]) => string | number) =>
    fromUnits(
      lines.reduce((s, l) => s + toUnits(String(pick(l) || '0'), 3), 0n),
      3,
    );
  return (
    <article className="print-sheet dn-sheet" style={a4} aria-label={`${p('title')} ${header.noteNumber}`}>
      <style>{'@page { size: A4 portrait; margin: 12mm; }'}</style>
      <div className="print-sheet-inner">
        <div className="print-head dn-print-head">
          <div className="dn-print-codes">
            <svg ref={barcode} role="img" aria-label={`${p('barcode')} ${header.noteNumber}`} data-testid="note-barcode" />
          </div>
          <div className="dn-print-titles">
            <div className="print-company">{header.companyName}</div>
            <div className="print-title">{p('title')}</div>
          </div>
          <div className="dn-print-qr">{qr && <img src={qr} alt={`${p('qr')} ${header.noteNumber}`} width={88} height={88} />}</div>
        </div>
        <dl className="print-fields">
          <div>
            <dt>
              {t('deliveryNote.columns.noteNumber')}
              {colon}
            </dt>
            <dd>{header.noteNumber}</dd>
          </div>
          <div>
            <dt>
              {p('supplier')}
              {colon}
            </dt>
            <dd>
              {header.suppCode} {header.suppName}
            </dd>
          </div>
          <div>
            <dt>
              {p('dept')}
              {colon}
            </dt>
            <dd>
              {header.deptCode} {header.deptName}
            </dd>
          </div>
          <div>
            <dt>
              {p('expectedDate')}
              {colon}
            </dt>
            <dd>{header.expectedDate}</dd>
          </div>
          <div>
            <dt>
              {p('packages')}
              {colon}
            </dt>
            <dd>{header.packages}</dd>
          </div>
          <div>
            <dt>
              {p('orders')}
              {colon}
            </dt>
            <dd>{header.orders}</dd>
          </div>
          <div>
            <dt>
              {t('deliveryNote.columns.createdAt')}
              {colon}
            </dt>
            <dd>{formatTime(header.createdAt)}</dd>
          </div>
          {header.remark && (
            <div>
              <dt>
                {t('deliveryNote.detail.remark')}
                {colon}
              </dt>
              <dd>{header.remark}</dd>
            </div>
          )}
        </dl>
        <table className="print-lines">
          <colgroup>
            <col style={{ width: '6%' }} />
            <col style={{ width: '17%' }} />
            <col style={{ width: '27%' }} />
            <col style={{ width: '10%' }} />
            <col style={{ width: '9%' }} />
            <col style={{ width: '7%' }} />
            <col style={{ width: '12%' }} />
            <col style={{ width: '12%' }} />
          </colgroup>
          <thead>
            <tr>
              <th>{c('lineNo')}</th>
              <th>{c('billNumber')}</th>
              <th>{c('goodsName')}</th>
              <th>{c('spec')}</th>
              <th>{c('qty')}</th>
              <th>{c('packages')}</th>
              <th>{c('batchNo')}</th>
              <th>
                {c('productionDate')} / {c('expiryDate')}
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((l) => (
              <tr key={l.lineNo}>
                <td className="align-center">{l.lineNo}</td>
                <td>
                  {l.billNumber} / {l.poLineNo}
                </td>
                <td>
                  {l.goodsName}
                  <br />
                  {l.barcode}
                </td>
                <td>
                  {l.spec} {l.unit}
                </td>
                <td className="align-right">{formatQty(l.qty)}</td>
                <td className="align-right">{l.packages}</td>
                <td>{l.batchNo}</td>
                <td>
                  {l.productionDate}
                  {l.expiryDate && <br />}
                  {l.expiryDate}
                </td>
              </tr>
            ))}
            <tr>
              <th colSpan={4}>{p('total')}</th>
              <th className="align-right">{formatQty(total((l) => l.qty))}</th>
              <th className="align-right">{lines.reduce((s, l) => s + l.packages, 0)}</th>
              <th colSpan={2} />
            </tr>
          </tbody>
        </table>
        <div className="print-foot dn-print-signs">
          <div>
            {p('signSupplier')}
            {colon}
          </div>
          <div>
            {p('signReceiver')}
            {colon}
          </div>
          <div>
            {p('signDate')}
            {colon}
          </div>
        </div>
      </div>
    </article>
  );
}
