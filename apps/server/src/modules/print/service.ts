// Print records: one record of a print type as its templates fill it, every value a string. Purchase orders and
// settlement bills are read through their own areas (same scope and not-found rules as their screens).
import { type PrintRecord, type print, settlement } from '@portal/contract';
import type { AppContext } from '../../platform/context';
import { ApiError } from '../../platform/errors';
import { scopeOf } from '../../platform/scope';
import type { SessionContext } from '../../platform/session-context';
import * as purchaseOrder from '../purchase-order/service';
import * as settlementRead from '../settlement/bills/read';
import * as repo from './repo';

type Values = Record<string, string | number | boolean | null | undefined>;

/** Every value as text: numbers and decimals as they are (exact), nulls empty. */
function texts(values: Values): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [key, value === null || value === undefined ? '' : String(value)]),
  );
}

export async function purOrder(ctx: AppContext, session: SessionContext, billNumber: string, suppCode?: string): Promise<PrintRecord> {
  const { header, lines } = await purchaseOrder.detail(ctx, session, billNumber, suppCode);
  return { printTypeCode: 'purOrder', billNumber: header.billNumber, fields: texts(header), lines: lines.map(texts) };
}

export async function samBill(ctx: AppContext, session: SessionContext, billNumber: string, suppCode?: string): Promise<PrintRecord> {
  const { header, lines } = await settlementRead.detail(ctx, session, billNumber, suppCode);
  const { samBillNum, billKind, ...rest } = header;
  return {
    printTypeCode: 'samBill',
    billNumber: samBillNum,
    fields: texts({ ...rest, billNumber: samBillNum, billKind: settlement.billKindText[billKind] }),
    lines: lines.map((line, index) =>
      texts({
        lineNo: index + 1,
        docType: settlement.sourceTypeText[line.sourceType],
        docNumber: line.sourceId,
        docDate: line.docDate,
        dueDate: line.dueDate,
        deptCode: line.deptCode,
        deptName: line.deptName,
        taxRate: line.taxRates,
        amountExcl: line.amountExcl,
        tax: line.tax,
        amount: line.amount,
        note: line.note,
      }),
    ),
  };
}

export async function receiving(ctx: AppContext, session: SessionContext, billNumber: string, suppCode?: string): Promise<PrintRecord> {
  const scope = scopeOf(session, suppCode);
  const header = await repo.receivingHeader(ctx.db, scope, billNumber);
  if (!header) throw ApiError.notFound({ 'zh-CN': `验收单 ${billNumber} 不存在`, en: `Receiving note ${billNumber} does not exist` });
  const lines = await repo.receivingLines(ctx.db, scope, billNumber);
  return { printTypeCode: 'receiving', billNumber, fields: texts(header), lines: lines.map(texts) };
}

export async function adjustPrice(ctx: AppContext, session: SessionContext, billNumber: string, suppCode?: string): Promise<PrintRecord> {
  const scope = scopeOf(session, suppCode);
  const header = await repo.adjustHeader(ctx.db, scope, billNumber);
  if (!header) throw ApiError.notFound({ 'zh-CN': `调价单 ${billNumber} 不存在`, en: `Price adjustment ${billNumber} does not exist` });
  const lines = await repo.adjustLines(ctx.db, scope.tenantId, billNumber);
  return { printTypeCode: 'adjustPrice', billNumber, fields: texts(header), lines: lines.map(texts) };
}

export async function goodsChange(ctx: AppContext, session: SessionContext, billNumber: string, suppCode?: string): Promise<PrintRecord> {
  const scope = scopeOf(session, suppCode);
  const header = await repo.changeHeader(ctx.db, scope, billNumber);
  if (!header) throw ApiError.notFound({ 'zh-CN': `商品变更单 ${billNumber} 不存在`, en: `Goods change ${billNumber} does not exist` });
  const lines = await repo.changeLines(ctx.db, scope.tenantId, billNumber);
  return { printTypeCode: 'goodsChange', billNumber, fields: texts(header), lines: lines.map(texts) };
}

export function records(ctx: AppContext, session: SessionContext, type: (typeof print.printableListTypes)[number], suppCode?: string) {
  return repo.records(ctx.db, scopeOf(session, suppCode), type);
}
