// Receiving documents that name a delivery note (integration receiving handler, modules/integration/documents): the
// handler calls `checkNoteReceiving` before writing the acceptance lines and `markNotesReceived` after, in its
// transaction. A note is received by one receiving bill.
import { type integration, toUnits } from '@portal/contract';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { EventActor } from '../../platform/events';
import * as repo from './repo';
import { noteEvent } from './service';

type ReceivingDoc = integration.ReceivingDoc;
type DocumentRefusal = integration.DocumentRefusal;

const refusal = (path: string, zh: string, en: string): DocumentRefusal => ({ path, reason: { 'zh-CN': zh, en } });

/** Who received: the staff account, the integration client, or the door (seed, import). */
export interface ReceivingActor {
  event: EventActor;
  code: string;
  name: string;
}

/**
 * Checks the receiving documents that name a delivery note (locking the notes): the note exists in the tenant, is
 * the document's supplier's and store's, is neither cancelled nor received by another bill; the lines are the
 * note's (line numbers and goods), every note line once, a rejection with its reason. Answers the refusals and,
 * for the documents that pass, each line's purchase order (the note line's).
 */
export async function checkNoteReceiving(
  trx: Transaction<DB>,
  tenantId: string,
  docs: { key: string; doc: ReceivingDoc }[],
): Promise<{ refused: Map<string, DocumentRefusal[]>; orderOf: Map<string, Map<number, string>> }> {
  const refused = new Map<string, DocumentRefusal[]>();
  const orderOf = new Map<string, Map<number, string>>();
  const withNote = docs.filter((d) => d.doc.deliveryNote);
  if (withNote.length === 0) return { refused, orderOf };
  const notes = new Map(
    (
      await repo.lockNotes(
        trx,
        { tenantId, suppCode: null },
        withNote.map((d) => d.doc.deliveryNote!),
      )
    ).map((n) => [n.note_number, n]),
  );
  const claimed = new Map<string, string>();
  for (const { key, doc } of withNote) {
    const number = doc.deliveryNote!;
    const note = notes.get(number);
    const refuse = (r: DocumentRefusal) => refused.set(key, [r]);
    if (!note) {
      refuse(refusal('deliveryNote', `送货单 ${number} 不存在`, `Delivery note ${number} does not exist`));
      continue;
    }
    if (note.supp_code !== doc.supplierCode || note.dept_code !== doc.storeCode) {
      refuse(
        refusal(
          'deliveryNote',
          `送货单 ${number} 属于供应商 ${note.supp_code}、门店 ${note.dept_code}, 与本单不符`,
          `Delivery note ${number} is supplier ${note.supp_code}'s for store ${note.dept_code}, not this bill's`,
        ),
      );
      continue;
    }
    if (note.status === '已取消') {
      refuse(refusal('deliveryNote', `送货单 ${number} 已取消`, `Delivery note ${number} is cancelled`));
      continue;
    }
    if ((note.status === '已收货' && note.receiving_bill !== key) || (claimed.has(number) && claimed.get(number) !== key)) {
      refuse(
        refusal(
          'deliveryNote',
          `送货单 ${number} 已由验收单 ${note.receiving_bill ?? claimed.get(number)} 收货`,
          `Delivery note ${number} has been received by receiving bill ${note.receiving_bill ?? claimed.get(number)}`,
        ),
      );
      continue;
    }
    const lines = await repo.linesForReceiving(trx, tenantId, number);
    const byNo = new Map(lines.map((l) => [l.lineNo, l]));
    const problems: DocumentRefusal[] = [];
    doc.lines.forEach((l, i) => {
      const line = byNo.get(l.lineNo);
      if (!line)
        problems.push(
          refusal(`lines.${i}.lineNo`, `送货单 ${number} 没有第 ${l.lineNo} 行`, `Delivery note ${number} has no line ${l.lineNo}`),
        );
      else if (line.goodsCode !== l.goodsCode)
        problems.push(
          refusal(
            `lines.${i}.goodsCode`,
            `送货单 ${number} 第 ${l.lineNo} 行的商品是 ${line.goodsCode}`,
            `Line ${l.lineNo} of delivery note ${number} is goods ${line.goodsCode}`,
          ),
        );
      if (toUnits(l.rejectedQty, 3) > 0n && !l.rejectReason)
        problems.push(refusal(`lines.${i}.rejectReason`, '有拒收数量时须填写拒收原因', 'A rejected quantity needs its reason'));
    });
    if (doc.lines.length !== lines.length)
      problems.push(
        refusal(
          'lines',
          `须按送货单 ${number} 的每一行 (${lines.length} 行) 收货`,
          `Every line of delivery note ${number} (${lines.length}) must be received`,
        ),
      );
    if (problems.length > 0) {
      refused.set(key, problems.slice(0, 20));
      continue;
    }
    claimed.set(number, key);
    orderOf.set(key, new Map(lines.map((l) => [l.lineNo, l.billNumber])));
  }
  return { refused, orderOf };
}

/** Marks the notes of the written documents received, with their lines' quantities, history and event. */
export async function markNotesReceived(
  trx: Transaction<DB>,
  tenantId: string,
  docs: { key: string; doc: ReceivingDoc }[],
  actor: ReceivingActor,
): Promise<void> {
  for (const { key, doc } of docs) {
    if (!doc.deliveryNote) continue;
    const [note] = await repo.lockNotes(trx, { tenantId, suppCode: null }, [doc.deliveryNote]);
    await repo.setReceived(trx, tenantId, doc.deliveryNote, key, actor.code, {
      lineNo: doc.lines.map((l) => l.lineNo),
      receivedQty: doc.lines.map((l) => l.qty),
      rejectedQty: doc.lines.map((l) => l.rejectedQty),
      rejectReason: doc.lines.map((l) => l.rejectReason ?? ''),
    });
    await repo.audit(trx, {
      tenantId,
      noteNumber: doc.deliveryNote,
      action: 'receive',
      from: note!.status,
      to: '已收货',
      actorCode: actor.code,
      actorName: actor.name,
      note: key,
    });
    await noteEvent(trx, tenantId, doc.deliveryNote, 'order.delivery-note.received', actor.event);
  }
}
