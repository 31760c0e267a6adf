// SQL of supplier admission: applications with their licences, the review list, new suppliers and their
// main accounts, the suppliers' list for the history.
import type {
  SupplierApplyRow as ApplyRow,
  SupplierApplyStatus as ApplyStatus,
  StoredFile,
  SupplierRow,
  SupplierStatus,
} from '@portal/contract';
import { type Insertable, type Kysely, type RawBuilder, type Transaction, sql } from 'kysely';
import { containing } from '../../db/like';
import type { AccountTable, DB, SupplierApplyTable, SupplierTable } from '../../db/schema';
import { type ListColumn, serverList } from '../../platform/list/server-list';
import type { DataScope } from '../../platform/scope';
import { shanghaiTime, shanghaiTimeOrEmpty } from '../../platform/sql/shanghai-time';

/** Names of the application's categories, in its order, as one text. */
const categoryNames = sql<string>`coalesce((SELECT string_agg(c.category_name, '、' ORDER BY array_position(a.categories, c.category_code))
  FROM category c WHERE c.tenant_id = a.tenant_id AND c.category_code = ANY (a.categories)), '')`;
const fileCount = sql<number>`(SELECT count(*)::int FROM supplier_apply_file f WHERE f.apply_id = a.id)`;

/** Applications as the contract names the list's fields. */
export function applications(db: Kysely<DB>) {
  return db
    .selectFrom('supplier_apply as a')
    .select([
      'a.id',
      'a.tenant_id as tenantId',
      'a.apply_no as applyNo',
      'a.company_name as companyName',
      'a.credit_code as creditCode',
      'a.legal_person as legalPerson',
      'a.contact_name as contactName',
      'a.contact_phone as contactPhone',
      categoryNames.as('categoryNames'),
      'a.status',
      sql<string>`coalesce(a.supp_code, '')`.as('suppCode'),
      fileCount.as('fileCount'),
      shanghaiTime('a.created_at').as('submittedAt'),
      shanghaiTime('a.updated_at').as('updatedAt'),
    ]);
}

export const rowOf = (r: Awaited<ReturnType<ReturnType<typeof applications>['execute']>>[number]): ApplyRow => ({
  applyNo: r.applyNo,
  companyName: r.companyName,
  creditCode: r.creditCode,
  legalPerson: r.legalPerson,
  contactName: r.contactName,
  contactPhone: r.contactPhone,
  categoryNames: r.categoryNames,
  status: r.status,
  suppCode: r.suppCode,
  fileCount: r.fileCount,
  submittedAt: r.submittedAt,
  updatedAt: r.updatedAt,
});

/** The whole application row, locked for a transition when `forUpdate`. */
export function findApplication(db: Kysely<DB>, tenantId: string, applyNo: string, forUpdate = false) {
  let q = db.selectFrom('supplier_apply').selectAll().where('tenant_id', '=', tenantId).where('apply_no', '=', applyNo);
  if (forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

export type ApplicationRow = NonNullable<Awaited<ReturnType<typeof findApplication>>>;

export function categoriesOf(db: Kysely<DB>, tenantId: string, codes: string[]) {
  if (codes.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('category')
    .select(['category_code as code', 'category_name as name'])
    .where('tenant_id', '=', tenantId)
    .where('category_code', 'in', codes)
    .execute();
}

export function categoryTree(db: Kysely<DB>, tenantId: string) {
  return db
    .selectFrom('category')
    .select(['category_code', 'parent_category_code', 'category_name'])
    .where('tenant_id', '=', tenantId)
    .orderBy('category_code')
    .execute();
}

export async function filesOf(db: Kysely<DB>, applyId: number): Promise<StoredFile[]> {
  const rows = await db
    .selectFrom('supplier_apply_file as af')
    .innerJoin('stored_file as f', 'f.id', 'af.file_id')
    .select(['f.id', 'f.name', 'f.content_type', 'f.size', 'f.sha256', 'f.created_by', 'f.created_at'])
    .where('af.apply_id', '=', applyId)
    .orderBy('af.seq')
    .execute();
  return rows.map((f) => ({
    fileId: f.id,
    fileName: f.name,
    contentType: f.content_type,
    size: Number(f.size),
    sha256: f.sha256,
    createdBy: f.created_by,
    createdAt: f.created_at.toISOString(),
  }));
}

export function attachFiles(trx: Transaction<DB>, applyId: number, fileIds: string[]) {
  return trx
    .insertInto('supplier_apply_file')
    .values(fileIds.map((file_id, seq) => ({ apply_id: applyId, file_id, seq })))
    .execute();
}

/** Whether the tenant has a supplier with this credit code. */
export async function supplierWithCreditCode(db: Kysely<DB>, tenantId: string, creditCode: string) {
  return db
    .selectFrom('supplier')
    .select(['supp_code', 'supp_name'])
    .where('tenant_id', '=', tenantId)
    .where('credit_code', '=', creditCode)
    .executeTakeFirst();
}

/**
 * The next supplier code of the tenant: one more than the largest six-digit code. The advisory lock makes
 * concurrent approvals of different applications take codes one after the other.
 */
export async function nextSupplierCode(trx: Transaction<DB>, tenantId: string): Promise<string> {
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`supplier-code:${tenantId}`}))`.execute(trx);
  const row = await trx
    .selectFrom('supplier')
    .select(sql<number | null>`max(supp_code::integer)`.as('last'))
    .where('tenant_id', '=', tenantId)
    .where('supp_code', '~', '^[0-9]{6}$')
    .executeTakeFirstOrThrow();
  return String((row.last ?? 100000) + 1);
}

export async function setStatus(
  trx: Transaction<DB>,
  id: number,
  status: ApplyStatus,
  now: Date,
  changes: { returnReason?: string; suppCode?: string } = {},
) {
  await trx
    .updateTable('supplier_apply')
    .set({
      status,
      updated_at: now,
      ...(changes.returnReason !== undefined ? { return_reason: changes.returnReason } : {}),
      ...(changes.suppCode !== undefined ? { supp_code: changes.suppCode } : {}),
    })
    .where('id', '=', id)
    .execute();
}

// ---- Lists ----

const column = (value: RawBuilder<unknown>, text?: RawBuilder<unknown>): ListColumn => ({
  value,
  ...(text ? { text } : {}),
  sortable: true,
  filterable: true,
});

export interface ApplyFilter {
  status: ApplyStatus | '' | 'open';
  keyword: string;
}

const keywordMatch = (keyword: string, columns: string[]) =>
  sql<boolean>`(${sql.join(
    columns.map((c) => sql`${sql.ref(c)} ILIKE ${containing(keyword)}`),
    sql` OR `,
  )})`;

export const applyList = serverList({
  from: (db) => db.selectFrom('supplier_apply as a'),
  alias: 'a',
  where: (q, filter: ApplyFilter) => {
    if (filter.status === 'open') q = q.where('a.status', 'in', ['已提交', '资质审核']);
    else if (filter.status) q = q.where('a.status', '=', filter.status);
    if (filter.keyword) q = q.where(keywordMatch(filter.keyword, ['a.company_name', 'a.credit_code', 'a.apply_no', 'a.contact_name']));
    return q;
  },
  columns: {
    applyNo: column(sql`a.apply_no`),
    companyName: column(sql`a.company_name`),
    creditCode: column(sql`a.credit_code`),
    legalPerson: column(sql`a.legal_person`),
    contactName: column(sql`a.contact_name`),
    contactPhone: column(sql`a.contact_phone`),
    categoryNames: column(categoryNames),
    status: column(sql`a.status`),
    suppCode: column(sql`coalesce(a.supp_code, '')`),
    submittedAt: column(sql`a.created_at`, shanghaiTime('a.created_at')),
    updatedAt: column(sql`a.updated_at`, shanghaiTime('a.updated_at')),
  },
  defaultSort: { field: 'submittedAt', order: 'asc' },
  then: [{ value: sql`a.id` }],
  select: (matching, db, scope: DataScope) =>
    applications(db).where('a.tenant_id', '=', scope.tenantId).where('a.id', 'in', matching.select('a.id')),
});

/** The approved application that admitted a supplier. */
const admission = (field: 'apply_no' | 'updated_at') =>
  sql`(SELECT ${sql.ref(`a.${field}`)} FROM supplier_apply a WHERE a.tenant_id = s.tenant_id AND a.supp_code = s.supp_code)`;
const applyCount = sql<number>`(SELECT count(*)::int FROM supplier_apply a WHERE a.tenant_id = s.tenant_id AND a.credit_code = s.credit_code)`;
const lastChange = sql`(SELECT max(h.at) FROM record_history h WHERE h.tenant_id = s.tenant_id AND h.record_type = 'supplier' AND h.record_id = s.supp_code)`;

export interface SupplierFilter {
  status: SupplierRow['status'] | '';
  keyword: string;
}

export function suppliers(db: Kysely<DB>) {
  return db
    .selectFrom('supplier as s')
    .select([
      's.supp_code as suppCode',
      's.supp_name as suppName',
      's.credit_code as creditCode',
      sql<SupplierRow['status']>`s.status`.as('status'),
      sql<string>`coalesce(${admission('apply_no')}, '')`.as('admittedBy'),
      shanghaiTimeOrEmpty(admission('updated_at')).as('admittedAt'),
      applyCount.as('applyCount'),
      shanghaiTimeOrEmpty(lastChange).as('lastChangeAt'),
    ]);
}

export const supplierList = serverList({
  from: (db) => db.selectFrom('supplier as s'),
  alias: 's',
  where: (q, filter: SupplierFilter) => {
    if (filter.status) q = q.where('s.status', '=', filter.status);
    if (filter.keyword) q = q.where(keywordMatch(filter.keyword, ['s.supp_code', 's.supp_name', 's.credit_code']));
    return q;
  },
  columns: {
    suppCode: column(sql`s.supp_code`),
    suppName: column(sql`s.supp_name`),
    creditCode: column(sql`s.credit_code`),
    status: column(sql`s.status`),
    admittedBy: column(sql`coalesce(${admission('apply_no')}, '')`),
    admittedAt: column(admission('updated_at'), shanghaiTimeOrEmpty(admission('updated_at'))),
    applyCount: { value: applyCount, numeric: true, sortable: true, filterable: true },
    lastChangeAt: column(lastChange, shanghaiTimeOrEmpty(lastChange)),
  },
  defaultSort: { field: 'suppCode', order: 'asc' },
  nullsLast: true,
  then: [{ value: sql`s.supp_code` }],
  select: (matching, db, scope: DataScope) =>
    suppliers(db).where('s.tenant_id', '=', scope.tenantId).where('s.supp_code', 'in', matching.select('s.supp_code')),
});

/** A supplier's status, its row locked for a status change. */
export function lockSupplierStatus(trx: Transaction<DB>, tenantId: string, suppCode: string) {
  return trx
    .selectFrom('supplier')
    .select(['supp_code', 'status'])
    .$narrowType<{ status: SupplierStatus }>()
    .where('tenant_id', '=', tenantId)
    .where('supp_code', '=', suppCode)
    .forUpdate()
    .executeTakeFirst();
}

export async function setSupplierStatus(trx: Transaction<DB>, tenantId: string, suppCode: string, status: SupplierStatus): Promise<void> {
  await trx.updateTable('supplier').set({ status }).where('tenant_id', '=', tenantId).where('supp_code', '=', suppCode).execute();
}

export async function tenantExists(db: Kysely<DB>, tenantId: string): Promise<boolean> {
  return (await db.selectFrom('tenant').select('id').where('id', '=', tenantId).executeTakeFirst()) !== undefined;
}

/** Writes a new application; answers its id. */
export async function insertApplication(trx: Transaction<DB>, row: Insertable<SupplierApplyTable>): Promise<number> {
  const { id } = await trx.insertInto('supplier_apply').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** Marks stored files as the application's (its licences). */
export async function referenceFiles(trx: Transaction<DB>, fileIds: string[], referencedBy: string): Promise<void> {
  if (fileIds.length > 0) await trx.updateTable('stored_file').set({ referenced_by: referencedBy }).where('id', 'in', fileIds).execute();
}

export async function insertSupplier(trx: Transaction<DB>, row: Insertable<SupplierTable>): Promise<void> {
  await trx.insertInto('supplier').values(row).execute();
}

export async function insertMainAccount(trx: Transaction<DB>, row: Insertable<AccountTable>): Promise<void> {
  await trx.insertInto('account').values(row).execute();
}

/** The files of an application become its supplier's own. */
export async function filesToSupplier(trx: Transaction<DB>, referencedBy: string, suppCode: string): Promise<void> {
  await trx.updateTable('stored_file').set({ supp_code: suppCode }).where('referenced_by', '=', referencedBy).execute();
}
