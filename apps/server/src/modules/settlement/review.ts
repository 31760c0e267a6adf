// Staff review of bills (审核, 驳回, 发票确认, 退回, 审批, 作废), payments never beyond what is owed, and the
// supplier's invoices and attachments; every change one workflow step (flow.ts).
import type { CallBody, CallQuery, Invoice } from '@portal/contract';
import { settlement } from '@portal/contract';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { ApiError } from '../../platform/errors';
import { scopeOf } from '../../platform/scope';
import type { SessionContext } from '../../platform/session-context';
import { setBillDocuments } from './documents';
import type { BillFlowAction } from './flow';
import { chargesByCode, fileOf } from './charges';
import { fromCents, shown, toCents } from './money';
import * as repo from './repo';
import { type Db, inTransaction, maker, refuseDisputed, step, tolerance } from './service';

const { SettlementMessages, isDigitalInvoice } = settlement;

// ---------------------------------------------------------------------------------------------------------
// Staff review, void, payment

/** Gives a bill's documents back (void, reject): 未结算, and its lines no longer hold them. */
async function release(trx: Db, tenantId: string, billNumber: string) {
  await setBillDocuments(trx, tenantId, billNumber, '未结算');
  await repo.setLinesLive(trx, tenantId, billNumber, false);
}

type Review = 'audit' | 'reject' | 'confirmInvoice' | 'returnBack' | 'approve' | 'void';

export async function review(
  ctx: AppContext,
  session: SessionContext,
  action: Review,
  body: { samBillNum: string; suppCode?: string | undefined; note?: string; reason?: string },
) {
  const scope = scopeOf(session, body.suppCode);
  const note = body.reason ?? body.note ?? '';
  const billNumber = body.samBillNum;
  const tenantId = scope.tenantId;
  await inTransaction(ctx, async (trx) => {
    const current = await repo.lockBill(trx, scope, billNumber);
    let flowAction: BillFlowAction = action === 'returnBack' ? 'returnInvoice' : action;
    if (action === 'returnBack' && current?.status === '已审批') flowAction = 'returnApproval';
    if (action === 'reject' && current?.status === '已审核') flowAction = 'rejectAudited';
    if (action === 'void' && session.kind === 'supplier') flowAction = 'discard';
    await step(
      trx,
      session,
      scope,
      billNumber,
      flowAction,
      async (row, to) => {
        switch (flowAction) {
          case 'audit':
            await refuseDisputed(trx, tenantId, billNumber);
            break;
          case 'reject':
          case 'rejectAudited':
          case 'void':
          case 'discard':
            await release(trx, tenantId, billNumber);
            break;
          case 'confirmInvoice':
            await invoicesMatch(trx, tenantId, billNumber);
            await trx
              .updateTable('sam_invoice')
              .set({ confirmed: true })
              .where('tenant_id', '=', tenantId)
              .where('bill_number', '=', billNumber)
              .execute();
            break;
          case 'returnInvoice':
            await trx
              .updateTable('sam_invoice')
              .set({ confirmed: false })
              .where('tenant_id', '=', tenantId)
              .where('bill_number', '=', billNumber)
              .execute();
            break;
          case 'returnApproval':
            if (toCents(row.paid_amount) > 0n) throw ApiError.conflict(`结算单 ${billNumber} 已付款 ${shown(row.paid_amount)}，不能退回`);
            break;
          default:
            break;
        }
        await repo.bump(trx, tenantId, billNumber, { status: to! });
      },
      note,
    );
  });
  return repo.savedOf(ctx.db, tenantId, billNumber);
}

/** The invoices per tax rate match the bill's goods and returns at that rate within the tolerance, or 409 saying where not. */
async function invoicesMatch(trx: Db, tenantId: string, billNumber: string) {
  const allowed = await tolerance(trx, tenantId);
  const { rows } = await sql<{ rate: string; due: string; invoiced: string }>`
    SELECT trim_scale(rate)::text AS rate, sum(due)::text AS due, sum(invoiced)::text AS invoiced FROM (
      SELECT t.tax_rate AS rate, t.goods_amount + t.return_amount AS due, 0 AS invoiced
        FROM sam_bill_total t WHERE t.tenant_id = ${tenantId} AND t.bill_number = ${billNumber} AND t.tax_rate IS NOT NULL
      UNION ALL
      SELECT i.tax_rate, 0, i.amount FROM sam_invoice i WHERE i.tenant_id = ${tenantId} AND i.bill_number = ${billNumber}
    ) AS x GROUP BY rate ORDER BY rate`.execute(trx);
  if (!rows.some((r) => toCents(r.invoiced) > 0n)) throw ApiError.conflict(`结算单 ${billNumber} 尚未录入发票`);
  const off = rows.filter((r) => {
    const diff = toCents(r.due) - toCents(r.invoiced);
    return (diff < 0n ? -diff : diff) > allowed;
  });
  if (off.length > 0)
    throw ApiError.conflict(
      `${SettlementMessages.invoiceMismatch}：${off.map((r) => `税率 ${r.rate}% 应开 ${shown(r.due)}，已录入 ${shown(r.invoiced)}`).join('；')}（容差 ${fromCents(allowed)}）`,
    );
}

export async function pay(ctx: AppContext, session: SessionContext, body: CallBody<typeof settlement.recordSamBillPayment>) {
  const scope = scopeOf(session, body.suppCode);
  const tenantId = scope.tenantId;
  const billNumber = body.samBillNum;
  const amount = toCents(body.payment.amount);
  if (amount <= 0n) throw ApiError.badRequest('body.payment.amount: 付款金额必须大于 0');
  await inTransaction(ctx, async (trx) => {
    const current = await repo.lockBill(trx, scope, billNumber);
    const owed = current ? toCents(current.payable_amount) - toCents(current.paid_amount) : 0n;
    const action: BillFlowAction = current && amount === owed ? 'payFull' : 'payPart';
    await step(
      trx,
      session,
      scope,
      billNumber,
      action,
      async (_row, to) => {
        if (amount > owed)
          throw ApiError.conflict(`${SettlementMessages.overpaid}：未付 ${shown(fromCents(owed))}，本次 ${shown(body.payment.amount)}`);
        await trx
          .insertInto('sam_payment')
          .values({
            tenant_id: tenantId,
            bill_number: billNumber,
            pay_date: body.payment.payDate,
            amount: fromCents(amount),
            pay_method: body.payment.payMethod,
            reference: body.payment.reference,
            note: body.payment.note,
            created_by: session.employeeCode,
          })
          .execute();
        // The guard is the database's too: paid_amount never passes payable_amount (CHECK sam_bill_paid).
        await trx
          .updateTable('sam_bill')
          .set({ paid_amount: sql`paid_amount + ${fromCents(amount)}::numeric` })
          .where('tenant_id', '=', tenantId)
          .where('bill_number', '=', billNumber)
          .execute();
        if (to === '已支付') await setBillDocuments(trx, tenantId, billNumber, '已结算');
        await repo.bump(trx, tenantId, billNumber, { status: to! });
      },
      `${body.payment.payMethod} ${fromCents(amount)}${body.payment.reference ? ` ${body.payment.reference}` : ''}${body.payment.note ? ` ${body.payment.note}` : ''}`,
    );
  });
  return repo.savedOf(ctx.db, tenantId, billNumber);
}

// ---------------------------------------------------------------------------------------------------------
// Invoices and attachments

function checkedInvoice(form: z.infer<typeof settlement.invoiceForm>) {
  const digital = isDigitalInvoice(form.invoiceType);
  if (digital && form.invoiceCode) throw ApiError.badRequest('body.invoice.invoiceCode: 数电发票没有发票代码');
  if (!digital && !form.invoiceCode) throw ApiError.badRequest('body.invoice.invoiceCode: 请输入发票代码');
  if (digital !== (form.invoiceNumber.length === 20))
    throw ApiError.badRequest('body.invoice.invoiceNumber: 数电发票号码为 20 位，其他发票为 8 位');
  if (toCents(form.amount) <= 0n) throw ApiError.badRequest('body.invoice.amount: 价税合计必须大于 0');
  if (toCents(form.amountExcl) + toCents(form.tax) !== toCents(form.amount))
    throw ApiError.badRequest('body.invoice.amount: 价税合计须等于不含税金额加税额');
}

export async function saveInvoice(
  ctx: AppContext,
  session: SessionContext,
  body: CallBody<typeof settlement.saveSamBillInvoice>,
): Promise<Invoice> {
  const owner = maker(session);
  checkedInvoice(body.invoice);
  const form = body.invoice;
  const id = await inTransaction(ctx, async (trx) => {
    let invoiceId = '';
    await step(
      trx,
      session,
      owner,
      body.samBillNum,
      'invoice',
      async () => {
        const row = await trx
          .insertInto('sam_invoice')
          .values({
            tenant_id: owner.tenantId,
            supp_code: owner.suppCode,
            bill_number: body.samBillNum,
            invoice_type: form.invoiceType,
            invoice_code: form.invoiceCode,
            invoice_number: form.invoiceNumber,
            invoice_date: form.invoiceDate,
            tax_rate: form.taxRate,
            amount_excl: form.amountExcl,
            tax: form.tax,
            amount: form.amount,
            created_by: session.employeeCode,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        invoiceId = String(row.id);
        if (!(await repo.setAttachments(trx, { ...owner, type: 'invoice', id: invoiceId }, form.fileIds)))
          throw ApiError.badRequest('body.invoice.fileIds: 附件不存在或已被使用');
        await repo.refreshInvoiceSums(trx, owner.tenantId, body.samBillNum);
        await repo.bump(trx, owner.tenantId, body.samBillNum);
      },
      `${form.invoiceType} ${form.invoiceCode}${form.invoiceCode ? '-' : ''}${form.invoiceNumber} ${form.amount}`,
    );
    return invoiceId;
  });
  const invoice = (await invoicesOfBill(ctx.db, owner.tenantId, body.samBillNum)).find((i) => i.invoiceId === id);
  return invoice!;
}

export async function deleteInvoice(
  ctx: AppContext,
  session: SessionContext,
  body: CallBody<typeof settlement.delSamBillInvoice>,
): Promise<null> {
  const owner = maker(session);
  if (!/^\d+$/.test(body.invoiceId)) throw ApiError.notFound(`发票 ${body.invoiceId} 不存在`);
  await inTransaction(ctx, (trx) =>
    step(
      trx,
      session,
      owner,
      body.samBillNum,
      'invoice',
      async () => {
        const removed = await trx
          .deleteFrom('sam_invoice')
          .where('tenant_id', '=', owner.tenantId)
          .where('bill_number', '=', body.samBillNum)
          .where('id', '=', body.invoiceId)
          .executeTakeFirst();
        if (removed.numDeletedRows === 0n) throw ApiError.notFound(`发票 ${body.invoiceId} 不存在`);
        await repo.setAttachments(trx, { ...owner, type: 'invoice', id: body.invoiceId }, []);
        await repo.refreshInvoiceSums(trx, owner.tenantId, body.samBillNum);
        await repo.bump(trx, owner.tenantId, body.samBillNum);
      },
      `删除发票 ${body.invoiceId}`,
    ),
  );
  return null;
}

export async function attach(ctx: AppContext, session: SessionContext, body: CallBody<typeof settlement.attachSamBillFiles>) {
  const scope = scopeOf(session);
  await inTransaction(ctx, (trx) =>
    step(trx, session, scope, body.samBillNum, 'attach', async () => {
      const ok = await repo.setAttachments(
        trx,
        { tenantId: scope.tenantId, suppCode: session.suppCode, type: 'bill', id: body.samBillNum },
        body.fileIds,
      );
      if (!ok) throw ApiError.badRequest('body.fileIds: 附件不存在或已被使用');
    }),
  );
  const files = await repo.attachmentsOf(ctx.db, scope.tenantId, [{ type: 'bill', ids: [body.samBillNum] }]);
  return files.map(fileOf);
}

export async function invoicesOfBill(db: Db, tenantId: string, billNumber: string): Promise<Invoice[]> {
  const rows = await repo.invoicesOf(db, tenantId, billNumber);
  const files = await repo.attachmentsOf(db, tenantId, [{ type: 'invoice', ids: rows.map((r) => String(r.id)) }]);
  return rows.map((r) => ({
    invoiceId: String(r.id),
    invoiceType: r.invoice_type as Invoice['invoiceType'],
    invoiceCode: r.invoice_code,
    invoiceNumber: r.invoice_number,
    invoiceDate: r.invoice_date,
    taxRate: fromCents(toCents(r.tax_rate)),
    amountExcl: r.amount_excl,
    tax: r.tax,
    amount: r.amount,
    confirmed: r.confirmed,
    createdBy: r.created_by,
    createdAt: r.created_at.toISOString(),
    attachments: files.filter((f) => f.owner_id === String(r.id)).map(fileOf),
  }));
}

export async function attachments(ctx: AppContext, session: SessionContext, q: CallQuery<typeof settlement.getAttachmentLisBySAMChgInv>) {
  const scope = scopeOf(session, q.suppCode);
  let bill = await repo.billHeader(ctx.db, scope, q.billNumber);
  if (bill && ((q.buildDate && !bill.createdAt.startsWith(q.buildDate)) || (q.nodeCode && bill.nodeCode !== q.nodeCode))) bill = undefined;
  const owners: { type: 'bill' | 'charge' | 'invoice'; ids: string[] }[] = [];
  if (bill) {
    const refs = await repo.billRefs(ctx.db, scope.tenantId, q.billNumber);
    owners.push({ type: 'bill', ids: [q.billNumber] });
    owners.push({ type: 'charge', ids: refs.filter((r) => r.sourceType === 'charge').map((r) => r.sourceId) });
    if (q.invoiceInside === '1')
      owners.push({ type: 'invoice', ids: (await repo.invoicesOf(ctx.db, scope.tenantId, q.billNumber)).map((i) => String(i.id)) });
  } else {
    const [charge] = await chargesByCode(ctx.db, scope, [q.billNumber]);
    if (!charge) throw ApiError.notFound(`单据 ${q.billNumber} 不存在`);
    owners.push({ type: 'charge', ids: [q.billNumber] });
  }
  const files = await repo.attachmentsOf(ctx.db, scope.tenantId, owners);
  return files.map((f) => ({ ...fileOf(f), attachedTo: f.owner_type, ref: f.owner_id }));
}
