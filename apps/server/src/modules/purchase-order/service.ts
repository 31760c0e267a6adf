// Rules of purchase orders: scope, detail lookup, splitting lines into packing units.
import type { z } from 'zod';
import { type CallBody, type Localized, businessDay, fromUnits, purchaseOrder, toUnits } from '@portal/contract';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { AppContext, DataContext } from '../../platform/context';
import { ApiError } from '../../platform/errors';
import { accountActor, recordEvent } from '../../platform/events';
import { scopeOf } from '../../platform/scope';
import type { SessionContext } from '../../platform/session-context';
import { transact } from '../../platform/sql/transaction';
import { recordHistory } from '../../platform/workflow/history';
import { transition } from '../../platform/workflow/transition';
import { orderFlow } from './flow';
import * as repo from './repo';

type PageQuery = z.infer<typeof purchaseOrder.purOrderQuery>;
type ValuesQuery = CallBody<typeof purchaseOrder.getPurOrderColumnValues>;

/** The list's search as the repo reads it; a reversed date range is a 400. */
function filterOf(query: Omit<ValuesQuery, 'field'>): repo.OrderFilter {
  if (query.startDate && query.endDate && query.startDate > query.endDate)
    throw ApiError.badRequest({
      'zh-CN': 'body.endDate: 结束日期不能早于开始日期',
      en: 'body.endDate: the end date cannot be before the start date',
    });
  return query;
}

export function page(ctx: AppContext, session: SessionContext, query: PageQuery) {
  return repo.orderList.page(ctx.db, scopeOf(session, query.suppCode), filterOf(query), query);
}

/** The grid's value checklist: a column's texts across every page the search and other filters leave. */
export function columnValues(ctx: AppContext, session: SessionContext, query: ValuesQuery) {
  return repo.orderList.columnValues(ctx.db, scopeOf(session, query.suppCode), filterOf(query), query.filters, query.field);
}

export async function detail(ctx: DataContext, session: SessionContext, billNumber: string, suppCode?: string) {
  const scope = scopeOf(session, suppCode);
  let header = await repo.header(ctx.db, scope, billNumber);
  if (!header) throw notFound(billNumber);
  // The supplier's first look (main or child account) reads the order: 已下达 -> 已阅读, when and who, with its history.
  if (session.kind === 'supplier' && header.status === '已下达') {
    const read = await transact(ctx.db, async (trx) => {
      const done = await repo.markRead(trx, scope, billNumber, session.employeeCode, ctx.now());
      if (done)
        await recordHistory(trx, orderFlow, {
          tenantId: scope.tenantId,
          recordId: billNumber,
          action: 'read',
          from: '已下达',
          to: '已阅读',
          actor: { code: session.employeeCode, name: session.employeeName },
        });
      return done;
    });
    if (read) header = (await repo.header(ctx.db, scope, billNumber)) ?? header;
  }
  return { header, lines: await repo.lines(ctx.db, scope.tenantId, billNumber) };
}

/** Each line as whole cases plus loose units; quantities are whole units in the demo data. */
export async function splitSubGoods(ctx: AppContext, session: SessionContext, billNumber: string) {
  const { lines } = await detail(ctx, session, billNumber);
  return lines.flatMap((line) => {
    const qty = BigInt(line.orderQty.split('.')[0]!);
    const perCase = BigInt(line.caseQty);
    const cases = line.caseQty > 1 ? qty / perCase : 0n;
    const loose = qty - cases * perCase;
    const parts = [];
    if (cases > 0n)
      parts.push({
        lineNo: line.lineNo,
        goodsCode: line.goodsCode,
        goodsName: line.goodsName,
        packUnit: '箱',
        packQty: String(cases),
        unitsPerPack: line.caseQty,
        qty: String(cases * perCase),
      });
    if (loose > 0n || parts.length === 0)
      parts.push({
        lineNo: line.lineNo,
        goodsCode: line.goodsCode,
        goodsName: line.goodsName,
        packUnit: line.unit,
        packQty: String(loose),
        unitsPerPack: 1,
        qty: String(loose),
      });
    return parts;
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Confirmation (issue 29, part A)

type ConfirmBody = CallBody<typeof purchaseOrder.confirmPurOrder>;
type DeclineBody = CallBody<typeof purchaseOrder.declinePurOrder>;
type Locked = NonNullable<Awaited<ReturnType<typeof repo.lockOrder>>>;

const notFound = (billNumber: string) =>
  ApiError.notFound({ 'zh-CN': `采购订单 ${billNumber} 不存在`, en: `Purchase order ${billNumber} does not exist` });

/** The order locked for an answer: the caller's, still waiting, and the version the caller saw. */
async function lockWaiting(trx: Transaction<DB>, session: SessionContext, billNumber: string, version: number, verb: Localized) {
  const row = await repo.lockOrder(trx, scopeOf(session), billNumber);
  if (!row) throw notFound(billNumber);
  if (!(purchaseOrder.waitingStatuses as readonly string[]).includes(row.status))
    throw ApiError.conflict({
      'zh-CN': `采购订单 ${billNumber} 当前状态为「${row.status}」，只有已下达或已阅读的订单可以${verb['zh-CN']}`,
      en: `Purchase order ${billNumber} is "${purchaseOrder.orderStatusTextEn[row.status]}"; only issued or read orders can be ${verb.en}`,
    });
  if (row.version !== version)
    throw ApiError.conflict({
      'zh-CN': `采购订单 ${billNumber} 已被修改（当前版本 ${row.version}），请刷新后重试`,
      en: `Purchase order ${billNumber} has changed (current version ${row.version}); reload it and try again`,
    });
  return row;
}

const lessThan = (a: string, b: string) => toUnits(a, 3) < toUnits(b, 3);

/** Each line's answer checked against the order: every line once, quantity and date within the rules, reasons where needed. */
function checkedLines(row: Locked, lines: Awaited<ReturnType<typeof repo.orderLines>>, body: ConfirmBody, today: string) {
  const sent = new Map(body.lines.map((l) => [l.lineNo, l]));
  if (sent.size !== body.lines.length)
    throw ApiError.badRequest({ 'zh-CN': 'body.lines: 订单行重复', en: 'body.lines: a line is sent twice' });
  const unknown = body.lines.find((l) => !lines.some((o) => o.lineNo === l.lineNo));
  if (unknown)
    throw ApiError.badRequest({
      'zh-CN': `body.lines: 订单 ${row.bill_number} 没有第 ${unknown.lineNo} 行`,
      en: `body.lines: order ${row.bill_number} has no line ${unknown.lineNo}`,
    });
  return lines.map((line) => {
    const answer = sent.get(line.lineNo);
    const at = `body.lines.${line.lineNo}`;
    if (!answer)
      throw ApiError.badRequest({ 'zh-CN': `${at}: 请确认第 ${line.lineNo} 行`, en: `${at}: line ${line.lineNo} is not confirmed` });
    if (toUnits(answer.confirmedQty, 3) <= 0n || lessThan(line.orderQty, answer.confirmedQty))
      throw ApiError.badRequest({
        'zh-CN': `${at}.confirmedQty: 第 ${line.lineNo} 行的确认数量须大于 0 且不超过订货数量 ${trimmed(line.orderQty)}`,
        en: `${at}.confirmedQty: line ${line.lineNo}'s confirmed quantity must be above 0 and at most the ordered ${trimmed(line.orderQty)}`,
      });
    const short = lessThan(answer.confirmedQty, line.orderQty);
    if (short && !answer.note)
      throw ApiError.badRequest({
        'zh-CN': `${at}.note: 第 ${line.lineNo} 行的确认数量少于订货数量，请填写原因`,
        en: `${at}.note: line ${line.lineNo} is confirmed below the ordered quantity; give a reason`,
      });
    if (answer.promisedDate < today)
      throw ApiError.badRequest({
        'zh-CN': `${at}.promisedDate: 第 ${line.lineNo} 行的承诺交货日期不能早于今天（${today}）`,
        en: `${at}.promisedDate: line ${line.lineNo}'s promised date cannot be in the past (today is ${today})`,
      });
    if (answer.promisedDate > row.deadline && !answer.note)
      throw ApiError.badRequest({
        'zh-CN': `${at}.note: 第 ${line.lineNo} 行的承诺交货日期晚于订单有效截止日 ${row.deadline}，请填写原因`,
        en: `${at}.note: line ${line.lineNo}'s promised date is after the order's deadline ${row.deadline}; give a reason`,
      });
    return { ...answer, goodsCode: line.goodsCode, orderQty: line.orderQty, short };
  });
}

const trimmed = (qty: string) => fromUnits(toUnits(qty, 3), 3).replace(/\.?0+$/, '');
const isoOf = (d: Date | null) => (d ? d.toISOString() : '');

export async function confirm(ctx: DataContext, session: SessionContext, body: ConfirmBody) {
  const now = ctx.now();
  await transact(ctx.db, async (trx) => {
    const row = await lockWaiting(trx, session, body.billNumber, body.version, { 'zh-CN': '确认', en: 'confirmed' });
    const lines = checkedLines(row, await repo.orderLines(trx, row.tenant_id, row.bill_number), body, businessDay(now));
    const partly = lines.some((l) => l.short);
    const late = row.confirm_due_at !== null && now > row.confirm_due_at;
    await transition(trx, orderFlow, {
      action: partly ? 'confirmPartly' : 'confirm',
      actor: session,
      id: row.bill_number,
      note: late ? '逾期确认' : '',
      lock: () => Promise.resolve(row),
      detail: () => ({
        lines: lines.map((l) => ({ lineNo: l.lineNo, confirmedQty: l.confirmedQty, promisedDate: l.promisedDate, note: l.note })),
      }),
      apply: async (_row, to) => {
        await repo.writeConfirmation(trx, row.tenant_id, row.bill_number, lines, { status: to!, at: now, by: session.employeeCode });
        await recordEvent(trx, {
          tenantId: row.tenant_id,
          suppCode: row.supp_code,
          topic: 'purchase-order.order.confirmed',
          subject: row.bill_number,
          payload: {
            billNumber: row.bill_number,
            suppCode: row.supp_code,
            status: to!,
            late,
            confirmDueAt: isoOf(row.confirm_due_at),
            version: row.version + 1,
            lines: lines.map((l) => ({
              lineNo: l.lineNo,
              goodsCode: l.goodsCode,
              orderQty: l.orderQty,
              confirmedQty: l.confirmedQty,
              promisedDate: l.promisedDate,
              note: l.note,
            })),
          },
          actor: accountActor(session),
        });
      },
    });
  });
  return detail(ctx, session, body.billNumber);
}

export async function decline(ctx: DataContext, session: SessionContext, body: DeclineBody) {
  const now = ctx.now();
  if (body.reason === '其他' && !body.note)
    throw ApiError.badRequest({ 'zh-CN': 'body.note: 拒绝原因为「其他」时请填写说明', en: 'body.note: describe the reason "Other"' });
  await transact(ctx.db, async (trx) => {
    const row = await lockWaiting(trx, session, body.billNumber, body.version, { 'zh-CN': '拒绝', en: 'declined' });
    const late = row.confirm_due_at !== null && now > row.confirm_due_at;
    await transition(trx, orderFlow, {
      action: 'decline',
      actor: session,
      id: row.bill_number,
      note: body.note ? `${body.reason}：${body.note}` : body.reason,
      lock: () => Promise.resolve(row),
      apply: async (_row, to) => {
        await repo.writeDecline(trx, row.tenant_id, row.bill_number, {
          reason: body.reason,
          note: body.note,
          at: now,
          by: session.employeeCode,
        });
        await recordEvent(trx, {
          tenantId: row.tenant_id,
          suppCode: row.supp_code,
          topic: 'purchase-order.order.declined',
          subject: row.bill_number,
          payload: {
            billNumber: row.bill_number,
            suppCode: row.supp_code,
            status: to!,
            reason: body.reason,
            note: body.note,
            late,
            version: row.version + 1,
          },
          actor: accountActor(session),
        });
      },
    });
  });
  return detail(ctx, session, body.billNumber);
}

type MonitorQuery = CallBody<typeof purchaseOrder.getConfirmMonitorPage>;

/** Staff: the orders of one monitor view under the filters, paged, with every view's figure. */
export async function monitor(ctx: AppContext, session: SessionContext, query: MonitorQuery) {
  const scope = scopeOf(session, query.suppCode);
  const filter = filterOf({ startDate: query.startDate, endDate: query.endDate, deptCode: query.deptCode });
  const [page, counts] = await Promise.all([
    repo.orderList.page(ctx.db, scope, { ...filter, view: query.view }, { page: query.page, limit: query.limit }),
    repo.viewCounts(ctx.db, scope, filter),
  ]);
  return { ...page, counts };
}
