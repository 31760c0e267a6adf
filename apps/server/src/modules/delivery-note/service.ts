// Rules of delivery notes (送货单): made by a supplier from its confirmed order lines for one store or DC within the
// open quantity (plus the tenant's over-delivery tolerance), batch and dates for goods with a shelf life, a number
// of the SH series; cancelled only while 已创建 (a booked note's booking is cancelled first, in the dock bookings).
import { type CallBody, type CallData, businessDay, type deliveryNote, fromUnits, toUnits } from '@portal/contract';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { AppContext, DataContext } from '../../platform/context';
import { ApiError } from '../../platform/errors';
import { type EventActor, accountActor, recordEvent } from '../../platform/events';
import { type DataScope, scopeOf } from '../../platform/scope';
import type { SessionContext } from '../../platform/session-context';
import { nextSequence } from '../../platform/sql/sequence';
import { transact } from '../../platform/sql/transaction';
import * as repo from './repo';

type NoteDetail = CallData<typeof deliveryNote.getDeliveryNoteDetail>;
type NewNote = CallBody<typeof deliveryNote.createDeliveryNote>;
type PageQuery = CallBody<typeof deliveryNote.getDeliveryNotePage>;

const units = (v: string) => toUnits(v, 3);
const qtyText = (u: bigint) => fromUnits(u, 3);
/** A whole percentage of a quantity, in units rounded up (the tolerance never rounds a line down to nothing). */
const percentOf = (u: bigint, percent: bigint) => (u * percent + 9999n) / 10000n;

/** The tenant's over-delivery tolerance in hundredths of a percent (system_param overDeliveryPercent, default 0). */
async function tolerance(db: Kysely<DB>, tenantId: string): Promise<{ text: string; hundredths: bigint }> {
  const raw = (await repo.param(db, tenantId, 'overDeliveryPercent')) ?? '0';
  const text = /^\d{1,3}(\.\d{1,2})?$/.test(raw.trim()) ? raw.trim() : '0';
  return { text, hundredths: toUnits(text, 2) };
}

/** The tenant's minimum remaining shelf life at arrival as a fraction (minShelfLifeRatio, 0 = not checked). */
async function minShelfLife(db: Kysely<DB>, tenantId: string): Promise<number> {
  const raw = Number((await repo.param(db, tenantId, 'minShelfLifeRatio')) ?? '0');
  return Number.isFinite(raw) && raw > 0 && raw < 1 ? raw : 0;
}

const maxOf = (line: Pick<repo.OpenLineRow, 'confirmedQty' | 'receivedQty' | 'onNotes'>, hundredths: bigint) =>
  units(line.confirmedQty) - units(line.receivedQty) - units(line.onNotes) + percentOf(units(line.confirmedQty), hundredths);

function supplierOnly(session: SessionContext): DataScope & { suppCode: string } {
  if (session.kind !== 'supplier' || !session.suppCode)
    throw ApiError.forbidden({ 'zh-CN': '只有供应商账号可以制作送货单', en: 'Only supplier accounts make delivery notes' });
  return { tenantId: session.tenantId, suppCode: session.suppCode };
}

export async function openLines(ctx: AppContext, session: SessionContext, deptCode?: string) {
  const scope = supplierOnly(session);
  const { text, hundredths } = await tolerance(ctx.db, scope.tenantId);
  const rows = await repo.openLines(ctx.db, scope, { deptCode });
  return {
    overDeliveryPercent: text,
    lines: rows
      .map(({ price: _price, ...row }) => {
        const open = units(row.confirmedQty) - units(row.receivedQty) - units(row.onNotes);
        return { ...row, openQty: qtyText(open), maxQty: qtyText(maxOf(row, hundredths)) };
      })
      .filter((row) => units(row.maxQty) > 0n),
  };
}

export async function page(ctx: AppContext, session: SessionContext, query: PageQuery) {
  if (query.startDate && query.endDate && query.startDate > query.endDate)
    throw ApiError.badRequest({
      'zh-CN': 'body.endDate: 结束日期不能早于开始日期',
      en: 'body.endDate: the end date cannot be before the start date',
    });
  return repo.notePage(ctx.db, scopeOf(session), query, query.page, query.limit);
}

const notFound = (noteNumber: string) =>
  ApiError.notFound({ 'zh-CN': `送货单 ${noteNumber} 不存在`, en: `Delivery note ${noteNumber} does not exist` });

/** A note as the screens show it, within the scope (a supplier's own; staff: the tenant's). */
export async function detailIn(db: Kysely<DB>, scope: DataScope, noteNumber: string): Promise<NoteDetail> {
  const head = await repo.noteHead(db, scope, noteNumber);
  if (!head) throw notFound(noteNumber);
  const lines = await repo.noteLines(db, scope.tenantId, noteNumber);
  return {
    header: head,
    lines: lines.map(({ shelfLifeDays: _s, ...l }) => l),
  };
}

export function detail(ctx: AppContext, session: SessionContext, noteNumber: string) {
  return detailIn(ctx.db, scopeOf(session), noteNumber);
}

/** What a note's events say of it. */
async function facts(trx: Transaction<DB>, tenantId: string, noteNumber: string) {
  const d = await detailIn(trx, { tenantId, suppCode: null }, noteNumber);
  return {
    noteNumber,
    suppCode: d.header.suppCode,
    deptCode: d.header.deptCode,
    expectedDate: d.header.expectedDate,
    status: d.header.status,
    packages: d.header.packages,
    totalQty: d.header.totalQty,
    lines: d.lines.map((l) => ({
      lineNo: l.lineNo,
      purchaseOrder: l.billNumber,
      purchaseOrderLine: l.poLineNo,
      goodsCode: l.goodsCode,
      qty: l.qty,
      receivedQty: l.receivedQty,
      rejectedQty: l.rejectedQty,
      rejectReason: l.rejectReason,
    })),
    header: d.header,
  };
}

export async function noteEvent(
  trx: Transaction<DB>,
  tenantId: string,
  noteNumber: string,
  topic: 'order.delivery-note.created' | 'order.delivery-note.cancelled' | 'order.delivery-note.received',
  actor: EventActor,
): Promise<void> {
  const { header, ...f } = await facts(trx, tenantId, noteNumber);
  const base = { tenantId, suppCode: f.suppCode, subject: noteNumber, actor };
  if (topic === 'order.delivery-note.received') {
    await recordEvent(trx, {
      ...base,
      topic,
      payload: { ...f, receivingBill: header.receivingBill, receivedQty: header.receivedQty, rejectedQty: header.rejectedQty },
    });
    // Less received than the note carried (refused or short): the supplier hears of those lines (notifications).
    const differing = f.lines.filter((l) => toUnits(l.receivedQty, 4) < toUnits(l.qty, 4) || toUnits(l.rejectedQty, 4) > 0n);
    if (differing.length > 0)
      await recordEvent(trx, {
        ...base,
        topic: 'order.receiving.differences',
        payload: {
          noteNumber,
          suppCode: f.suppCode,
          deptCode: f.deptCode,
          receivingBill: header.receivingBill,
          lines: differing.map((l) => ({
            lineNo: l.lineNo,
            goodsCode: l.goodsCode,
            qty: l.qty,
            receivedQty: l.receivedQty,
            rejectedQty: l.rejectedQty,
            rejectReason: l.rejectReason,
          })),
        },
      });
  } else await recordEvent(trx, { ...base, topic, payload: f });
}

const bad = (path: string, zh: string, en: string) => ApiError.badRequest({ 'zh-CN': `${path}: ${zh}`, en: `${path}: ${en}` });

const dayDiff = (a: string, b: string) => (Date.parse(`${a}T00:00:00Z`) - Date.parse(`${b}T00:00:00Z`)) / 86_400_000;

export async function create(ctx: DataContext, session: SessionContext, form: NewNote): Promise<NoteDetail> {
  const scope = supplierOnly(session);
  const today = businessDay(ctx.now());
  if (form.expectedDate < today)
    throw bad('body.expectedDate', '预计到货日期不能早于今天', 'the expected arrival date cannot be before today');
  const seen = new Set<string>();
  form.lines.forEach((l, i) => {
    const key = `${l.billNumber}#${l.lineNo}`;
    if (seen.has(key))
      throw bad(
        `body.lines.${i}`,
        `采购订单 ${l.billNumber} 第 ${l.lineNo} 行重复`,
        `line ${l.lineNo} of purchase order ${l.billNumber} appears twice`,
      );
    seen.add(key);
  });
  const ratio = await minShelfLife(ctx.db, scope.tenantId);
  const noteNumber = await transact(ctx.db, async (trx) => {
    const { hundredths } = await tolerance(trx, scope.tenantId);
    const open = await repo.openLines(trx, scope, {
      lines: form.lines.map((l) => ({ billNumber: l.billNumber, lineNo: l.lineNo })),
      lock: true,
    });
    const byKey = new Map(open.map((o) => [`${o.billNumber}#${o.lineNo}`, o]));
    const lines: repo.NewNoteLineRow[] = form.lines.map((l, i) => {
      const path = `body.lines.${i}`;
      const o = byKey.get(`${l.billNumber}#${l.lineNo}`);
      if (!o)
        throw bad(
          path,
          `采购订单 ${l.billNumber} 第 ${l.lineNo} 行不是本供应商已确认可送货的订单行`,
          `line ${l.lineNo} of purchase order ${l.billNumber} is not a confirmed line of your orders open for delivery`,
        );
      const qty = units(l.qty);
      if (qty <= 0n) throw bad(`${path}.qty`, '送货数量须大于 0', 'the quantity must be above 0');
      const max = maxOf(o, hundredths);
      if (qty > max)
        throw bad(
          `${path}.qty`,
          `送货数量 ${l.qty} 超过可送数量 ${qtyText(max)} (已确认 ${o.confirmedQty}, 已到货 ${o.receivedQty}, 其他送货单 ${o.onNotes})`,
          `the quantity ${l.qty} is above the ${qtyText(max)} still open (confirmed ${o.confirmedQty}, received ${o.receivedQty}, on other notes ${o.onNotes})`,
        );
      if (o.shelfLifeDays !== null) {
        if (!l.batchNo)
          throw bad(
            `${path}.batchNo`,
            `${o.goodsName} 有保质期, 批号必填`,
            `${o.goodsName} has a shelf life: the batch number is required`,
          );
        if (!l.productionDate)
          throw bad(
            `${path}.productionDate`,
            `${o.goodsName} 有保质期, 生产日期必填`,
            `${o.goodsName} has a shelf life: the production date is required`,
          );
        if (!l.expiryDate)
          throw bad(
            `${path}.expiryDate`,
            `${o.goodsName} 有保质期, 到期日期必填`,
            `${o.goodsName} has a shelf life: the expiry date is required`,
          );
      }
      if (l.productionDate && l.productionDate > today)
        throw bad(`${path}.productionDate`, '生产日期不能晚于今天', 'the production date cannot be in the future');
      if (l.productionDate && l.expiryDate && l.expiryDate <= l.productionDate)
        throw bad(`${path}.expiryDate`, '到期日期须晚于生产日期', 'the expiry date must be after the production date');
      if (ratio > 0 && l.productionDate && l.expiryDate) {
        const left = dayDiff(l.expiryDate, form.expectedDate) / dayDiff(l.expiryDate, l.productionDate);
        if (left < ratio)
          throw bad(
            `${path}.expiryDate`,
            `到货时剩余保质期不足 ${Math.round(ratio * 100)}% (临期拒收)`,
            `less than ${Math.round(ratio * 100)}% of the shelf life would be left at arrival (refused as near expiry)`,
          );
      }
      return {
        lineNo: i + 1,
        billNumber: o.billNumber,
        poLineNo: o.lineNo,
        goodsCode: o.goodsCode,
        qty: l.qty,
        packages: l.packages,
        batchNo: l.batchNo,
        productionDate: l.productionDate || null,
        expiryDate: l.expiryDate || null,
      };
    });
    const depts = new Set(form.lines.map((l) => byKey.get(`${l.billNumber}#${l.lineNo}`)!.deptCode));
    if (depts.size > 1) throw bad('body.lines', '一张送货单只能送往同一个门店或配送中心', 'a delivery note goes to one store or DC only');
    const seq = await nextSequence(trx, scope.tenantId, 'SH', today);
    const number = `SH${today.replaceAll('-', '')}${String(seq).padStart(4, '0')}`;
    await repo.insertNote(
      trx,
      {
        tenantId: scope.tenantId,
        noteNumber: number,
        suppCode: scope.suppCode,
        deptCode: [...depts][0]!,
        packages: lines.reduce((s, l) => s + l.packages, 0),
        expectedDate: form.expectedDate,
        remark: form.remark,
        createdBy: session.employeeCode,
      },
      lines,
    );
    await repo.audit(trx, {
      tenantId: scope.tenantId,
      noteNumber: number,
      action: 'create',
      from: null,
      to: '已创建',
      actorCode: session.employeeCode,
      actorName: session.employeeName,
    });
    await noteEvent(trx, scope.tenantId, number, 'order.delivery-note.created', accountActor(session));
    return number;
  });
  return detailIn(ctx.db, scope, noteNumber);
}

export async function cancel(ctx: DataContext, session: SessionContext, noteNumber: string): Promise<NoteDetail> {
  const scope = scopeOf(session);
  await transact(ctx.db, async (trx) => {
    const [note] = await repo.lockNotes(trx, scope, [noteNumber]);
    if (!note) throw notFound(noteNumber);
    if (note.status === '已预约')
      throw ApiError.conflict({
        'zh-CN': `送货单 ${noteNumber} 已预约送货, 请先取消预约`,
        en: `Delivery note ${noteNumber} is booked: cancel the booking first`,
      });
    if (note.status !== '已创建')
      throw ApiError.conflict({
        'zh-CN': `送货单 ${noteNumber} 状态为 ${note.status}, 不能取消`,
        en: `Delivery note ${noteNumber} is ${note.status} and cannot be cancelled`,
      });
    await repo.setCancelled(trx, scope.tenantId, noteNumber, session.employeeCode);
    await repo.audit(trx, {
      tenantId: scope.tenantId,
      noteNumber,
      action: 'cancel',
      from: note.status,
      to: '已取消',
      actorCode: session.employeeCode,
      actorName: session.employeeName,
    });
    await noteEvent(trx, scope.tenantId, noteNumber, 'order.delivery-note.cancelled', accountActor(session));
  });
  return detailIn(ctx.db, scope, noteNumber);
}
