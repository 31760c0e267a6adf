// Charges (费用单): raised by staff with their clause and calculation, never a fee the fair-trade rules
// bar; the supplier may dispute one (异议), staff answer; a disputed charge is not settled until answered.
import { type CallBody, type Charge, settlement } from '@portal/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../../../db/schema';
import { businessDay } from '../../../platform/clock';
import type { AppContext } from '../../../platform/context';
import { ApiError } from '../../../platform/errors';
import { accountActor, recordEvent } from '../../../platform/events';
import type { GridRequest } from '../../../platform/list/server-list';
import { type DataScope, scopeOf } from '../../../platform/scope';
import type { SessionContext } from '../../../platform/session-context';
import { nextSequence } from '../../../platform/sql/sequence';
import { start, transition } from '../../../platform/workflow/transition';
import { attachmentsOf, fileOf, setAttachments } from '../attachments/repo';
import { chargeFlow } from '../flow';
import * as repo from './repo';

const { SettlementMessages, barredChargeNames } = settlement;
const iso = (d: Date | null) => (d ? d.toISOString() : '');

/** Charges as the contract has them, with their attachments (one query for all). */
export async function toCharges(db: Kysely<DB>, tenantId: string, rows: repo.ChargeRow[]): Promise<Charge[]> {
  const files = await attachmentsOf(db, tenantId, [{ type: 'charge', ids: rows.map((r) => r.charge_code) }]);
  return rows.map((r) => ({
    chargeCode: r.charge_code,
    suppCode: r.supp_code,
    suppName: r.supp_name,
    deptCode: r.dept_code,
    deptName: r.dept_name,
    chargeType: r.charge_type,
    chargeName: r.charge_name,
    period: r.period,
    direction: r.direction,
    amount: r.amount,
    signedAmount: r.signed_amount,
    taxRate: r.tax_rate,
    clause: r.clause,
    calculation: r.calculation,
    chargeDate: r.charge_date,
    settleStatus: r.settle_status,
    samBillNum: r.sam_bill_num,
    disputeStatus: r.dispute_status,
    disputeNote: r.dispute_note,
    disputeBy: r.dispute_by,
    disputeAt: iso(r.dispute_at),
    answerNote: r.answer_note,
    answerBy: r.answer_by,
    answerAt: iso(r.answer_at),
    attachments: files.filter((f) => f.owner_id === r.charge_code).map(fileOf),
  }));
}

/** Charges of the scope by code. */
export async function chargesByCode(db: Kysely<DB>, scope: DataScope, codes: readonly string[]): Promise<Charge[]> {
  if (codes.length === 0) return [];
  const rows = await repo.byCode(db, scope, codes);
  return toCharges(db, scope.tenantId, rows);
}

export async function page(ctx: AppContext, session: SessionContext, query: z.infer<typeof settlement.chargeListQuery>) {
  const scope = scopeOf(session, query.suppCode);
  const { list, ...counted } = await repo.chargeList.page(ctx.db, scope, query, query);
  return { ...counted, list: await toCharges(ctx.db, scope.tenantId, list) };
}

type ExportField = (typeof settlement.chargeExportColumns)[number]['field'];

/** The charges of the search as the grid shows them (its filters and sort), in batches, one record of the export's columns per charge. */
export async function* exportRows(
  db: Kysely<DB>,
  scope: DataScope,
  query: repo.ChargeFilter,
  grid: GridRequest,
): AsyncGenerator<Record<ExportField, string>[]> {
  for await (const batch of repo.chargeList.exportBatches(db, scope, query, grid))
    yield batch.map((r) => ({
      chargeCode: r.charge_code,
      suppCode: r.supp_code,
      suppName: r.supp_name,
      deptName: r.dept_name,
      chargeType: r.charge_type,
      chargeName: r.charge_name,
      period: r.period,
      direction: settlement.chargeDirectionText[r.direction],
      signedAmount: r.signed_amount,
      taxRate: `${r.tax_rate}%`,
      chargeDate: r.charge_date,
      settleStatus: r.settle_status,
      disputeStatus: r.dispute_status,
      samBillNum: r.sam_bill_num,
      clause: r.clause,
      calculation: r.calculation,
    }));
}

export async function detail(ctx: AppContext, session: SessionContext, chargeCode: string, suppCode?: string): Promise<Charge> {
  const [found] = await chargesByCode(ctx.db, scopeOf(session, suppCode), [chargeCode]);
  if (!found) throw ApiError.notFound({ 'zh-CN': `费用单 ${chargeCode} 不存在`, en: `Charge ${chargeCode} does not exist` });
  return found;
}

/** Whether a charge's name is a fee the fair-trade rules bar (also inside a longer name, e.g. '2026店庆费'). */
export const isBarredCharge = (name: string) => barredChargeNames.some((barred) => name.includes(barred));

export async function create(ctx: AppContext, session: SessionContext, form: CallBody<typeof settlement.saveCharge>): Promise<Charge> {
  if (isBarredCharge(form.chargeName) || isBarredCharge(form.chargeType))
    throw ApiError.badRequest({
      'zh-CN': `${SettlementMessages.barredCharge['zh-CN']}：${form.chargeName}`,
      en: `${SettlementMessages.barredCharge.en}: ${form.chargeName}`,
    });
  if (/^0*(\.0*)?$/.test(form.amount))
    throw ApiError.badRequest({ 'zh-CN': 'body.amount: 金额必须大于 0', en: 'body.amount: the amount must be greater than 0' });
  const tenantId = session.tenantId;
  const code = await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.supplierExists(trx, tenantId, form.suppCode)))
      throw ApiError.badRequest({
        'zh-CN': `body.suppCode: 供应商 ${form.suppCode} 不存在`,
        en: `body.suppCode: supplier ${form.suppCode} does not exist`,
      });
    if (!(await repo.deptExists(trx, tenantId, form.deptCode)))
      throw ApiError.badRequest({
        'zh-CN': `body.deptCode: 门店 ${form.deptCode} 不存在`,
        en: `body.deptCode: store ${form.deptCode} does not exist`,
      });
    const day = businessDay(ctx.now());
    const seq = await nextSequence(trx, tenantId, 'FY', day);
    const chargeCode = `FY${day.replaceAll('-', '')}-${String(seq).padStart(4, '0')}`;
    await start(trx, chargeFlow, {
      action: 'create',
      actor: session,
      id: chargeCode,
      create: async () => {
        await repo.insertCharge(trx, tenantId, chargeCode, form, session.employeeCode);
        if (!(await setAttachments(trx, { tenantId, suppCode: null, type: 'charge', id: chargeCode }, form.fileIds)))
          throw ApiError.badRequest({
            'zh-CN': 'body.fileIds: 附件不存在或已被使用',
            en: 'body.fileIds: an attachment does not exist or is already in use',
          });
      },
    });
    await recordEvent(trx, {
      tenantId,
      suppCode: form.suppCode,
      topic: 'settlement.charge.raised',
      subject: chargeCode,
      payload: {
        chargeCode,
        suppCode: form.suppCode,
        chargeType: form.chargeType,
        chargeName: form.chargeName,
        deptCode: form.deptCode,
        period: form.period,
        direction: form.direction,
        amount: form.amount,
      },
      actor: accountActor(session),
    });
    return chargeCode;
  });
  return detail(ctx, session, code);
}

export async function dispute(ctx: AppContext, session: SessionContext, chargeCode: string, note: string): Promise<Charge> {
  const scope = scopeOf(session);
  await ctx.db.transaction().execute((trx) =>
    transition(trx, chargeFlow, {
      action: 'dispute',
      actor: session,
      id: chargeCode,
      note,
      lock: () => repo.lockCharge(trx, scope, chargeCode),
      apply: async (row, to) => {
        if (row.settle_status === '已结算')
          throw ApiError.conflict({
            'zh-CN': `费用单 ${chargeCode} 已结算，不能提出异议`,
            en: `Charge ${chargeCode} is settled and cannot be disputed`,
          });
        await repo.update(trx, scope.tenantId, chargeCode, {
          dispute_status: to!,
          dispute_note: note,
          dispute_by: session.employeeCode,
          dispute_at: ctx.now(),
          answer_note: '',
          answer_by: '',
          answer_at: null,
        });
        await recordEvent(trx, {
          tenantId: row.tenant_id,
          suppCode: row.supp_code,
          topic: 'settlement.charge.disputed',
          subject: chargeCode,
          payload: {
            chargeCode,
            suppCode: row.supp_code,
            billNumber: row.sam_bill_num,
            direction: row.direction,
            amount: row.amount,
            settleStatus: row.settle_status,
            disputeStatus: to!,
            note,
          },
          actor: accountActor(session),
        });
      },
    }),
  );
  return detail(ctx, session, chargeCode);
}

export async function answer(
  ctx: AppContext,
  session: SessionContext,
  body: CallBody<typeof settlement.answerChargeDispute>,
): Promise<Charge> {
  const scope = scopeOf(session, body.suppCode);
  await ctx.db.transaction().execute((trx) =>
    transition(trx, chargeFlow, {
      action: 'answer',
      actor: session,
      id: body.chargeCode,
      note: body.answer,
      lock: () => repo.lockCharge(trx, scope, body.chargeCode),
      apply: async (row, to) => {
        // A corrected amount changes what a bill holding it would pay: only while no bill holds it.
        if (body.amount !== undefined && /^0*(\.0*)?$/.test(body.amount))
          throw ApiError.badRequest({ 'zh-CN': 'body.amount: 金额必须大于 0', en: 'body.amount: the amount must be greater than 0' });
        if (body.amount !== undefined && row.settle_status !== '未结算')
          throw ApiError.conflict({
            'zh-CN': `费用单 ${body.chargeCode} 已在结算单中，不能修改金额`,
            en: `Charge ${body.chargeCode} is in a bill; its amount cannot be changed`,
          });
        await repo.update(trx, scope.tenantId, body.chargeCode, {
          dispute_status: to!,
          answer_note: body.answer,
          answer_by: session.employeeCode,
          answer_at: ctx.now(),
          ...(body.amount !== undefined ? { amount: body.amount } : {}),
        });
        await recordEvent(trx, {
          tenantId: row.tenant_id,
          suppCode: row.supp_code,
          topic: 'settlement.charge.answered',
          subject: body.chargeCode,
          payload: {
            chargeCode: body.chargeCode,
            suppCode: row.supp_code,
            billNumber: row.sam_bill_num,
            direction: row.direction,
            amount: body.amount ?? row.amount,
            disputeStatus: to!,
            answer: body.answer,
          },
          actor: accountActor(session),
        });
      },
    }),
  );
  return detail(ctx, session, body.chargeCode, body.suppCode);
}
