// Files of a bill, its charges and its invoices: attaching the supplier's or a review step's files to a
// bill (a workflow step), and listing a bill's or a charge's files.
import type { CallBody, CallQuery } from '@portal/contract';
import type { settlement } from '@portal/contract';
import type { AppContext } from '../../../platform/context';
import { ApiError } from '../../../platform/errors';
import { scopeOf } from '../../../platform/scope';
import type { SessionContext } from '../../../platform/session-context';
import { inTransaction } from '../../../platform/sql/transaction';
import * as bills from '../bills/repo';
import { billGuards, step } from '../bills/steps';
import { chargesByCode } from '../charges/service';
import * as invoices from '../invoices/repo';
import { attachmentsOf, fileOf, setAttachments } from './repo';

export async function attach(ctx: AppContext, session: SessionContext, body: CallBody<typeof settlement.attachSamBillFiles>) {
  const scope = scopeOf(session);
  await inTransaction(ctx, billGuards, (trx) =>
    step(trx, session, scope, body.samBillNum, 'attach', async () => {
      const ok = await setAttachments(
        trx,
        { tenantId: scope.tenantId, suppCode: session.suppCode, type: 'bill', id: body.samBillNum },
        body.fileIds,
      );
      if (!ok)
        throw ApiError.badRequest({
          'zh-CN': 'body.fileIds: 附件不存在或已被使用',
          en: 'body.fileIds: an attachment does not exist or is already in use',
        });
    }),
  );
  const files = await attachmentsOf(ctx.db, scope.tenantId, [{ type: 'bill', ids: [body.samBillNum] }]);
  return files.map(fileOf);
}

export async function attachments(ctx: AppContext, session: SessionContext, q: CallQuery<typeof settlement.getAttachmentLisBySAMChgInv>) {
  const scope = scopeOf(session, q.suppCode);
  let bill = await bills.billHeader(ctx.db, scope, q.billNumber);
  if (bill && ((q.buildDate && !bill.createdAt.startsWith(q.buildDate)) || (q.nodeCode && bill.nodeCode !== q.nodeCode))) bill = undefined;
  const owners: { type: 'bill' | 'charge' | 'invoice'; ids: string[] }[] = [];
  if (bill) {
    const refs = await bills.billRefs(ctx.db, scope.tenantId, q.billNumber);
    owners.push({ type: 'bill', ids: [q.billNumber] });
    owners.push({ type: 'charge', ids: refs.filter((r) => r.sourceType === 'charge').map((r) => r.sourceId) });
    if (q.invoiceInside === '1')
      owners.push({ type: 'invoice', ids: (await invoices.invoicesOf(ctx.db, scope.tenantId, q.billNumber)).map((i) => String(i.id)) });
  } else {
    const [charge] = await chargesByCode(ctx.db, scope, [q.billNumber]);
    if (!charge) throw ApiError.notFound({ 'zh-CN': `单据 ${q.billNumber} 不存在`, en: `Document ${q.billNumber} does not exist` });
    owners.push({ type: 'charge', ids: [q.billNumber] });
  }
  const files = await attachmentsOf(ctx.db, scope.tenantId, owners);
  return files.map((f) => ({ ...fileOf(f), attachedTo: f.owner_type, ref: f.owner_id }));
}
