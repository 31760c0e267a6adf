// Settlement steps the browser tests need from the API: documents 100001 can settle, a bill made and
// submitted, and a bill taken through review to 已支付 by the account of each step.
import { settlement } from '@portal/contract';
import { apiAs } from './api';

const day = (d: Date) => d.toISOString().slice(0, 10);
const cents = (text: string) => {
  const [whole = '0', frac = ''] = text.replace('-', '').split('.');
  const value = BigInt(whole) * 100n + BigInt((frac + '00').slice(0, 2));
  return text.startsWith('-') ? -value : value;
};
const yuan = (value: bigint) =>
  `${value < 0n ? '-' : ''}${(value < 0n ? -value : value) / 100n}.${String((value < 0n ? -value : value) % 100n).padStart(2, '0')}`;

/**
 * An accounting unit and a month (this one or one of the three before) in which 100001 has receiving notes to
 * settle. The test files of a worker share one server, and one of them may have settled every free document
 * already (the seed bills every past month): then 100001 takes the documents but one out of one of its draft
 * bills (the draft stays, for the tests that read one), and they are free again.
 */
export async function findDocuments() {
  const found = await freeDocuments();
  if (found) return found;
  const as100001 = apiAs('100001');
  const drafts = await as100001.call(settlement.querySamBillQueryList, { body: { page: 1, limit: 100, status: '草稿' } });
  for (const draft of drafts.list.toReversed()) {
    const detail = await as100001.call(settlement.getSamBillQueryDetail, { body: { samBillNum: draft.samBillNum } });
    const sources = detail.lines.map((l) => ({ sourceType: l.sourceType, sourceId: l.sourceId }));
    if (!sources.some((s) => s.sourceType === 'receiving') || sources.length < 2) continue;
    const kept = sources
      .filter((s) => s.sourceType !== 'receiving')
      .concat(sources.filter((s) => s.sourceType === 'receiving').slice(0, 1));
    await as100001.call(settlement.samBillModify, {
      body: { samBillNum: draft.samBillNum, version: detail.header.version, sources: kept, remark: detail.header.remark ?? '' },
    });
    const freed = await freeDocuments();
    if (freed) return freed;
  }
  throw new Error('no documents of 100001 to settle in the last four months, and no draft bill to free some from');
}

async function freeDocuments() {
  const as100001 = apiAs('100001');
  const units = await as100001.call(settlement.accountingUnitPage, { body: { page: 1, limit: 100 } });
  const now = new Date();
  for (let back = 0; back < 4; back++) {
    const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    const end = back === 0 ? now : new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back + 1, 0));
    for (const unit of units.list) {
      const query = { nodeCode: unit.unitCode, periodStart: day(start), periodEnd: day(end), page: 1, limit: 50 };
      const docs = await as100001.call(settlement.getSamCostData, { body: query });
      const receiving = docs.list.filter((d) => d.sourceType === 'receiving' && !d.disputed);
      if (receiving.length > 0) return { unit, query, receiving };
    }
  }
  return undefined;
}

/** 100001 enters one invoice per tax rate for the bill's goods and returns (what each rate is due), as the dialog does. */
export async function enterInvoices(samBillNum: string, totals: { taxRate: string | null; goodsAmount: string; returnAmount: string }[]) {
  const as100001 = apiAs('100001');
  for (const rate of totals) {
    if (rate.taxRate === null) continue;
    const due = cents(rate.goodsAmount) + cents(rate.returnAmount);
    if (due <= 0n) continue;
    const factor = 10000n + cents(rate.taxRate) * 100n;
    const excl = (due * 10000n * 2n + factor) / (2n * factor);
    await as100001.call(settlement.saveSamBillInvoice, {
      body: {
        samBillNum,
        invoice: {
          invoiceType: '增值税专用发票',
          invoiceCode: '3100252130',
          invoiceNumber: String(10_000_000 + Math.floor(Math.random() * 89_999_999)),
          invoiceDate: day(new Date()),
          taxRate: rate.taxRate.replace(/\.?0+$/, ''),
          amountExcl: yuan(excl),
          tax: yuan(due - excl),
          amount: yuan(due),
        },
      },
    });
  }
}

/** 100001 makes a bill of these documents and submits it. */
export async function submittedBill(nodeCode: string, period: { periodStart: string; periodEnd: string }, sources: settlement.SourceRef[]) {
  const as100001 = apiAs('100001');
  const saved = await as100001.call(settlement.samBillSave, { body: { billKind: 'normal', nodeCode, ...period, sources, remark: '' } });
  await as100001.call(settlement.applySamBill, { body: { samBillNum: saved.samBillNum, version: saved.version } });
  return saved.samBillNum;
}

/** A submitted bill through 审核, invoices per rate, 发票确认, 审批 and one payment of all it owes: 已支付. */
export async function payThrough(samBillNum: string) {
  const as100001 = apiAs('100001');
  await apiAs('clerk01').call(settlement.auditSamBill, { body: { samBillNum, note: '' } });
  const bill = await as100001.call(settlement.getSamBillQueryDetail, { body: { samBillNum } });
  await enterInvoices(samBillNum, bill.totals);
  await apiAs('invoice01').call(settlement.confirmSamBillInvoice, { body: { samBillNum, note: '' } });
  await apiAs('finance01').call(settlement.approveSamBill, { body: { samBillNum, note: '' } });
  await apiAs('cashier01').call(settlement.recordSamBillPayment, {
    body: {
      samBillNum,
      payment: { amount: bill.header.payableAmount, payDate: day(new Date()), payMethod: '银行转账', reference: 'E2E-001', note: '' },
    },
  });
}
