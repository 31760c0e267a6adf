// Receiving against a delivery note at the dock (ms0115): the staff's receiving bill (numbered as the note) goes
// through the integration service like the WMS's (a receiving document with `deliveryNote`), so the acceptance lines,
// their rollups and the orders' received quantities (部分到货/已完成) are written exactly as for the ERP's receiving.
import { type CallBody, type Localized, businessDay, type deliveryNote, fromUnits, type integration, toUnits } from '@portal/contract';
import type { AppContext } from '../../platform/context';
import { ApiError } from '../../platform/errors';
import type { SessionContext } from '../../platform/session-context';
import { ingest } from '../integration/documents/service';
import * as repo from './repo';
import { detailIn } from './service';

type ReceivingDoc = integration.ReceivingDoc;
type PostBody = CallBody<typeof deliveryNote.postReceiving>;

const conflict = (texts: Localized) => ApiError.conflict(texts);

/** Line amount: quantity × price, to the cent (half up). */
function amountOf(qty: string, price: string): string {
  const micro = toUnits(qty, 3) * toUnits(price, 6); // 10^-9
  return fromUnits((micro + 5_000_000n) / 10_000_000n, 2);
}

/** Staff receive a note at the dock: the receiving bill (numbered as the note) goes through the integration service. */
export async function post(ctx: AppContext, session: SessionContext, body: PostBody) {
  const scope = { tenantId: session.tenantId, suppCode: null };
  const noteNumber = body.noteNumber;
  await ctx.db.transaction().execute(async (trx) => {
    const [note] = await repo.lockNotes(trx, scope, [noteNumber]);
    if (!note) throw ApiError.notFound({ 'zh-CN': `送货单 ${noteNumber} 不存在`, en: `Delivery note ${noteNumber} does not exist` });
    if (note.status === '已收货')
      throw conflict({ 'zh-CN': `送货单 ${noteNumber} 已收货, 不能重复收货`, en: `Delivery note ${noteNumber} has already been received` });
    if (note.status === '已取消')
      throw conflict({
        'zh-CN': `送货单 ${noteNumber} 已取消, 不能收货`,
        en: `Delivery note ${noteNumber} is cancelled and cannot be received`,
      });
    const lines = await repo.linesForReceiving(trx, session.tenantId, noteNumber);
    const given = new Map(body.lines.map((l) => [l.lineNo, l]));
    if (given.size !== body.lines.length || lines.some((l) => !given.has(l.lineNo)) || given.size !== lines.length)
      throw ApiError.badRequest({
        'zh-CN': `body.lines: 须按送货单的每一行 (${lines.length} 行) 各填写一次`,
        en: `body.lines: give each of the note's ${lines.length} lines once`,
      });
    lines.forEach((line, i) => {
      const g = given.get(line.lineNo)!;
      const received = toUnits(g.receivedQty, 3);
      const rejected = toUnits(g.rejectedQty, 3);
      if (received + rejected > toUnits(line.qty, 3))
        throw ApiError.badRequest({
          'zh-CN': `body.lines.${i}: 第 ${line.lineNo} 行实收 ${g.receivedQty} 加拒收 ${g.rejectedQty} 超过送货数量 ${line.qty}`,
          en: `body.lines.${i}: line ${line.lineNo}: received ${g.receivedQty} plus rejected ${g.rejectedQty} is above the delivered ${line.qty}`,
        });
      if (rejected > 0n && !g.rejectReason)
        throw ApiError.badRequest({
          'zh-CN': `body.lines.${i}.rejectReason: 第 ${line.lineNo} 行有拒收数量, 请选择拒收原因`,
          en: `body.lines.${i}.rejectReason: line ${line.lineNo} has a rejected quantity: choose its reason`,
        });
    });
    const doc: ReceivingDoc = {
      key: noteNumber,
      version: 1,
      supplierCode: note.supp_code,
      storeCode: note.dept_code,
      date: businessDay(ctx.now()),
      deliveryNote: noteNumber,
      lines: lines.map((line) => {
        const g = given.get(line.lineNo)!;
        return {
          lineNo: line.lineNo,
          goodsCode: line.goodsCode,
          qty: g.receivedQty,
          freeQty: '0',
          rejectedQty: g.rejectedQty,
          ...(g.rejectReason ? { rejectReason: g.rejectReason } : {}),
          price: line.price,
          amount: amountOf(g.receivedQty, line.price),
          taxRate: line.taxRate,
        };
      }),
    };
    const answer = await ingest(
      { db: trx },
      {
        tenantId: session.tenantId,
        source: 'import',
        accountId: session.accountId,
        account: { code: session.employeeCode, name: session.employeeName },
      },
      'receiving',
      [doc],
    );
    const result = answer.results[0]!;
    if (result.outcome === 'refused') {
      const first = result.refusals![0]!;
      throw ApiError.conflict({ 'zh-CN': first.reason['zh-CN'], en: first.reason.en });
    }
    if (result.outcome !== 'created')
      throw conflict({ 'zh-CN': `验收单 ${noteNumber} 已存在`, en: `Receiving bill ${noteNumber} already exists` });
  });
  return detailIn(ctx.db, scope, noteNumber);
}
