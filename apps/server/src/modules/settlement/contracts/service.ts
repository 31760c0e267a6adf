// The tenant's settlement settings and partner links, the supplier (its terms, its contract) and the
// accounting units.
import { createHmac, randomBytes } from 'node:crypto';
import type { AccountingUnit, SupplierContract } from '@portal/contract';
import { toUnits } from '@portal/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../../db/schema';
import { businessDay } from '../../../platform/clock';
import type { AppContext } from '../../../platform/context';
import { ApiError } from '../../../platform/errors';
import { scopeOf } from '../../../platform/scope';
import type { SessionContext } from '../../../platform/session-context';
import { systemParam } from '../../../platform/sql/system-param';
import * as repo from './repo';

type Db = Kysely<DB>;

export async function isEnabled(db: Db, tenantId: string): Promise<boolean> {
  return (await systemParam(db, tenantId, 'SAM_ENABLE'))?.parameterValue === '1';
}

/** The tenant's invoice tolerance in cents (setting INVOICE_TOLERANCE, yuan; default 0). */
export async function tolerance(db: Db, tenantId: string): Promise<bigint> {
  const value = (await systemParam(db, tenantId, 'INVOICE_TOLERANCE'))?.parameterValue ?? '0';
  return /^\d+(\.\d+)?$/.test(value) ? toUnits(value, 2) : 0n;
}

export async function supplierOf(db: Db, tenantId: string, suppCode: string) {
  const row = await repo.supplierRow(db, tenantId, suppCode);
  if (!row) throw ApiError.notFound({ 'zh-CN': `供应商 ${suppCode} 不存在`, en: `Supplier ${suppCode} does not exist` });
  return row;
}

/** The supplier a call is about: a supplier account's own; staff must name one. */
export function supplierCodeOf(session: SessionContext, suppCode?: string): string {
  const scope = scopeOf(session, suppCode);
  if (!scope.suppCode)
    throw ApiError.badRequest({ 'zh-CN': 'query.suppCode: 请选择供应商', en: 'query.suppCode: please choose a supplier' });
  return scope.suppCode;
}

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
  const setting = await repo.partnerSetting(ctx.db, session.tenantId);
  const base = service === 'sam' ? setting?.sam_url : setting?.invoice_url;
  if (!setting || !base || !setting.signing_key)
    throw ApiError.notFound(
      service === 'sam'
        ? { 'zh-CN': '未配置结算服务地址', en: 'No settlement service address is configured' }
        : { 'zh-CN': '未配置电子发票服务地址', en: 'No e-invoice service address is configured' },
    );
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
  const row = await repo.contractRow(ctx.db, session.tenantId, code, today);
  if (!row) throw ApiError.notFound({ 'zh-CN': `供应商 ${code} 没有合同`, en: `Supplier ${code} has no contract` });
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
  const { total, rows } = await repo.unitPage(ctx.db, session.tenantId, page, limit, body?.keyword);
  return {
    total,
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
