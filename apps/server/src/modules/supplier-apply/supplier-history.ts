// Rules of the supplier history (staff): the tenant's suppliers with their admission and status, one
// supplier's status history and applications, and status changes on the supplier workflow.
import type { supplierApply } from '@portal/contract';
import { type CallBody, type CallData, type SupplierRow, type SupplierStatus } from '@portal/contract';
import type { AppContext } from '../../platform/context';
import { ApiError } from '../../platform/errors';
import type { SessionContext } from '../../platform/session-context';
import { historyOf } from '../../platform/workflow/history';
import { transition } from '../../platform/workflow/transition';
import { applyFlow, statusAction, supplierFlow } from './flow';
import * as repo from './repo';

function staffScope(session: SessionContext) {
  if (session.kind !== 'staff')
    throw ApiError.forbidden({ 'zh-CN': '只有商户员工可以查看供应商历史', en: "Only the retailer's staff can view a supplier's history" });
  return { tenantId: session.tenantId, suppCode: null };
}

export function list(ctx: AppContext, session: SessionContext, body: CallBody<typeof supplierApply.getSupplierHistoryList>) {
  return repo.supplierList.page(ctx.db, staffScope(session), body, body);
}

export function columnValues(
  ctx: AppContext,
  session: SessionContext,
  body: CallBody<typeof supplierApply.getSupplierHistoryColumnValues>,
) {
  return repo.supplierList.columnValues(ctx.db, staffScope(session), body, body.filters, body.field);
}

async function supplierRow(ctx: AppContext, tenantId: string, suppCode: string): Promise<SupplierRow> {
  const row = await repo.suppliers(ctx.db).where('s.tenant_id', '=', tenantId).where('s.supp_code', '=', suppCode).executeTakeFirst();
  if (!row) throw ApiError.notFound({ 'zh-CN': `供应商 ${suppCode} 不存在`, en: `Supplier ${suppCode} does not exist` });
  return row;
}

export async function detail(
  ctx: AppContext,
  session: SessionContext,
  suppCode: string,
): Promise<CallData<typeof supplierApply.getSupplierHistory>> {
  const { tenantId } = staffScope(session);
  const supplier = await supplierRow(ctx, tenantId, suppCode);
  const applications = await repo
    .applications(ctx.db)
    .where('a.tenant_id', '=', tenantId)
    .where('a.credit_code', '=', supplier.creditCode)
    .orderBy('a.created_at')
    .orderBy('a.id')
    .execute();
  return {
    supplier,
    statusHistory: await historyOf(ctx.db, supplierFlow, tenantId, suppCode),
    applications: await Promise.all(
      applications.map(async (a) => ({ ...repo.rowOf(a), history: await historyOf(ctx.db, applyFlow, tenantId, a.applyNo) })),
    ),
  };
}

export async function changeStatus(
  ctx: AppContext,
  session: SessionContext,
  suppCode: string,
  status: SupplierStatus,
  note: string,
): Promise<SupplierRow> {
  const { tenantId } = staffScope(session);
  await ctx.db.transaction().execute((trx) =>
    transition(trx, supplierFlow, {
      action: statusAction[status],
      actor: session,
      id: suppCode,
      note,
      lock: () => repo.lockSupplierStatus(trx, tenantId, suppCode),
      apply: (_row, to) => repo.setSupplierStatus(trx, tenantId, suppCode, to!),
    }),
  );
  return supplierRow(ctx, tenantId, suppCode);
}
