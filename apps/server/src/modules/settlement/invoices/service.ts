// Invoices of a bill: the supplier enters them while the bill is 已审核 (a type's code and number rules,
// amount = excl. + tax, unique per supplier), each one a workflow step of the bill.
import type { CallBody, Invoice } from '@portal/contract';
import { fromUnits, settlement, toUnits } from '@portal/contract';
import type { z } from 'zod';
import type { AppContext } from '../../../platform/context';
import { ApiError } from '../../../platform/errors';
import type { SessionContext } from '../../../platform/session-context';
import { accountActor, recordEvent } from '../../../platform/events';
import { inTransaction } from '../../../platform/sql/transaction';
import { attachmentsOf, fileOf, setAttachments } from '../attachments/repo';
import * as bills from '../bills/repo';
import { billGuards, type Db, maker, step } from '../bills/steps';
import * as repo from './repo';

const { isDigitalInvoice } = settlement;

function checkedInvoice(form: z.infer<typeof settlement.invoiceForm>) {
  const digital = isDigitalInvoice(form.invoiceType);
  if (digital && form.invoiceCode)
    throw ApiError.badRequest({
      'zh-CN': 'body.invoice.invoiceCode: 数电发票没有发票代码',
      en: 'body.invoice.invoiceCode: a digital invoice has no invoice code',
    });
  if (!digital && !form.invoiceCode)
    throw ApiError.badRequest({
      'zh-CN': 'body.invoice.invoiceCode: 请输入发票代码',
      en: 'body.invoice.invoiceCode: please enter the invoice code',
    });
  if (digital !== (form.invoiceNumber.length === 20))
    throw ApiError.badRequest({
      'zh-CN': 'body.invoice.invoiceNumber: 数电发票号码为 20 位，其他发票为 8 位',
      en: 'body.invoice.invoiceNumber: a digital invoice number has 20 digits, other invoices 8',
    });
  if (toUnits(form.amount, 2) <= 0n)
    throw ApiError.badRequest({
      'zh-CN': 'body.invoice.amount: 价税合计必须大于 0',
      en: 'body.invoice.amount: the total including tax must be greater than 0',
    });
  if (toUnits(form.amountExcl, 2) + toUnits(form.tax, 2) !== toUnits(form.amount, 2))
    throw ApiError.badRequest({
      'zh-CN': 'body.invoice.amount: 价税合计须等于不含税金额加税额',
      en: 'body.invoice.amount: the total including tax must equal the amount excluding tax plus the tax',
    });
}

export async function saveInvoice(
  ctx: AppContext,
  session: SessionContext,
  body: CallBody<typeof settlement.saveSamBillInvoice>,
): Promise<Invoice> {
  const owner = maker(session);
  checkedInvoice(body.invoice);
  const form = body.invoice;
  const id = await inTransaction(ctx, billGuards, async (trx) => {
    let invoiceId = '';
    await step(
      trx,
      session,
      owner,
      body.samBillNum,
      'invoice',
      async () => {
        invoiceId = await repo.insertInvoice(trx, owner, body.samBillNum, form, session.employeeCode);
        if (!(await setAttachments(trx, { ...owner, type: 'invoice', id: invoiceId }, form.fileIds)))
          throw ApiError.badRequest({
            'zh-CN': 'body.invoice.fileIds: 附件不存在或已被使用',
            en: 'body.invoice.fileIds: an attachment does not exist or is already in use',
          });
        await repo.refreshInvoiceSums(trx, owner.tenantId, body.samBillNum);
        await bills.bump(trx, owner.tenantId, body.samBillNum);
        await recordEvent(trx, {
          ...owner,
          topic: 'settlement.invoice.entered',
          subject: body.samBillNum,
          payload: {
            billNumber: body.samBillNum,
            invoiceId,
            invoiceType: form.invoiceType,
            invoiceCode: form.invoiceCode,
            invoiceNumber: form.invoiceNumber,
            invoiceDate: form.invoiceDate,
            taxRate: form.taxRate,
            amountExcl: form.amountExcl,
            tax: form.tax,
            amount: form.amount,
          },
          actor: accountActor(session),
        });
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
  if (!/^\d+$/.test(body.invoiceId))
    throw ApiError.notFound({ 'zh-CN': `发票 ${body.invoiceId} 不存在`, en: `Invoice ${body.invoiceId} does not exist` });
  await inTransaction(ctx, billGuards, (trx) =>
    step(
      trx,
      session,
      owner,
      body.samBillNum,
      'invoice',
      async () => {
        if (!(await repo.deleteInvoice(trx, owner.tenantId, body.samBillNum, body.invoiceId)))
          throw ApiError.notFound({ 'zh-CN': `发票 ${body.invoiceId} 不存在`, en: `Invoice ${body.invoiceId} does not exist` });
        await setAttachments(trx, { ...owner, type: 'invoice', id: body.invoiceId }, []);
        await repo.refreshInvoiceSums(trx, owner.tenantId, body.samBillNum);
        await bills.bump(trx, owner.tenantId, body.samBillNum);
        await recordEvent(trx, {
          ...owner,
          topic: 'settlement.invoice.deleted',
          subject: body.samBillNum,
          payload: { billNumber: body.samBillNum, invoiceId: body.invoiceId },
          actor: accountActor(session),
        });
      },
      `删除发票 ${body.invoiceId}`,
    ),
  );
  return null;
}

export async function invoicesOfBill(db: Db, tenantId: string, billNumber: string): Promise<Invoice[]> {
  const rows = await repo.invoicesOf(db, tenantId, billNumber);
  const files = await attachmentsOf(db, tenantId, [{ type: 'invoice', ids: rows.map((r) => String(r.id)) }]);
  return rows.map((r) => ({
    invoiceId: String(r.id),
    invoiceType: r.invoice_type as Invoice['invoiceType'],
    invoiceCode: r.invoice_code,
    invoiceNumber: r.invoice_number,
    invoiceDate: r.invoice_date,
    taxRate: fromUnits(toUnits(r.tax_rate, 2), 2),
    amountExcl: r.amount_excl,
    tax: r.tax,
    amount: r.amount,
    confirmed: r.confirmed,
    createdBy: r.created_by,
    createdAt: r.created_at.toISOString(),
    attachments: files.filter((f) => f.owner_id === String(r.id)).map(fileOf),
  }));
}
