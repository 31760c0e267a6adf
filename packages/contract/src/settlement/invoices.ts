// Invoices of a bill: the supplier enters them while the bill is 已审核, the invoice desk confirms them.
import { z } from 'zod';
import { defineCall } from '../call';
import { storedFile } from '../file';
import { decimal, isoDate } from '../paging';
import { billNum, money, taxRateInput } from './fields';
import { billButtons, billModule } from './states';

/** Invoice types; 数电发票 (fully digital e-invoices) carry no invoice code. */
export const invoiceTypes = ['增值税专用发票', '增值税普通发票', '数电发票(专用)', '数电发票(普通)'] as const;
export const invoiceType = z.enum(invoiceTypes);
export const invoiceTypeTextEn: Record<(typeof invoiceTypes)[number], string> = {
  增值税专用发票: 'VAT special invoice',
  增值税普通发票: 'VAT ordinary invoice',
  '数电发票(专用)': 'Digital invoice (special)',
  '数电发票(普通)': 'Digital invoice (ordinary)',
};
export const isDigitalInvoice = (type: (typeof invoiceTypes)[number]): boolean => type.startsWith('数电');
export const invoice = z.object({
  invoiceId: z.string(),
  invoiceType: invoiceType,
  /** '' for 数电发票. */
  invoiceCode: z.string(),
  invoiceNumber: z.string(),
  invoiceDate: z.string(),
  taxRate: decimal,
  amountExcl: decimal,
  tax: decimal,
  amount: decimal,
  /** Whether the invoice desk confirmed it (when the bill reached 发票确认). */
  confirmed: z.boolean(),
  createdBy: z.string(),
  createdAt: z.string(),
  attachments: z.array(storedFile),
});
export type Invoice = z.infer<typeof invoice>;
export const invoiceForm = z.object({
  invoiceType: invoiceType,
  /** 10 or 12 digits; '' for 数电发票. */
  invoiceCode: z
    .string()
    .trim()
    .regex(/^(\d{10}|\d{12})?$/, '发票代码为 10 或 12 位数字')
    .default(''),
  /** 8 digits, or 20 for 数电发票. */
  invoiceNumber: z
    .string()
    .trim()
    .regex(/^(\d{8}|\d{20})$/, '发票号码为 8 位数字（数电发票 20 位）'),
  invoiceDate: isoDate,
  taxRate: taxRateInput,
  amountExcl: money,
  tax: money,
  amount: money,
  /** Files uploaded through /file/uploadFile (the invoice's scan or PDF). */
  fileIds: z.array(z.uuid('fileId 不是有效的文件编号')).max(10).default([]),
});
export type InvoiceForm = z.infer<typeof invoiceForm>;

export const saveSamBillInvoice = defineCall({
  area: 'settlement',
  method: 'POST',
  path: '/samData/saveSamBillInvoice',
  module: billModule,
  button: billButtons.save,
  changes: true,
  summary: 'Enter an invoice of a bill in 已审核: (code, number) unique per supplier, amount = excl. + tax',
  body: z.object({ samBillNum: billNum, invoice: invoiceForm }),
  data: invoice,
});

export const delSamBillInvoice = defineCall({
  area: 'settlement',
  method: 'POST',
  path: '/samData/delSamBillInvoice',
  module: billModule,
  button: billButtons.save,
  changes: true,
  summary: 'Remove an invoice of a bill in 已审核',
  body: z.object({ samBillNum: billNum, invoiceId: z.string().trim().min(1).max(40) }),
  data: z.null(),
});
