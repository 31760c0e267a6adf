// The tenant's settlement settings and partner links, the supplier's contract and the accounting units.
import { createHmac, randomBytes } from 'node:crypto';
import type { AccountingUnit, SupplierContract } from '@portal/contract';
import { sql } from 'kysely';
import { containing } from '../../db/like';
import { businessDay } from '../../platform/clock';
import type { AppContext } from '../../platform/context';
import { ApiError } from '../../platform/errors';
import type { SessionContext } from '../../platform/session-context';
import { supplierCodeOf, supplierOf } from './service';

/** How long a signed partner link stays valid. */
const linkSeconds = 300;

/**
 * A link to the partner's settlement (`sam`) or e-invoice (`invoice`) service: who asks and for which
 * supplier, signed with the tenant's key (HMAC-SHA256 of the query before `sign`), valid five minutes.
 */
export async function partnerLink(
  ctx: AppContext,
  session: SessionContext,
  service: 'sam' | 'invoice',
  suppCode?: string,
  requestBody?: string,
): Promise<string> {
  const code = supplierCodeOf(session, suppCode);
  const supplier = await supplierOf(ctx.db, session.tenantId, code);
  const setting = await ctx.db.selectFrom('sam_setting').selectAll().where('tenant_id', '=', session.tenantId).executeTakeFirst();
  const base = service === 'sam' ? setting?.sam_url : setting?.invoice_url;
  if (!setting || !base || !setting.signing_key)
    throw ApiError.notFound(service === 'sam' ? '未配置结算服务地址' : '未配置电子发票服务地址');
  const params = new URLSearchParams({
    tenantid: session.tenantId,
    suppCode: supplier.supp_code,
    suppName: supplier.supp_name,
    employeeCode: session.employeeCode,
    timestamp: String(Math.floor(ctx.now().getTime() / 1000)),
    expires: String(linkSeconds),
    nonce: randomBytes(8).toString('hex'),
  });
  if (service === 'invoice') params.set('requestBody', requestBody ?? '');
  params.set('sign', createHmac('sha256', setting.signing_key).update(params.toString()).digest('hex'));
  const url = new URL(base);
  for (const [k, v] of params) url.searchParams.set(k, v);
  return url.toString();
}

export async function isAdvance(ctx: AppContext, session: SessionContext, suppCode?: string): Promise<boolean> {
  return (await supplierOf(ctx.db, session.tenantId, supplierCodeOf(session, suppCode))).advance_sam;
}

/** The supplier's contract in force (else the latest), with its terms. */
export async function contractOf(ctx: AppContext, session: SessionContext, suppCode?: string): Promise<SupplierContract> {
  const code = supplierCodeOf(session, suppCode);
  const supplier = await supplierOf(ctx.db, session.tenantId, code);
  const today = businessDay(ctx.now());
  const row = await ctx.db
    .selectFrom('supplier_contract as c')
    .leftJoin('acc_unit as u', (j) => j.onRef('u.tenant_id', '=', 'c.tenant_id').onRef('u.unit_code', '=', 'c.node_code'))
    .select(['c.contract_no', 'c.node_code', 'u.unit_name', 'c.start_date', 'c.end_date', 'c.signed_date', 'c.terms'])
    .where('c.tenant_id', '=', session.tenantId)
    .where('c.supp_code', '=', code)
    .orderBy(sql`(c.start_date <= ${today} AND c.end_date >= ${today})`, 'desc')
    .orderBy('c.start_date', 'desc')
    .executeTakeFirst();
  if (!row) throw ApiError.notFound(`供应商 ${code} 没有合同`);
  return {
    contractNo: row.contract_no,
    suppCode: supplier.supp_code,
    suppName: supplier.supp_name,
    nodeCode: row.node_code,
    nodeName: row.unit_name ?? row.node_code,
    businessMode: supplier.business_mode,
    settleCycle: supplier.settle_cycle,
    payTermDays: supplier.pay_term_days,
    startDate: row.start_date,
    endDate: row.end_date,
    signedDate: row.signed_date,
    status: row.start_date > today ? '未生效' : row.end_date < today ? '已到期' : '生效',
    terms: row.terms,
  };
}

export async function accountingUnits(
  ctx: AppContext,
  session: SessionContext,
  body: { page?: number; limit?: number; keyword?: string | undefined } | null | undefined,
): Promise<{ total: number; list: AccountingUnit[] }> {
  const page = body?.page ?? 1;
  const limit = body?.limit ?? 20;
  let q = ctx.db.selectFrom('acc_unit').where('tenant_id', '=', session.tenantId);
  if (body?.keyword) {
    const pattern = containing(body.keyword);
    q = q.where((eb) => eb.or([eb('unit_code', 'ilike', pattern), eb('unit_name', 'ilike', pattern)]));
  }
  const { n } = await q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  const rows = await q
    .select(['unit_code', 'unit_name', 'tax_number', 'address', 'bank_name', 'bank_account'])
    .orderBy('unit_code')
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  return {
    total: n,
    list: rows.map((r) => ({
      unitCode: r.unit_code,
      unitName: r.unit_name,
      taxNumber: r.tax_number,
      address: r.address,
      bankName: r.bank_name,
      bankAccount: r.bank_account,
    })),
  };
}
