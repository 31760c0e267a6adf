// Charges (费用单): raised by staff with their clause and calculation, never a fee the fair-trade rules
// bar; the supplier may dispute one (异议), staff answer; a disputed charge is not settled until answered.
import { type CallBody, type Charge, type StoredFile, settlement } from '@portal/contract';
import { type Kysely, type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type { z } from 'zod';
import { containing } from '../../db/like';
import type { DB, SamChargeTable } from '../../db/schema';
import { businessDay } from '../../platform/clock';
import type { AppContext } from '../../platform/context';
import { ApiError } from '../../platform/errors';
import { type GridRequest, type ListColumn, serverList } from '../../platform/list/server-list';
import { type DataScope, inScope, scopeOf } from '../../platform/scope';
import type { SessionContext } from '../../platform/session-context';
import { start, transition } from '../../platform/workflow/transition';
import { nextSequence } from '../base-info/repo';
import { chargeFlow } from './flow';
import { attachmentsOf, setAttachments } from './repo';

const { SettlementMessages, barredChargeNames } = settlement;
const iso = (d: Date | null) => (d ? d.toISOString() : '');

// Fields of a charge the list shows, sorts and filters by, written once for the page, the checklist and the export.
const suppName = sql<string>`(SELECT s.supp_name FROM supplier s WHERE s.tenant_id = c.tenant_id AND s.supp_code = c.supp_code)`;
const deptName = sql<string>`coalesce((SELECT d.dept_name FROM dept d WHERE d.tenant_id = c.tenant_id AND d.dept_code = c.dept_code), '')`;
const signedAmount = sql<string>`(CASE c.direction WHEN 'deduct' THEN -c.amount ELSE c.amount END)`;
const taxRate = sql<string>`trim_scale(c.tax_rate)::text`;
const billNumber = sql<string>`coalesce((SELECT l.bill_number FROM sam_bill_line l WHERE l.tenant_id = c.tenant_id
  AND l.source_type = 'charge' AND l.source_id = c.charge_code AND l.live), '')`;

const chargeSelect = <O>(q: SelectQueryBuilder<DB & { c: SamChargeTable }, 'c', O>) =>
  q.select([
    'c.tenant_id',
    'c.charge_code',
    'c.supp_code',
    sql<string>`${suppName}`.as('supp_name'),
    'c.dept_code',
    sql<string>`${deptName}`.as('dept_name'),
    'c.charge_type',
    'c.charge_name',
    'c.period',
    'c.direction',
    'c.amount',
    sql<string>`${signedAmount}::text`.as('signed_amount'),
    sql<string>`${taxRate}`.as('tax_rate'),
    'c.clause',
    'c.calculation',
    'c.charge_date',
    'c.settle_status',
    sql<string>`${billNumber}`.as('sam_bill_num'),
    'c.dispute_status',
    'c.dispute_note',
    'c.dispute_by',
    'c.dispute_at',
    'c.answer_note',
    'c.answer_by',
    'c.answer_at',
  ]);
type ChargeRow = Awaited<ReturnType<ReturnType<typeof chargeSelect>['execute']>>[number];

const column = (value: RawBuilder<unknown>, numeric = false): ListColumn => ({
  value,
  text: sql`${value}::text`,
  sortable: true,
  filterable: true,
  ...(numeric ? { numeric } : {}),
});

interface ChargeFilter {
  periodStart?: string | undefined;
  periodEnd?: string | undefined;
  chargeName?: string | undefined;
  disputeStatus?: string | undefined;
  settleStatus?: string | undefined;
}

export const chargeList = serverList({
  from: (db) => db.selectFrom('sam_charge as c'),
  alias: 'c',
  where: (q, f: ChargeFilter) => {
    if (f.periodStart) q = q.where('c.period', '>=', f.periodStart);
    if (f.periodEnd) q = q.where('c.period', '<=', f.periodEnd);
    if (f.chargeName) q = q.where('c.charge_name', 'ilike', containing(f.chargeName));
    if (f.disputeStatus) q = q.where('c.dispute_status', '=', f.disputeStatus as '无');
    if (f.settleStatus) q = q.where('c.settle_status', '=', f.settleStatus as '未结算');
    return q;
  },
  // Every column of the grid (web: chargeColumns), with the text its cells show where that differs.
  columns: {
    chargeCode: column(sql`c.charge_code`),
    suppCode: column(sql`c.supp_code`),
    suppName: column(suppName),
    deptCode: column(sql`c.dept_code`),
    deptName: column(deptName),
    chargeType: column(sql`c.charge_type`),
    chargeName: column(sql`c.charge_name`),
    period: column(sql`c.period`),
    amount: column(sql`c.amount`, true),
    signedAmount: column(signedAmount, true),
    taxRate: { ...column(sql`c.tax_rate`, true), text: sql`${taxRate} || '%'` },
    chargeDate: column(sql`c.charge_date`),
    settleStatus: column(sql`c.settle_status`),
    disputeStatus: column(sql`c.dispute_status`),
    samBillNum: column(billNumber),
  },
  defaultSort: { field: 'chargeDate', order: 'desc' },
  then: [{ value: sql`c.charge_code`, order: 'desc' }],
  select: (matching) => chargeSelect(matching),
});

const fileOf = (f: {
  id: string;
  name: string;
  content_type: string;
  size: string | number;
  sha256: string;
  created_by: string;
  created_at: Date;
}): StoredFile => ({
  fileId: f.id,
  fileName: f.name,
  contentType: f.content_type,
  size: Number(f.size),
  sha256: f.sha256,
  createdBy: f.created_by,
  createdAt: f.created_at.toISOString(),
});

/** Charges as the contract has them, with their attachments (one query for all). */
export async function toCharges(db: Kysely<DB>, tenantId: string, rows: ChargeRow[]): Promise<Charge[]> {
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
export { fileOf };

/** Charges of the scope by code. */
export async function chargesByCode(db: Kysely<DB>, scope: DataScope, codes: readonly string[]): Promise<Charge[]> {
  if (codes.length === 0) return [];
  const rows = await chargeSelect(db.selectFrom('sam_charge as c'))
    .where(inScope(scope, 'c'))
    .where('c.charge_code', 'in', [...codes])
    .orderBy('c.charge_date')
    .orderBy('c.charge_code')
    .execute();
  return toCharges(db, scope.tenantId, rows);
}

export async function page(ctx: AppContext, session: SessionContext, query: z.infer<typeof settlement.chargeListQuery>) {
  const scope = scopeOf(session, query.suppCode);
  const { total, list } = await chargeList.page(ctx.db, scope, query, query);
  return { total, list: await toCharges(ctx.db, scope.tenantId, list) };
}

type ExportField = (typeof settlement.chargeExportColumns)[number]['field'];

/** The charges of the search as the grid shows them (its filters and sort), in batches, one record of the export's columns per charge. */
export async function* exportRows(
  db: Kysely<DB>,
  scope: DataScope,
  query: ChargeFilter,
  grid: GridRequest,
): AsyncGenerator<Record<ExportField, string>[]> {
  for await (const batch of chargeList.exportBatches(db, scope, query, grid))
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
  if (!found) throw ApiError.notFound(`费用单 ${chargeCode} 不存在`);
  return found;
}

/** Whether a charge's name is a fee the fair-trade rules bar (also inside a longer name, e.g. '2026店庆费'). */
export const isBarredCharge = (name: string) => barredChargeNames.some((barred) => name.includes(barred));

export async function create(ctx: AppContext, session: SessionContext, form: CallBody<typeof settlement.saveCharge>): Promise<Charge> {
  if (isBarredCharge(form.chargeName) || isBarredCharge(form.chargeType))
    throw ApiError.badRequest(`${SettlementMessages.barredCharge}：${form.chargeName}`);
  if (/^0*(\.0*)?$/.test(form.amount)) throw ApiError.badRequest('body.amount: 金额必须大于 0');
  const tenantId = session.tenantId;
  const code = await ctx.db.transaction().execute(async (trx) => {
    const supplier = await trx
      .selectFrom('supplier')
      .select('supp_code')
      .where('tenant_id', '=', tenantId)
      .where('supp_code', '=', form.suppCode)
      .executeTakeFirst();
    if (!supplier) throw ApiError.badRequest(`body.suppCode: 供应商 ${form.suppCode} 不存在`);
    const dept = await trx
      .selectFrom('dept')
      .select('dept_code')
      .where('tenant_id', '=', tenantId)
      .where('dept_code', '=', form.deptCode)
      .executeTakeFirst();
    if (!dept) throw ApiError.badRequest(`body.deptCode: 门店 ${form.deptCode} 不存在`);
    const day = businessDay(ctx.now());
    const seq = await nextSequence(trx, tenantId, 'FY', day);
    const chargeCode = `FY${day.replaceAll('-', '')}-${String(seq).padStart(4, '0')}`;
    await start(trx, chargeFlow, {
      action: 'create',
      actor: session,
      id: chargeCode,
      create: async () => {
        await trx
          .insertInto('sam_charge')
          .values({
            tenant_id: tenantId,
            charge_code: chargeCode,
            supp_code: form.suppCode,
            dept_code: form.deptCode,
            charge_type: form.chargeType,
            charge_name: form.chargeName,
            period: form.period,
            direction: form.direction,
            amount: form.amount,
            tax_rate: form.taxRate,
            clause: form.clause,
            calculation: form.calculation,
            charge_date: form.chargeDate,
            created_by: session.employeeCode,
          })
          .execute();
        if (!(await setAttachments(trx, { tenantId, suppCode: null, type: 'charge', id: chargeCode }, form.fileIds)))
          throw ApiError.badRequest('body.fileIds: 附件不存在或已被使用');
      },
    });
    return chargeCode;
  });
  return detail(ctx, session, code);
}

function lockCharge(db: Kysely<DB>, scope: DataScope, chargeCode: string) {
  return db
    .selectFrom('sam_charge as c')
    .select(['c.charge_code', 'c.dispute_status as status', 'c.settle_status'])
    .where(inScope(scope, 'c'))
    .where('c.charge_code', '=', chargeCode)
    .forUpdate()
    .executeTakeFirst();
}

export async function dispute(ctx: AppContext, session: SessionContext, chargeCode: string, note: string): Promise<Charge> {
  const scope = scopeOf(session);
  await ctx.db.transaction().execute((trx) =>
    transition(trx, chargeFlow, {
      action: 'dispute',
      actor: session,
      id: chargeCode,
      note,
      lock: () => lockCharge(trx, scope, chargeCode),
      apply: async (row, to) => {
        if (row.settle_status === '已结算') throw ApiError.conflict(`费用单 ${chargeCode} 已结算，不能提出异议`);
        await trx
          .updateTable('sam_charge')
          .set({
            dispute_status: to!,
            dispute_note: note,
            dispute_by: session.employeeCode,
            dispute_at: ctx.now(),
            answer_note: '',
            answer_by: '',
            answer_at: null,
          })
          .where('tenant_id', '=', scope.tenantId)
          .where('charge_code', '=', chargeCode)
          .execute();
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
      lock: () => lockCharge(trx, scope, body.chargeCode),
      apply: async (row, to) => {
        // A corrected amount changes what a bill holding it would pay: only while no bill holds it.
        if (body.amount !== undefined && /^0*(\.0*)?$/.test(body.amount)) throw ApiError.badRequest('body.amount: 金额必须大于 0');
        if (body.amount !== undefined && row.settle_status !== '未结算')
          throw ApiError.conflict(`费用单 ${body.chargeCode} 已在结算单中，不能修改金额`);
        await trx
          .updateTable('sam_charge')
          .set({
            dispute_status: to!,
            answer_note: body.answer,
            answer_by: session.employeeCode,
            answer_at: ctx.now(),
            ...(body.amount !== undefined ? { amount: body.amount } : {}),
          })
          .where('tenant_id', '=', scope.tenantId)
          .where('charge_code', '=', body.chargeCode)
          .execute();
      },
    }),
  );
  return detail(ctx, session, body.chargeCode, body.suppCode);
}
