// The supplier's contract as an A4 PDF, Chinese text in an embedded Noto Sans SC subset (assets/fonts),
// written as a stream (pdfkit keeps only the glyphs the document uses).
import type { Readable } from 'node:stream';
import type { SupplierContract } from '@portal/contract';
import PDFDocument from 'pdfkit';
import { assetPath } from '../../../assets';

const fontPath = assetPath('fonts/NotoSansSC-Regular-subset.ttf');
const kindText = { charge: '费用', rebate: '返利', payment: '付款', other: '其他' } as const;

export function contractPdf(contract: SupplierContract): Readable {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: `供应商购销合同 ${contract.contractNo}`, Author: contract.nodeName, Subject: contract.suppName },
  });
  doc.registerFont('cjk', fontPath);
  doc.font('cjk');
  doc.fontSize(18).text('供应商购销合同', { align: 'center' });
  doc
    .moveDown(0.3)
    .fontSize(10)
    .fillColor('#555')
    .text(`合同编号：${contract.contractNo}\u3000\u3000状态：${contract.status}`, { align: 'center' });
  doc.fillColor('#000').moveDown(1).fontSize(11);
  const rows: [string, string][] = [
    ['甲方（结算主体）', `${contract.nodeName}（${contract.nodeCode}）`],
    ['乙方（供应商）', `${contract.suppName}（${contract.suppCode}）`],
    ['经营方式', contract.businessMode],
    ['结算周期', contract.settleCycle],
    ['付款期限', `收货后 ${contract.payTermDays} 天`],
    ['合同期限', `${contract.startDate} 至 ${contract.endDate}`],
    ['签订日期', contract.signedDate],
  ];
  for (const [label, value] of rows) doc.text(`${label}：${value}`, { lineGap: 4 });
  doc.moveDown(1).fontSize(13).text('约定条款');
  doc.moveDown(0.4).fontSize(10.5);
  for (const term of contract.terms) {
    const figure = [term.rate ? `${term.rate}%` : '', term.amount ? `${term.amount} 元` : ''].filter(Boolean).join('，');
    doc.text(`第 ${term.clauseNo} 条\u3000【${kindText[term.kind]}】${term.name}${figure ? `（${figure}）` : ''}`, { lineGap: 2 });
    doc.fillColor('#444').text(term.basis, { indent: 24, lineGap: 6 }).fillColor('#000');
  }
  doc.moveDown(1).fontSize(10).fillColor('#555');
  doc.text('依据《零售商供应商公平交易管理办法》，甲方不得向乙方收取新品进店费、节庆费、店庆费、新店开业费等费用。');
  doc.moveDown(2).fillColor('#000').fontSize(11);
  doc.text(`甲方（盖章）：${contract.nodeName}`);
  doc.moveDown(0.5).text(`乙方（盖章）：${contract.suppName}`);
  doc.end();
  return doc;
}
