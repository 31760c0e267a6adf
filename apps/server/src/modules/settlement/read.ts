// Reading bills: the detail with what the caller may do, payments, charges, reconciliation lines, existence.
import type { BillAction, BillDetail, CallBody, CheckDetail } from '@portal/contract';
import { settlement } from '@portal/contract';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { ApiError } from '../../platform/errors';
import { scopeOf } from '../../platform/scope';
import type { SessionContext } from '../../platform/session-context';
import { type DataScope } from '../../platform/scope';
import { historyOf } from '../../platform/workflow/history';
import { chargesByCode, fileOf } from './charges';
import { actionsFor, billFlow } from './flow';
import { toCents } from './money';
import * as repo from './repo';
import { invoicesOfBill } from './review';
import { type Db, checkedPeriod } from './service';

// ---------------------------------------------------------------------------------------------------------
// Reading bills

async function header(db: Db, scope: DataScope, billNumber: string) {
  const row = await repo.billHeader(db, scope, billNumber);
  if (!row) throw ApiError.notFound(`结算单 ${billNumber} 不存在`);
  return row;
}

async function childButtons(db: Db, session: SessionContext): Promise<Set<string>> {
  if (!session.parentCode) return new Set();
  const rows = await db
    .selectFrom('account_button')
    .select('button_code')
    .where('account_id', '=', session.accountId)
    .where('module_code', '=', settlement.billModule)
    .execute();
  return new Set(rows.map((r) => r.button_code));
}

export async function detail(ctx: AppContext, session: SessionContext, billNumber: string, suppCode?: string): Promise<BillDetail> {
  const scope = scopeOf(session, suppCode);
  const head = await header(ctx.db, scope, billNumber);
  const tenantId = scope.tenantId;
  const [totals, lines, invoices, payments, files, history, buttons] = await Promise.all([
    repo.billTotals(ctx.db, tenantId, billNumber),
    repo.billLines(ctx.db, tenantId, billNumber),
    invoicesOfBill(ctx.db, tenantId, billNumber),
    payList(ctx, session, billNumber, suppCode),
    repo.attachmentsOf(ctx.db, tenantId, [{ type: 'bill', ids: [billNumber] }]),
    historyOf(ctx.db, billFlow, tenantId, billNumber),
    childButtons(ctx.db, session),
  ]);
  const charges = await chargesByCode(
    ctx.db,
    { tenantId, suppCode: head.suppCode },
    lines.filter((l) => l.sourceType === 'charge').map((l) => l.sourceId),
  );
  const actions: BillAction[] = actionsFor(head.status, session, buttons).filter(
    (a) => !(a === 'returnBack' && head.status === '已审批' && toCents(head.paidAmount) > 0n),
  );
  return { header: head, totals, lines, charges, invoices, payments: payments.list, attachments: files.map(fileOf), history, actions };
}

export async function payList(ctx: AppContext, session: SessionContext, billNumber: string, suppCode?: string) {
  const scope = scopeOf(session, suppCode);
  const head = await header(ctx.db, scope, billNumber);
  const rows = await repo.paymentsOf(ctx.db, scope.tenantId, billNumber);
  return {
    payableAmount: head.payableAmount,
    paidAmount: head.paidAmount,
    unpaidAmount: head.unpaidAmount,
    list: rows.map((p) => ({
      paymentId: String(p.id),
      samBillNum: p.bill_number,
      payDate: p.pay_date,
      amount: p.amount,
      payMethod: p.pay_method,
      reference: p.reference,
      note: p.note,
      createdBy: p.created_by,
      createdAt: p.created_at.toISOString(),
    })),
  };
}

export async function billCharges(ctx: AppContext, session: SessionContext, billNumber: string, suppCode?: string) {
  const scope = scopeOf(session, suppCode);
  const head = await header(ctx.db, scope, billNumber);
  const refs = await repo.billRefs(ctx.db, scope.tenantId, billNumber);
  return chargesByCode(
    ctx.db,
    { tenantId: scope.tenantId, suppCode: head.suppCode },
    refs.filter((r) => r.sourceType === 'charge').map((r) => r.sourceId),
  );
}

/** Reconciliation lines: per document, what was ordered and delivered, what the document says and what the bill pays. */
export async function checkDetails(
  ctx: AppContext,
  session: SessionContext,
  billNumber: string,
  suppCode: string | undefined,
  paging?: { page: number; limit: number },
): Promise<{ total: number; list: CheckDetail[] }> {
  const scope = scopeOf(session, suppCode);
  await header(ctx.db, scope, billNumber);
  const tenantId = scope.tenantId;
  const slice = paging ? sql`LIMIT ${paging.limit} OFFSET ${(paging.page - 1) * paging.limit}` : sql``;
  const { rows } = await sql<CheckDetail & { total: number }>`
    SELECT l.source_type AS "sourceType", l.source_id AS "sourceId", l.dept_code AS "deptCode",
      coalesce(d.dept_name, '') AS "deptName", l.doc_date::text AS "docDate", coalesce(q.po, '') AS "poBillNumber",
      trim_scale(coalesce(q.ordered, 0))::text AS "orderedQty", trim_scale(coalesce(q.delivered, 0))::text AS "deliveredQty",
      coalesce(q.amount, l.amount)::text AS "documentAmount", l.amount::text AS "billedAmount",
      (l.amount - coalesce(q.amount, l.amount))::text AS difference, count(*) OVER ()::int AS total
    FROM sam_bill_line l
    LEFT JOIN dept d ON d.tenant_id = l.tenant_id AND d.dept_code = l.dept_code
    LEFT JOIN LATERAL (
      SELECT min(a.po_bill_number) AS po, sum(a.accepted_qty) AS delivered, sum(a.amount) AS amount,
        sum((SELECT sum(pl.order_qty) FROM pur_order_line pl WHERE pl.tenant_id = a.tenant_id AND pl.bill_number = a.po_bill_number
          AND pl.goods_code = a.goods_code)) AS ordered
      FROM acceptance a WHERE l.source_type = 'receiving' AND a.tenant_id = l.tenant_id AND a.bill_number = l.source_id
      UNION ALL
      SELECT NULL::text, -sum(n.returned_qty), -sum(n.amount), -sum(n.asked_qty)
      FROM return_note n WHERE l.source_type = 'return' AND n.tenant_id = l.tenant_id AND n.bill_number = l.source_id
      UNION ALL
      SELECT NULL::text, 0, CASE c.direction WHEN 'deduct' THEN -c.amount ELSE c.amount END, 0
      FROM sam_charge c WHERE l.source_type = 'charge' AND c.tenant_id = l.tenant_id AND c.charge_code = l.source_id
    ) q ON q.amount IS NOT NULL
    WHERE l.tenant_id = ${tenantId} AND l.bill_number = ${billNumber}
    ORDER BY array_position(array['receiving','return','charge','prepay'], l.source_type), l.doc_date, l.source_id
    ${slice}`.execute(ctx.db);
  return { total: rows[0]?.total ?? 0, list: rows.map(({ total: _total, ...r }) => r) };
}

export async function isExist(ctx: AppContext, session: SessionContext, body: CallBody<typeof settlement.isExistBill>) {
  const scope = scopeOf(session, body.suppCode);
  if (body.samBillNum) {
    const found = await repo.billHeader(ctx.db, scope, body.samBillNum);
    return { exists: Boolean(found), samBillNums: found ? [found.samBillNum] : [] };
  }
  if (!body.nodeCode || !body.periodStart || !body.periodEnd)
    throw ApiError.badRequest('body: 请给出 samBillNum，或 nodeCode、periodStart 和 periodEnd');
  checkedPeriod(body.periodStart, body.periodEnd);
  const numbers = await repo.overlapping(ctx.db, scope, body.nodeCode, body.periodStart, body.periodEnd);
  return { exists: numbers.length > 0, samBillNums: numbers };
}

export function billFilter(q: Partial<z.infer<typeof settlement.billListQuery>>): repo.BillFilter {
  if (q.periodStart && q.periodEnd) checkedPeriod(q.periodStart, q.periodEnd);
  return {
    periodStart: q.periodStart,
    periodEnd: q.periodEnd,
    nodeCode: q.nodeCode,
    statuses: q.statuses?.length ? q.statuses : q.status ? [q.status] : undefined,
    samBillNum: q.samBillNum,
    billKind: q.billKind,
  };
}
