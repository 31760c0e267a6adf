// SQL of certificates, their types and files, always within a data scope.
import type { CertificateStatus } from '@portal/contract';
import { type Kysely, type RawBuilder, type Transaction, sql } from 'kysely';
import type { DB } from '../../db/schema';
import { type ListColumn, serverList } from '../../platform/list/server-list';
import { setRecordFiles } from '../../platform/files/record-files';
import { type DataScope, inScope } from '../../platform/scope';
import { shanghaiTime } from '../../platform/sql/shanghai-time';

export function types(db: Kysely<DB>, tenantId: string) {
  return db.selectFrom('certificate_type').selectAll().where('tenant_id', '=', tenantId).orderBy('sort_no').orderBy('type_code').execute();
}

export async function upsertType(
  db: Kysely<DB>,
  tenantId: string,
  t: {
    typeCode: string;
    typeName: string;
    typeNameEn: string;
    scope: 'supplier' | 'goods';
    mandatory: boolean;
    annualReview: boolean;
    enabled: boolean;
    sortNo: number;
  },
) {
  const values = {
    type_name: t.typeName,
    type_name_en: t.typeNameEn,
    scope: t.scope,
    mandatory: t.mandatory,
    annual_review: t.annualReview,
    enabled: t.enabled,
    sort_no: t.sortNo,
  };
  return db
    .insertInto('certificate_type')
    .values({ tenant_id: tenantId, type_code: t.typeCode, ...values })
    .onConflict((oc) => oc.columns(['tenant_id', 'type_code']).doUpdateSet(values))
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Certificates of the same slot (supplier, type, goods item) as the certificate `c` of the query. */
const sameSlotAs = (n: string) =>
  sql.raw(`${n}.tenant_id = c.tenant_id AND ${n}.supp_code = c.supp_code AND ${n}.type_code = c.type_code AND ${n}.barcode = c.barcode`);

/**
 * Whether the certificate `c` of the query is the one in force for its slot: the newest approved one; while
 * none of the slot was ever approved, the current one. A successor (a draft, under review, returned) takes
 * over only once approved, so warnings and checks follow the certificate in force until then.
 */
export const inForce = sql<boolean>`((c.status = '已审核' AND NOT EXISTS (SELECT 1 FROM certificate n WHERE ${sameSlotAs('n')}
      AND n.status = '已审核' AND n.id > c.id))
  OR (c.is_current AND NOT EXISTS (SELECT 1 FROM certificate n WHERE ${sameSlotAs('n')} AND n.status = '已审核')))`;

/** Certificates with their type and supplier, as the contract names the fields (files apart). */
export function certificates(db: Kysely<DB>) {
  return db
    .selectFrom('certificate as c')
    .innerJoin('certificate_type as t', (j) => j.onRef('t.tenant_id', '=', 'c.tenant_id').onRef('t.type_code', '=', 'c.type_code'))
    .innerJoin('supplier as s', (j) => j.onRef('s.tenant_id', '=', 'c.tenant_id').onRef('s.supp_code', '=', 'c.supp_code'))
    .select([
      'c.id',
      'c.tenant_id as tenantId',
      'c.type_code as typeCode',
      't.type_name as typeName',
      't.type_name_en as typeNameEn',
      't.scope',
      't.mandatory',
      't.annual_review as annualReview',
      'c.supp_code as suppCode',
      's.supp_name as suppName',
      'c.ctf_number as ctfNumber',
      'c.ctf_name as ctfName',
      'c.issuer',
      sql<string>`coalesce(c.valid_from::text, '')`.as('validFrom'),
      sql<string>`c.valid_to::text`.as('validTo'),
      sql<string>`coalesce(c.next_review_date::text, '')`.as('nextReviewDate'),
      'c.barcode',
      'c.goods_name as goodsName',
      'c.approval_number as approvalNumber',
      'c.status',
      'c.expiry_state as expiryState',
      'c.warn_level as warnLevel',
      'c.return_reason as returnReason',
      'c.is_current as current',
      inForce.as('inForce'),
      'c.updated_at as updatedAt',
    ]);
}
export type CertificateRow = Awaited<ReturnType<ReturnType<typeof certificates>['executeTakeFirstOrThrow']>>;

export function currentOf(db: Kysely<DB>, scope: DataScope) {
  return certificates(db).where(inScope(scope, 'c')).where('c.is_current', '=', true).orderBy('c.type_code').orderBy('c.barcode').execute();
}

/** Per slot of the scope, the certificate in force and a current successor waiting to take over, in force first. */
export function inForceAndCurrentOf(db: Kysely<DB>, scope: DataScope) {
  return certificates(db)
    .where(inScope(scope, 'c'))
    .where(sql<boolean>`(c.is_current OR ${inForce})`)
    .orderBy('c.type_code')
    .orderBy('c.barcode')
    .orderBy(sql`${inForce} DESC`)
    .orderBy('c.id')
    .execute();
}

export function byId(db: Kysely<DB>, scope: DataScope, id: number) {
  return certificates(db).where(inScope(scope, 'c')).where('c.id', '=', id).executeTakeFirst();
}

/** The certificates a current one replaced (same supplier, type and goods item), newest first. */
export function previousOf(db: Kysely<DB>, row: { tenantId: string; suppCode: string; typeCode: string; barcode: string }) {
  return certificates(db)
    .where('c.tenant_id', '=', row.tenantId)
    .where('c.supp_code', '=', row.suppCode)
    .where('c.type_code', '=', row.typeCode)
    .where('c.barcode', '=', row.barcode)
    .where('c.is_current', '=', false)
    .orderBy('c.id', 'desc')
    .execute();
}

/** The scope's certificate, locked until the transaction ends. */
export function lock(trx: Transaction<DB>, scope: DataScope, id: number) {
  return trx
    .selectFrom('certificate')
    .select(['id', 'status', 'supp_code', 'type_code', 'barcode', 'is_current'])
    .where(inScope(scope))
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** The current certificate of a supplier's type (and goods item), locked. */
export function lockCurrent(trx: Transaction<DB>, tenantId: string, suppCode: string, typeCode: string, barcode: string) {
  return trx
    .selectFrom('certificate')
    .select(['id', 'status', 'supp_code', 'type_code', 'barcode', 'is_current', 'ctf_number'])
    .where('tenant_id', '=', tenantId)
    .where('supp_code', '=', suppCode)
    .where('type_code', '=', typeCode)
    .where('barcode', '=', barcode)
    .where('is_current', '=', true)
    .forUpdate()
    .executeTakeFirst();
}

export interface CertificateFields {
  typeCode: string;
  ctfNumber: string;
  ctfName: string;
  issuer: string;
  validFrom: string;
  validTo: string;
  nextReviewDate: string;
  barcode: string;
  goodsName: string;
  approvalNumber: string;
  expiryState: '正常' | '到期预警' | '年审预警' | '已过期';
  warnLevel: number | null;
}

const columnsOf = (f: CertificateFields) => ({
  type_code: f.typeCode,
  ctf_number: f.ctfNumber,
  ctf_name: f.ctfName,
  issuer: f.issuer,
  valid_from: f.validFrom || null,
  valid_to: f.validTo,
  next_review_date: f.nextReviewDate || null,
  barcode: f.barcode,
  goods_name: f.goodsName,
  approval_number: f.approvalNumber,
  expiry_state: f.expiryState,
  warn_level: f.warnLevel,
});

/** An id for a new certificate, known before the row (its history starts with it). */
export async function nextId(trx: Transaction<DB>): Promise<number> {
  const { rows } = await sql<{ id: number }>`SELECT nextval('certificate_id_seq') AS id`.execute(trx);
  return rows[0]!.id;
}

export async function insert(
  trx: Transaction<DB>,
  id: number,
  owner: { tenantId: string; suppCode: string; createdBy: string },
  f: CertificateFields,
): Promise<void> {
  await trx
    .insertInto('certificate')
    .values({ id, tenant_id: owner.tenantId, supp_code: owner.suppCode, created_by: owner.createdBy, status: '未提交', ...columnsOf(f) })
    .execute();
}

export function update(trx: Transaction<DB>, id: number, f: CertificateFields) {
  return trx
    .updateTable('certificate')
    .set({ ...columnsOf(f), updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

export function setStatus(trx: Transaction<DB>, id: number, status: CertificateStatus, returnReason = '') {
  return trx
    .updateTable('certificate')
    .set({ status, return_reason: returnReason, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

export function retire(trx: Transaction<DB>, id: number) {
  return trx
    .updateTable('certificate')
    .set({ is_current: false, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

export function setReplacedBy(trx: Transaction<DB>, id: number, by: number) {
  return trx.updateTable('certificate').set({ replaced_by: by }).where('id', '=', id).execute();
}

export const reference = (id: number) => `certificate:${id}`;

/**
 * Makes exactly these files the certificate's: each must be the supplier's and used by no other record
 * (answers the ids that were not); files it no longer has become free to delete.
 */
/** Makes these files the certificate's, in order; answers the ids it could not claim. */
export const setFiles = (trx: Transaction<DB>, scope: DataScope, id: number, fileIds: string[]) =>
  setRecordFiles(trx, 'certificate_file', scope, { id, reference: reference(id) }, fileIds);

export function filesOf(db: Kysely<DB>, certificateIds: number[]) {
  if (certificateIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('certificate_file as cf')
    .innerJoin('stored_file as f', 'f.id', 'cf.file_id')
    .select(['cf.certificate_id', 'f.id', 'f.name', 'f.content_type', 'f.size', 'f.sha256', 'f.created_by', 'f.created_at'])
    .where('cf.certificate_id', 'in', certificateIds)
    .orderBy('cf.certificate_id')
    .orderBy('cf.seq')
    .execute();
}

export function supplierName(db: Kysely<DB>, tenantId: string, suppCode: string) {
  return db
    .selectFrom('supplier')
    .select('supp_name')
    .where('tenant_id', '=', tenantId)
    .where('supp_code', '=', suppCode)
    .executeTakeFirst();
}

export function goodsByBarcodes(db: Kysely<DB>, scope: DataScope, barcodes: string[]) {
  if (barcodes.length === 0) return Promise.resolve([]);
  return db.selectFrom('goods').select(['barcode', 'goods_name']).where(inScope(scope)).where('barcode', 'in', barcodes).execute();
}

// ---- The review list ----

export interface ReviewFilter {
  status: CertificateStatus | '';
}

const column = (value: RawBuilder<unknown>, text: RawBuilder<unknown> = value, numeric = false): ListColumn => ({
  value,
  text,
  sortable: true,
  filterable: true,
  ...(numeric ? { numeric } : {}),
});
const fileCount = sql<number>`(SELECT count(*)::int FROM certificate_file cf WHERE cf.certificate_id = c.id)`;

export const reviewList = serverList({
  from: (db) => db.selectFrom('certificate as c'),
  alias: 'c',
  where: (q, filter: ReviewFilter) => {
    q = q.where('c.is_current', '=', true);
    return filter.status ? q.where('c.status', '=', filter.status) : q;
  },
  columns: {
    suppCode: column(sql`c.supp_code`),
    suppName: column(sql`(SELECT s.supp_name FROM supplier s WHERE s.tenant_id = c.tenant_id AND s.supp_code = c.supp_code)`),
    typeName: column(sql`(SELECT t.type_name FROM certificate_type t WHERE t.tenant_id = c.tenant_id AND t.type_code = c.type_code)`),
    ctfNumber: column(sql`c.ctf_number`),
    ctfName: column(sql`c.ctf_name`),
    barcode: column(sql`c.barcode`),
    validTo: column(sql`c.valid_to`, sql`c.valid_to::text`),
    status: column(sql`c.status`),
    expiryState: column(sql`c.expiry_state`),
    updatedAt: column(sql`c.updated_at`, shanghaiTime('c.updated_at')),
  },
  defaultSort: { field: 'updatedAt', order: 'asc' },
  then: [{ value: sql`c.id` }],
  select: (matching, db, scope) =>
    certificates(db)
      .select(fileCount.as('fileCount'))
      .where('c.tenant_id', '=', scope.tenantId)
      .where('c.id', 'in', matching.select('c.id')),
});

// ---- Problems across suppliers ----

/**
 * Per supplier of the scope, counted: missing mandatory types, certificates in force expiring or expired, and
 * current ones returned or waiting for review (a successor under review is work, not yet the certificate).
 */
export async function problemCounts(db: Kysely<DB>, scope: DataScope, today: string) {
  const { rows } = await sql<{
    suppCode: string;
    suppName: string;
    missing: number;
    expiring: number;
    expired: number;
    returned: number;
    waiting: number;
    missingTypes: string[];
    missingTypesEn: string[];
  }>`
    SELECT s.supp_code AS "suppCode", s.supp_name AS "suppName",
      (SELECT count(*)::int FROM certificate_type t WHERE t.tenant_id = s.tenant_id AND t.enabled AND t.mandatory
         AND NOT EXISTS (SELECT 1 FROM certificate c WHERE c.tenant_id = s.tenant_id AND c.supp_code = s.supp_code
           AND c.type_code = t.type_code AND ${inForce})) AS missing,
      coalesce((SELECT array_agg(t.type_name ORDER BY t.sort_no) FROM certificate_type t WHERE t.tenant_id = s.tenant_id AND t.enabled AND t.mandatory
         AND NOT EXISTS (SELECT 1 FROM certificate c WHERE c.tenant_id = s.tenant_id AND c.supp_code = s.supp_code
           AND c.type_code = t.type_code AND ${inForce})), '{}') AS "missingTypes",
      coalesce((SELECT array_agg(coalesce(nullif(t.type_name_en, ''), t.type_name) ORDER BY t.sort_no) FROM certificate_type t
         WHERE t.tenant_id = s.tenant_id AND t.enabled AND t.mandatory
         AND NOT EXISTS (SELECT 1 FROM certificate c WHERE c.tenant_id = s.tenant_id AND c.supp_code = s.supp_code
           AND c.type_code = t.type_code AND ${inForce})), '{}') AS "missingTypesEn",
      count(c.id) FILTER (WHERE c.in_force AND c.valid_to >= ${today}::date AND c.valid_to <= ${today}::date + 30)::int AS expiring,
      count(c.id) FILTER (WHERE c.in_force AND c.valid_to < ${today}::date)::int AS expired,
      count(c.id) FILTER (WHERE c.is_current AND c.status = '审核退回')::int AS returned,
      count(c.id) FILTER (WHERE c.is_current AND c.status = '已提交')::int AS waiting
    FROM supplier s
    LEFT JOIN LATERAL (SELECT c.id, c.valid_to, c.status, c.is_current, ${inForce} AS in_force FROM certificate c
      WHERE c.tenant_id = s.tenant_id AND c.supp_code = s.supp_code) c ON c.is_current OR c.in_force
    WHERE ${inScope(scope, 's')}
    GROUP BY s.tenant_id, s.supp_code, s.supp_name
    ORDER BY s.supp_code`.execute(db);
  return rows;
}

/** Mandatory supplier types of the scope's suppliers without a certificate in force. */
export async function missingMandatory(db: Kysely<DB>, scope: DataScope) {
  const { rows } = await sql<{ suppName: string; typeName: string; typeNameEn: string }>`
    SELECT s.supp_name AS "suppName", t.type_name AS "typeName", t.type_name_en AS "typeNameEn"
    FROM supplier s JOIN certificate_type t ON t.tenant_id = s.tenant_id AND t.enabled AND t.mandatory
    WHERE ${inScope(scope, 's')}
      AND NOT EXISTS (SELECT 1 FROM certificate c WHERE c.tenant_id = s.tenant_id AND c.supp_code = s.supp_code
        AND c.type_code = t.type_code AND ${inForce})
    ORDER BY s.supp_code, t.sort_no`.execute(db);
  return rows;
}

/** Certificates in force of the scope expiring within `days` or expired, soonest first. */
export function expiringWithin(db: Kysely<DB>, scope: DataScope, today: string, days: number) {
  return certificates(db)
    .where(inScope(scope, 'c'))
    .where(inForce)
    .where(sql<boolean>`c.valid_to <= ${today}::date + ${days}::int`)
    .orderBy('c.valid_to')
    .orderBy('c.id')
    .execute();
}

/** Mandatory certificates in force of a supplier that expired before today. */
export function expiredMandatory(db: Kysely<DB>, tenantId: string, suppCode: string, today: string) {
  return certificates(db)
    .where('c.tenant_id', '=', tenantId)
    .where('c.supp_code', '=', suppCode)
    .where(inForce)
    .where('t.mandatory', '=', true)
    .where(sql<boolean>`c.valid_to < ${today}::date`)
    .orderBy('c.valid_to')
    .execute();
}

/** What the outbox's event of a certificate says: its keys, dates and the certificate it replaces ('' when none). */
export function eventFacts(trx: Transaction<DB>, id: number) {
  return trx
    .selectFrom('certificate as c')
    .select(['c.tenant_id', 'c.supp_code', 'c.type_code', 'c.ctf_number', 'c.barcode', 'c.status'])
    .select([
      sql<string>`coalesce(c.valid_from::text, '')`.as('valid_from'),
      sql<string>`c.valid_to::text`.as('valid_to'),
      sql<string>`coalesce((SELECT min(o.id)::text FROM certificate o
        WHERE o.tenant_id = c.tenant_id AND o.supp_code = c.supp_code AND o.type_code = c.type_code AND o.replaced_by = c.id), '')`.as(
        'replaces',
      ),
    ])
    .where('c.id', '=', id)
    .executeTakeFirstOrThrow();
}

/** Whether the expiry notice of `days` (or a nearer one) was given for the certificate and end date (index event_notice). */
export async function noticeGiven(trx: Transaction<DB>, tenantId: string, id: number, validTo: string, days: number): Promise<boolean> {
  const { rows } = await sql<{ given: boolean }>`
    SELECT EXISTS (SELECT 1 FROM event WHERE tenant_id = ${tenantId} AND topic = 'certificate.certificate.expiring'
      AND subject = ${String(id)} AND payload->>'validTo' = ${validTo} AND (payload->>'daysLeft')::int <= ${days}) AS given`.execute(trx);
  return rows[0]?.given ?? false;
}
