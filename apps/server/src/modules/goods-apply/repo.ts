// SQL of new-product applications, their files and linked certificates, always within a data scope.
import type { ApplyStatus } from '@portal/contract';
import { type Kysely, type RawBuilder, type Transaction, type Updateable, sql } from 'kysely';
import type { DB, GoodsApplyTable } from '../../db/schema';
import { type ListColumn, serverList } from '../../platform/list/server-list';
import { setRecordFiles } from '../../platform/files/record-files';
import { releaseFiles } from '../../platform/files/store';
import { type DataScope, inScope } from '../../platform/scope';
import { shanghaiTimeOrEmpty } from '../../platform/sql/shanghai-time';
// Temporary: the certificates' query is reused to list an application's linked ones; it moves behind the
// certificate service (or to platform/) in a later step.
// eslint-disable-next-line import-x/no-restricted-paths
import { certificates, inForce } from '../certificate/repo';

/** Applications with their supplier, category and brand names, as the contract names the fields. */
export function applies(db: Kysely<DB>) {
  return db
    .selectFrom('goods_apply as a')
    .innerJoin('supplier as s', (j) => j.onRef('s.tenant_id', '=', 'a.tenant_id').onRef('s.supp_code', '=', 'a.supp_code'))
    .leftJoin('category as c', (j) => j.onRef('c.tenant_id', '=', 'a.tenant_id').onRef('c.category_code', '=', 'a.category_code'))
    .leftJoin('brand as b', (j) => j.onRef('b.tenant_id', '=', 'a.tenant_id').onRef('b.brand_code', '=', 'a.brand_code'))
    .select([
      'a.id',
      'a.apply_no as applyNo',
      'a.supp_code as suppCode',
      's.supp_name as suppName',
      'a.goods_name as goodsName',
      'a.barcode',
      'a.spec',
      'a.unit',
      'a.case_qty as caseQty',
      'a.category_code as categoryCode',
      sql<string>`coalesce(c.category_name, '')`.as('categoryName'),
      'a.brand_code as brandCode',
      sql<string>`coalesce(b.brand_name, '')`.as('brandName'),
      'a.price',
      'a.retail_price as retailPrice',
      sql<string>`trim_scale(a.tax_rate)::text`.as('taxRate'),
      'a.shelf_life_days as shelfLifeDays',
      'a.origin',
      'a.remark',
      'a.status',
      'a.return_reason as returnReason',
      'a.returned_at_step as returnedAt',
      'a.goods_code as goodsCode',
      'a.created_by as createdBy',
      shanghaiTimeOrEmpty('a.submitted_at').as('submittedAt'),
      shanghaiTimeOrEmpty('a.updated_at').as('updatedAt'),
      'a.purchase_reviewer',
      'a.purchase_reviewer_name',
      'a.purchase_result',
      'a.purchase_comment',
      shanghaiTimeOrEmpty('a.purchase_at').as('purchase_at'),
      'a.qualification_reviewer',
      'a.qualification_reviewer_name',
      'a.qualification_result',
      'a.qualification_comment',
      shanghaiTimeOrEmpty('a.qualification_at').as('qualification_at'),
    ]);
}
export type ApplyRow = Awaited<ReturnType<ReturnType<typeof applies>['executeTakeFirstOrThrow']>>;

/** One application of the scope; `withDrafts: false` leaves drafts out (staff never see them). */
export function byNo(db: Kysely<DB>, scope: DataScope, applyNo: string, withDrafts: boolean) {
  let q = applies(db).where(inScope(scope, 'a')).where('a.apply_no', '=', applyNo);
  if (!withDrafts) q = q.where('a.status', '<>', '草稿');
  return q.executeTakeFirst();
}

/** The scope's application, locked until the transaction ends. */
export function lock(trx: Transaction<DB>, scope: DataScope, applyNo: string) {
  return trx.selectFrom('goods_apply').selectAll().where(inScope(scope)).where('apply_no', '=', applyNo).forUpdate().executeTakeFirst();
}
export type LockedApply = NonNullable<Awaited<ReturnType<typeof lock>>>;

export interface ApplyFields {
  goodsName: string;
  barcode: string;
  spec: string;
  unit: string;
  caseQty: number;
  categoryCode: string;
  brandCode: string;
  price: string;
  retailPrice: string;
  taxRate: string;
  shelfLifeDays: number;
  origin: string;
  remark: string;
}

const columnsOf = (f: ApplyFields) => ({
  goods_name: f.goodsName,
  barcode: f.barcode,
  spec: f.spec,
  unit: f.unit,
  case_qty: f.caseQty,
  category_code: f.categoryCode,
  brand_code: f.brandCode,
  price: f.price,
  retail_price: f.retailPrice,
  tax_rate: f.taxRate,
  shelf_life_days: f.shelfLifeDays,
  origin: f.origin,
  remark: f.remark,
});

export async function insert(
  trx: Transaction<DB>,
  owner: { tenantId: string; suppCode: string; createdBy: string },
  applyNo: string,
  f: ApplyFields,
): Promise<number> {
  const row = await trx
    .insertInto('goods_apply')
    .values({
      tenant_id: owner.tenantId,
      supp_code: owner.suppCode,
      apply_no: applyNo,
      status: '草稿',
      created_by: owner.createdBy,
      ...columnsOf(f),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function update(trx: Transaction<DB>, id: number, f: ApplyFields) {
  return trx
    .updateTable('goods_apply')
    .set({ ...columnsOf(f), updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

export function setState(trx: Transaction<DB>, id: number, status: ApplyStatus, changes: Updateable<GoodsApplyTable> = {}) {
  return trx
    .updateTable('goods_apply')
    .set({ ...changes, status, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

export function remove(trx: Transaction<DB>, id: number) {
  return trx.deleteFrom('goods_apply').where('id', '=', id).execute();
}

export const reference = (id: number) => `goods-apply:${id}`;

/**
 * Makes exactly these files the application's: each must be the supplier's and used by no other record
 * (answers the ids that were not); files it no longer has become free to delete.
 */
/** Makes these files the application's, in order; answers the ids it could not claim. */
export const setFiles = (trx: Transaction<DB>, scope: DataScope, id: number, fileIds: string[]) =>
  setRecordFiles(trx, 'goods_apply_file', scope, { id, reference: reference(id) }, fileIds);

/** Files of the application other than `keep` are no longer referenced (their owner may delete them). */
export function freeFiles(trx: Transaction<DB>, tenantId: string, id: number, keep: string[] = []) {
  return releaseFiles(trx, tenantId, reference(id), keep);
}

export function filesOf(db: Kysely<DB>, applyId: number) {
  return db
    .selectFrom('goods_apply_file as af')
    .innerJoin('stored_file as f', 'f.id', 'af.file_id')
    .select(['f.id', 'f.name', 'f.content_type', 'f.size', 'f.sha256', 'f.created_by', 'f.created_at'])
    .where('af.apply_id', '=', applyId)
    .orderBy('af.seq')
    .execute();
}

/** Links exactly these certificates (already checked to be the supplier's current ones). */
export async function setCertificates(trx: Transaction<DB>, id: number, certificateIds: number[]): Promise<void> {
  await trx.deleteFrom('goods_apply_ctf').where('apply_id', '=', id).execute();
  if (certificateIds.length)
    await trx
      .insertInto('goods_apply_ctf')
      .values(certificateIds.map((certificate_id, seq) => ({ apply_id: id, certificate_id, seq })))
      .execute();
}

export function linkedOf(db: Kysely<DB>, applyId: number) {
  return certificates(db)
    .innerJoin('goods_apply_ctf as l', 'l.certificate_id', 'c.id')
    .where('l.apply_id', '=', applyId)
    .orderBy('l.seq')
    .execute();
}

/** The supplier's certificates in force (never a successor not yet approved), to link or to check links against. */
export function currentCertificates(db: Kysely<DB>, scope: { tenantId: string; suppCode: string }) {
  return certificates(db)
    .where('c.tenant_id', '=', scope.tenantId)
    .where('c.supp_code', '=', scope.suppCode)
    .where(inForce)
    .orderBy('t.sort_no')
    .orderBy('c.id')
    .execute();
}

export function categoryOf(db: Kysely<DB>, tenantId: string, code: string) {
  return db
    .selectFrom('category as c')
    .select([
      'c.category_code',
      sql<boolean>`exists (select 1 from category k where k.tenant_id = c.tenant_id and k.parent_category_code = c.category_code)`.as(
        'hasChildren',
      ),
    ])
    .where('c.tenant_id', '=', tenantId)
    .where('c.category_code', '=', code)
    .executeTakeFirst();
}

export function brandOf(db: Kysely<DB>, tenantId: string, code: string) {
  return db.selectFrom('brand').select('brand_code').where('tenant_id', '=', tenantId).where('brand_code', '=', code).executeTakeFirst();
}

export function goodsByBarcode(db: Kysely<DB>, tenantId: string, barcode: string) {
  return db
    .selectFrom('goods')
    .select(['goods_code', 'goods_name', 'supp_code'])
    .where('tenant_id', '=', tenantId)
    .where('barcode', '=', barcode)
    .executeTakeFirst();
}

/** Another application of the tenant with this barcode under review or approved. */
export function liveWithBarcode(db: Kysely<DB>, tenantId: string, barcode: string, exceptId: number) {
  return db
    .selectFrom('goods_apply')
    .select(['apply_no', 'status'])
    .where('tenant_id', '=', tenantId)
    .where('barcode', '=', barcode)
    .where('id', '<>', exceptId)
    .where('status', 'in', ['已提交', '采购审核', '资质审核', '通过'])
    .executeTakeFirst();
}

export function goodsCodeTaken(db: Kysely<DB>, tenantId: string, code: string) {
  return db.selectFrom('goods').select('goods_code').where('tenant_id', '=', tenantId).where('goods_code', '=', code).executeTakeFirst();
}

export function insertGoods(trx: Transaction<DB>, row: LockedApply, goodsCode: string) {
  return trx
    .insertInto('goods')
    .values({
      tenant_id: row.tenant_id,
      goods_code: goodsCode,
      barcode: row.barcode,
      goods_name: row.goods_name,
      spec: row.spec,
      unit: row.unit,
      case_qty: row.case_qty,
      category_code: row.category_code,
      brand_code: row.brand_code,
      supp_code: row.supp_code,
      tax_rate: row.tax_rate,
      price: row.price,
      retail_price: row.retail_price,
    })
    .execute();
}

// ---- Lists and counts ----

export interface ApplySearch {
  status: ApplyStatus | '';
  keyword: string;
  /** Staff never see drafts. */
  withDrafts: boolean;
}

const column = (value: RawBuilder<unknown>, text: RawBuilder<unknown> = value, numeric = false): ListColumn => ({
  value,
  text,
  sortable: true,
  filterable: true,
  ...(numeric ? { numeric } : {}),
});

export const applyList = serverList({
  from: (db) => db.selectFrom('goods_apply as a'),
  alias: 'a',
  where: (q, search: ApplySearch) => {
    if (!search.withDrafts) q = q.where('a.status', '<>', '草稿');
    if (search.status) q = q.where('a.status', '=', search.status);
    if (search.keyword) {
      const like = `%${search.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      q = q.where((eb) => eb.or([eb('a.goods_name', 'ilike', like), eb('a.barcode', 'like', like)]));
    }
    return q;
  },
  columns: {
    applyNo: column(sql`a.apply_no`),
    suppName: column(sql`(SELECT s.supp_name FROM supplier s WHERE s.tenant_id = a.tenant_id AND s.supp_code = a.supp_code)`),
    goodsName: column(sql`a.goods_name`),
    barcode: column(sql`a.barcode`),
    spec: column(sql`a.spec`),
    categoryName: column(
      sql`(SELECT c.category_name FROM category c WHERE c.tenant_id = a.tenant_id AND c.category_code = a.category_code)`,
    ),
    brandName: column(sql`(SELECT b.brand_name FROM brand b WHERE b.tenant_id = a.tenant_id AND b.brand_code = a.brand_code)`),
    price: column(sql`a.price`, sql`a.price::text`, true),
    retailPrice: column(sql`a.retail_price`, sql`a.retail_price::text`, true),
    status: column(sql`a.status`),
    returnReason: column(sql`a.return_reason`),
    goodsCode: column(sql`a.goods_code`),
    submittedAt: column(sql`a.submitted_at`, shanghaiTimeOrEmpty('a.submitted_at')),
    updatedAt: column(sql`a.updated_at`, shanghaiTimeOrEmpty('a.updated_at')),
  },
  defaultSort: { field: 'updatedAt', order: 'desc' },
  then: [{ value: sql`a.id`, order: 'desc' }],
  nullsLast: true,
  select: (matching, db, scope) => applies(db).where('a.tenant_id', '=', scope.tenantId).where('a.id', 'in', matching.select('a.id')),
});

/** Applications of the tenant per state (drafts apart). */
export async function countsByStatus(db: Kysely<DB>, tenantId: string): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('goods_apply')
    .select(['status', sql<number>`count(*)::int`.as('n')])
    .where('tenant_id', '=', tenantId)
    .where('status', '<>', '草稿')
    .groupBy('status')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

/** The newest application of the tenant in these states, by submission. */
export function newestIn(db: Kysely<DB>, tenantId: string, states: readonly ApplyStatus[]) {
  return applies(db)
    .where('a.tenant_id', '=', tenantId)
    .where('a.status', 'in', [...states])
    .orderBy('a.submitted_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(1)
    .executeTakeFirst();
}
