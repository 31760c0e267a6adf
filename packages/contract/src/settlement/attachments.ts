// Files attached to a bill, its charges and its invoices: attaching them to a bill, and listing them.
import { z } from 'zod';
import { defineCall } from '../call';
import { storedFile } from '../file';
import { isoDate } from '../paging';
import { billNum, code, suppCode } from './fields';
import { billButtons, billModule } from './states';

export const attachSamBillFiles = defineCall({
  area: 'settlement',
  method: 'POST',
  path: '/samData/attachSamBillFiles',
  module: billModule,
  button: billButtons.save,
  changes: true,
  summary: 'Attach files uploaded through /file/uploadFile to a bill (or detach: the list replaces the old one)',
  body: z.object({ samBillNum: billNum, fileIds: z.array(z.uuid('fileId 不是有效的文件编号')).max(20) }),
  data: z.array(storedFile),
});
export const attachment = storedFile.extend({
  /** What the file belongs to, and that record's number or id. */
  attachedTo: z.enum(['bill', 'charge', 'invoice']),
  ref: z.string(),
});

export const getAttachmentLisBySAMChgInv = defineCall({
  area: 'settlement',
  method: 'GET',
  path: '/samData/getAttachmentLisBySAMChgInv',
  module: billModule,
  summary:
    "Attachments of a bill (billNumber a 结算单号, with its charges'; invoiceInside=1 adds its invoices'), or of one charge (billNumber a 费用单号); buildDate and nodeCode narrow",
  query: z.object({
    billNumber: z.string().trim().min(1, 'billNumber 不能为空').max(40),
    buildDate: isoDate.optional(),
    nodeCode: code().optional(),
    invoiceInside: z.enum(['0', '1']).default('0'),
    ...suppCode,
  }),
  data: z.array(attachment),
});
