// Rules of certificates: a supplier's accounts keep their supplier's certificates (staff read every
// supplier's of the tenant and review them); a new certificate of a type replaces the current one, which
// stays with its history; files come from the store and belong to one certificate; an expired mandatory
// certificate blocks what the retailer may not accept from the supplier (assertCertificatesValid).
import type {
  CallBody,
  CallQuery,
  Certificate,
  CertificateSummary,
  CertificateType,
  ImportRow,
  Language,
  TypeOverview,
  certificate as contract,
} from '@portal/contract';
import { certificate as rules } from '@portal/contract';
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../../db/schema';
import { businessDay } from '../../platform/clock';
import type { AppContext } from '../../platform/context';
import { ApiError } from '../../platform/errors';
import { accountActor, recordEvent } from '../../platform/events';
import type { Download } from '../../platform/route';
import { scopeOf } from '../../platform/scope';
import type { SessionContext } from '../../platform/session-context';
import { historyOf } from '../../platform/workflow/history';
import { start, transition } from '../../platform/workflow/transition';
import { daysBetween, expiryMark } from './expiry';
import { certificateFlow } from './flow';
import * as sheets from './import';
import { importTexts } from './import-texts';
import * as repo from './repo';

const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const today = (ctx: Pick<AppContext, 'now'>) => businessDay(ctx.now());

const typeOf = (t: Awaited<ReturnType<typeof repo.types>>[number]): CertificateType => ({
  typeCode: t.type_code,
  typeName: t.type_name,
  typeNameEn: t.type_name_en,
  scope: t.scope,
  mandatory: t.mandatory,
  annualReview: t.annual_review,
  enabled: t.enabled,
  sortNo: t.sort_no,
});

/** Rows as the contract shows them, with their files. */
async function shown(db: Kysely<DB>, day: string, rows: repo.CertificateRow[]): Promise<Certificate[]> {
  const files = await repo.filesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    typeCode: r.typeCode,
    typeName: r.typeName,
    typeNameEn: r.typeNameEn,
    scope: r.scope,
    mandatory: r.mandatory,
    suppCode: r.suppCode,
    suppName: r.suppName,
    ctfNumber: r.ctfNumber,
    ctfName: r.ctfName,
    issuer: r.issuer,
    validFrom: r.validFrom,
    validTo: r.validTo,
    nextReviewDate: r.nextReviewDate,
    barcode: r.barcode,
    goodsName: r.goodsName,
    approvalNumber: r.approvalNumber,
    status: r.status,
    expiryState: r.expiryState,
    daysLeft: daysBetween(day, r.validTo),
    returnReason: r.returnReason,
    current: r.current,
    inForce: r.inForce,
    updatedAt: r.updatedAt.toISOString(),
    files: files
      .filter((f) => f.certificate_id === r.id)
      .map((f) => ({
        fileId: f.id,
        fileName: f.name,
        contentType: f.content_type,
        size: Number(f.size),
        sha256: f.sha256,
        createdBy: f.created_by,
        createdAt: f.created_at.toISOString(),
      })),
  }));
}

/** The supplier a session acts for: a supplier account's own; staff must name one. */
function supplierScope(session: SessionContext, suppCode?: string) {
  const scope = scopeOf(session, suppCode);
  if (!scope.suppCode) throw ApiError.badRequest({ 'zh-CN': 'suppCode: 请选择供应商', en: 'suppCode: please choose a supplier' });
  return { tenantId: scope.tenantId, suppCode: scope.suppCode };
}

/** The refusal of every call that saves, submits or imports a supplier's certificates, to staff. */
export const supplierOnly = { 'zh-CN': '只有供应商账号可以上传证照', en: 'Only a supplier account can upload certificates' } as const;

/** The refusal of the certificate types' upkeep, to a supplier's accounts. */
const staffOnly = { 'zh-CN': '只有商户员工可以维护证照类型', en: "Only the retailer's staff can maintain certificate types" } as const;

/** A supplier account's own supplier, or 403 (staff never save a supplier's certificates). */
function owner(session: SessionContext) {
  if (session.kind !== 'supplier' || !session.suppCode) throw ApiError.forbidden(supplierOnly);
  return { tenantId: session.tenantId, suppCode: session.suppCode, createdBy: session.employeeCode };
}

export async function types(ctx: AppContext, session: SessionContext): Promise<CertificateType[]> {
  return (await repo.types(ctx.db, session.tenantId)).map(typeOf);
}

export async function saveType(ctx: AppContext, session: SessionContext, form: z.infer<typeof contract.ctfTypeForm>) {
  if (session.kind !== 'staff') throw ApiError.forbidden(staffOnly);
  return typeOf(await repo.upsertType(ctx.db, session.tenantId, form));
}

/** What is wrong with a type's certificates in force, the worst first (a successor not yet approved counts for nothing). */
function problemOf(type: CertificateType, shownCertificates: Certificate[]): TypeOverview['problem'] {
  const certificates = shownCertificates.filter((c) => c.inForce);
  if (certificates.length === 0) return type.mandatory ? 'missing' : 'none';
  if (certificates.some((c) => c.daysLeft < 0)) return 'expired';
  if (certificates.some((c) => c.daysLeft <= 30)) return 'expiring';
  if (certificates.some((c) => c.expiryState === '年审预警')) return 'review';
  return 'ok';
}

export async function supplierOverview(ctx: AppContext, session: SessionContext, suppCode?: string) {
  const scope = supplierScope(session, suppCode);
  const day = today(ctx);
  const supplier = await repo.supplierName(ctx.db, scope.tenantId, scope.suppCode);
  if (!supplier) throw ApiError.notFound({ 'zh-CN': `供应商 ${scope.suppCode} 不存在`, en: `Supplier ${scope.suppCode} does not exist` });
  const [allTypes, rows] = await Promise.all([repo.types(ctx.db, scope.tenantId), repo.inForceAndCurrentOf(ctx.db, scope)]);
  const certificates = await shown(ctx.db, day, rows);
  const types = allTypes
    .map(typeOf)
    .filter((t) => t.enabled || certificates.some((c) => c.typeCode === t.typeCode))
    .map((type) => {
      const mine = certificates.filter((c) => c.typeCode === type.typeCode);
      return { type, certificates: mine, problem: problemOf(type, mine) };
    });
  return { suppCode: scope.suppCode, suppName: supplier.supp_name, today: day, types };
}

async function one(ctx: AppContext, session: SessionContext, id: number): Promise<Certificate> {
  const row = await repo.byId(ctx.db, scopeOf(session), id);
  if (!row) throw ApiError.notFound({ 'zh-CN': `证照 ${id} 不存在`, en: `Certificate ${id} does not exist` });
  return (await shown(ctx.db, today(ctx), [row]))[0]!;
}

export async function detail(ctx: AppContext, session: SessionContext, id: number) {
  const certificate = await one(ctx, session, id);
  const [history, previous] = await Promise.all([
    historyOf(ctx.db, certificateFlow, session.tenantId, String(id)),
    repo.previousOf(ctx.db, { tenantId: session.tenantId, ...certificate }),
  ]);
  return { certificate, history, previous: await shown(ctx.db, today(ctx), previous) };
}

type Form = z.infer<typeof contract.ctfForm>;

/** The form checked against the tenant's types and the supplier's goods: the fields to store, or 400. */
async function checked(ctx: AppContext, scope: { tenantId: string; suppCode: string }, form: Form): Promise<repo.CertificateFields> {
  const type = (await repo.types(ctx.db, scope.tenantId)).find((t) => t.type_code === form.typeCode);
  if (!type || !type.enabled)
    throw ApiError.badRequest({
      'zh-CN': `body.typeCode: 证照类型 ${form.typeCode} 不存在`,
      en: `body.typeCode: certificate type ${form.typeCode} does not exist`,
    });
  if (form.validFrom && form.validFrom > form.validTo)
    throw ApiError.badRequest({
      'zh-CN': 'body.validTo: 有效期至不能早于生效日期',
      en: 'body.validTo: the valid-to date cannot be before the valid-from date',
    });
  let goodsName = '';
  if (type.scope === 'goods') {
    if (!form.barcode)
      throw ApiError.badRequest({
        'zh-CN': `body.barcode: ${type.type_name}须填写商品条码`,
        en: `body.barcode: a ${rules.typeNameIn('en', { typeName: type.type_name, typeNameEn: type.type_name_en })} needs the goods barcode`,
      });
    const goods = await repo.goodsByBarcodes(ctx.db, scope, [form.barcode]);
    if (goods.length === 0)
      throw ApiError.badRequest({
        'zh-CN': `body.barcode: 商品条码 ${form.barcode} 不是本供应商的商品`,
        en: `body.barcode: barcode ${form.barcode} is not one of this supplier's goods`,
      });
    goodsName = form.goodsName || goods[0]!.goods_name;
  }
  const mark = expiryMark(today(ctx), form.validTo, form.nextReviewDate || null, type.annual_review);
  return {
    typeCode: form.typeCode,
    ctfNumber: form.ctfNumber,
    ctfName: form.ctfName,
    issuer: form.issuer,
    validFrom: form.validFrom,
    validTo: form.validTo,
    nextReviewDate: form.nextReviewDate,
    barcode: type.scope === 'goods' ? form.barcode : '',
    goodsName,
    approvalNumber: type.scope === 'goods' ? form.approvalNumber : '',
    expiryState: mark.state,
    warnLevel: mark.level,
  };
}

/**
 * Saves a certificate in the caller's transaction: changes an editable one (id), or creates one that
 * replaces the current certificate of its type and goods item. Answers its id.
 */
export async function saveIn(
  trx: Transaction<DB>,
  session: SessionContext,
  id: number | undefined,
  fields: repo.CertificateFields,
  note = '',
): Promise<number> {
  const who = owner(session);
  if (id !== undefined) {
    await transition(trx, certificateFlow, {
      action: 'update',
      actor: session,
      id: String(id),
      lock: () => repo.lock(trx, who, id),
      apply: async (row) => {
        if (!row.is_current)
          throw ApiError.conflict({
            'zh-CN': `证照 ${id} 已被更换，不能修改`,
            en: `Certificate ${id} has been replaced and cannot be changed`,
          });
        if (row.type_code !== fields.typeCode || row.barcode !== fields.barcode)
          throw ApiError.badRequest({
            'zh-CN': 'body.typeCode: 修改证照时不能更改证照类型或商品条码',
            en: "body.typeCode: a certificate's type and goods barcode cannot be changed",
          });
        await repo.update(trx, id, fields);
      },
    });
    return id;
  }
  const current = await repo.lockCurrent(trx, who.tenantId, who.suppCode, fields.typeCode, fields.barcode);
  if (current) {
    await transition(trx, certificateFlow, {
      action: 'replace',
      actor: session,
      id: String(current.id),
      lock: async () => current,
      apply: () => repo.retire(trx, current.id).then(() => undefined),
    });
  }
  const created = await repo.nextId(trx);
  await start(trx, certificateFlow, {
    action: 'create',
    actor: session,
    id: String(created),
    note: [current ? `更换证照 ${current.ctf_number}` : '', note].filter(Boolean).join('；'),
    create: () => repo.insert(trx, created, who, fields),
  });
  if (current) await repo.setReplacedBy(trx, current.id, created);
  return created;
}

export async function save(ctx: AppContext, session: SessionContext, form: Form): Promise<Certificate> {
  const who = owner(session);
  const fields = await checked(ctx, who, form);
  const id = await ctx.db.transaction().execute(async (trx) => {
    const saved = await saveIn(trx, session, form.id, fields);
    const missing = await repo.setFiles(trx, who, saved, form.fileIds);
    if (missing.length)
      throw ApiError.conflict({
        'zh-CN': `文件 ${missing.join('、')} 不存在或已被其他证照使用`,
        en: `Files ${missing.join(', ')} do not exist or are used by another certificate`,
      });
    if (form.submit) await submitIn(trx, session, saved);
    return saved;
  });
  return one(ctx, session, id);
}

async function submitIn(trx: Transaction<DB>, session: SessionContext, id: number) {
  const who = owner(session);
  await transition(trx, certificateFlow, {
    action: 'submit',
    actor: session,
    id: String(id),
    lock: () => repo.lock(trx, who, id),
    apply: async (row, to) => {
      if (!row.is_current)
        throw ApiError.conflict({
          'zh-CN': `证照 ${id} 已被更换，不能提交`,
          en: `Certificate ${id} has been replaced and cannot be submitted`,
        });
      const files = await repo.filesOf(trx, [id]);
      if (files.length === 0)
        throw ApiError.badRequest({
          'zh-CN': 'fileIds: 请先上传证照图片或 PDF',
          en: "fileIds: please upload the certificate's image or PDF first",
        });
      await repo.setStatus(trx, id, to!);
      const c = await repo.eventFacts(trx, id);
      await recordEvent(trx, {
        tenantId: c.tenant_id,
        suppCode: c.supp_code,
        topic: 'certificate.certificate.submitted',
        subject: String(id),
        payload: {
          certificateId: String(id),
          suppCode: c.supp_code,
          typeCode: c.type_code,
          certificateNumber: c.ctf_number,
          barcode: c.barcode,
          validFrom: c.valid_from,
          validTo: c.valid_to,
          status: c.status,
          replaces: c.replaces,
        },
        actor: accountActor(session),
      });
    },
  });
}

export async function submit(ctx: AppContext, session: SessionContext, id: number): Promise<Certificate> {
  await ctx.db.transaction().execute((trx) => submitIn(trx, session, id));
  return one(ctx, session, id);
}

export async function review(ctx: AppContext, session: SessionContext, id: number, verdict: { approve: true } | { reason: string }) {
  const scope = scopeOf(session);
  await ctx.db.transaction().execute((trx) =>
    transition(trx, certificateFlow, {
      action: 'approve' in verdict ? 'approve' : 'return',
      actor: session,
      id: String(id),
      note: 'reason' in verdict ? verdict.reason : '',
      lock: () => repo.lock(trx, scope, id),
      apply: async (_, to) => {
        const reason = 'reason' in verdict ? verdict.reason : '';
        await repo.setStatus(trx, id, to!, reason);
        const c = await repo.eventFacts(trx, id);
        await recordEvent(trx, {
          tenantId: c.tenant_id,
          suppCode: c.supp_code,
          topic: 'certificate.certificate.reviewed',
          subject: String(id),
          payload: {
            certificateId: String(id),
            suppCode: c.supp_code,
            typeCode: c.type_code,
            certificateNumber: c.ctf_number,
            status: c.status,
            reason,
          },
          actor: accountActor(session),
        });
      },
    }),
  );
  return one(ctx, session, id);
}

type ReviewQuery = CallBody<typeof contract.getCtfReviewList>;

export async function reviewList(ctx: AppContext, session: SessionContext, query: ReviewQuery) {
  const day = today(ctx);
  const { total, list } = await repo.reviewList.page(ctx.db, scopeOf(session, query.suppCode), { status: query.status }, query);
  return {
    total,
    list: list.map((r) => {
      const { tenantId: _tenant, warnLevel: _level, annualReview: _annual, fileCount, ...rest } = r;
      return { ...rest, daysLeft: daysBetween(day, r.validTo), updatedAt: r.updatedAt.toISOString(), fileCount };
    }),
  };
}

export function reviewColumnValues(ctx: AppContext, session: SessionContext, query: CallBody<typeof contract.getCtfReviewColumnValues>) {
  return repo.reviewList.columnValues(ctx.db, scopeOf(session, query.suppCode), { status: query.status }, query.filters, query.field);
}

export async function problemSuppliers(ctx: AppContext, session: SessionContext) {
  const rows = await repo.problemCounts(ctx.db, scopeOf(session), today(ctx));
  return rows.filter((r) => r.missing + r.expiring + r.expired + r.returned + r.waiting > 0);
}

/** The dashboard's card: missing mandatory types, expiring (30 days) and expired certificates of the scope. */
export async function summary(ctx: AppContext, session: SessionContext, query: CallQuery<typeof contract.getCertificateSummary>) {
  const scope = scopeOf(session, query.suppCode);
  const day = today(ctx);
  const [missing, soon] = await Promise.all([repo.missingMandatory(ctx.db, scope), repo.expiringWithin(ctx.db, scope, day, 30)]);
  const expired = soon.filter((c) => daysBetween(day, c.validTo) < 0);
  const expiring = soon.filter((c) => daysBetween(day, c.validTo) >= 0);
  const items: CertificateSummary['items'] = [
    ...expired.map((c) => ({ ...pick(c), daysLeft: daysBetween(day, c.validTo), problem: 'expired' as const })),
    ...missing.map((m) => ({
      suppName: m.suppName,
      typeName: m.typeName,
      typeNameEn: m.typeNameEn,
      ctfName: '',
      ctfNumber: '',
      validTo: '',
      daysLeft: null,
      problem: 'missing' as const,
    })),
    ...expiring.map((c) => ({ ...pick(c), daysLeft: daysBetween(day, c.validTo), problem: 'expiring' as const })),
  ];
  return { today: day, missing: missing.length, expiring: expiring.length, expired: expired.length, items: items.slice(0, 5) };
}

const pick = (c: repo.CertificateRow) => ({
  suppName: c.suppName,
  typeName: c.typeName,
  typeNameEn: c.typeNameEn,
  ctfName: c.ctfName,
  ctfNumber: c.ctfNumber,
  validTo: c.validTo,
});

/**
 * Refuses (409, with the certificates named) when a mandatory certificate of the supplier has expired:
 * new-product submissions and settlement applications call it before they change anything. Pass a
 * transaction as `db` to check inside one.
 */
export async function assertCertificatesValid(ctx: Pick<AppContext, 'db' | 'now'>, tenantId: string, suppCode: string): Promise<void> {
  const expired = await repo.expiredMandatory(ctx.db, tenantId, suppCode, today(ctx));
  if (expired.length === 0) return;
  const named = expired.map((c) => `${c.typeName}（${c.ctfNumber}，有效期至 ${c.validTo}）`).join('、');
  const namedEn = expired.map((c) => `${rules.typeNameIn('en', c)} (${c.ctfNumber}, valid to ${c.validTo})`).join(', ');
  throw ApiError.conflict({
    'zh-CN': `必备资质证照已过期：${named}。请先在「资质证照」中更新并提交审核`,
    en: `Mandatory certificates have expired: ${namedEn}. Please update them under "Certificates" and submit them for review first.`,
  });
}

// ---- Import ----

export async function template(ctx: AppContext, session: SessionContext, language: Language): Promise<Download> {
  const types = (await repo.types(ctx.db, session.tenantId)).filter((t) => t.enabled).map(typeOf);
  return { fileName: importTexts[language].templateFile, contentType: xlsxType, body: sheets.templateStream(types, language) };
}

export function importReport(rows: ImportRow[], language: Language): Download {
  return { fileName: importTexts[language].reportFile, contentType: xlsxType, body: sheets.reportStream(rows, language) };
}

/**
 * Checks every row of a filled template; saves the sheet only when every row is valid ('all'), or its
 * valid rows ('valid'). Imported certificates are 未提交: the supplier adds the images and submits them.
 * Refusals and the rows' errors are in the caller's language.
 */
export async function importSheet(ctx: AppContext, session: SessionContext, bytes: Buffer, mode: 'all' | 'valid', language: Language) {
  const who = owner(session);
  const read = await sheets.readSheet(bytes, language);
  const allTypes = await repo.types(ctx.db, who.tenantId);
  const current = await repo.currentOf(ctx.db, who);
  const goods = await repo.goodsByBarcodes(ctx.db, who, [...new Set(read.map((r) => r.cells.barcode).filter(Boolean))]);
  const context: sheets.ImportContext = {
    today: today(ctx),
    types: new Map(
      allTypes.flatMap((t) => {
        const value = { typeCode: t.type_code, typeName: t.type_name, typeNameEn: t.type_name_en, scope: t.scope, enabled: t.enabled };
        // A sheet names a type by its code, its Chinese name or its English one (the English template lists those).
        return [[t.type_name, value], [t.type_code, value], ...(t.type_name_en ? [[t.type_name_en, value] as const] : [])];
      }),
    ),
    goods: new Map(goods.map((g) => [g.barcode, g.goods_name])),
    underReview: new Set(current.filter((c) => c.status === '已提交').map((c) => `${c.typeCode}|${c.barcode}`)),
  };
  const seen = new Map<string, number>();
  const rows: ImportRow[] = read.map(({ row, cells }) => ({
    row,
    ...cells,
    errors: sheets.rowErrors(cells, context, seen, row, language),
  }));
  const valid = rows.filter((r) => r.errors.length === 0);
  const errorCount = rows.length - valid.length;
  let saved = 0;
  if (valid.length > 0 && (mode === 'valid' || errorCount === 0)) {
    const typesByName = context.types;
    await ctx.db.transaction().execute(async (trx) => {
      for (const r of valid) {
        const type = typesByName.get(r.typeName)!;
        const goodsType = type.scope === 'goods';
        const mark = expiryMark(
          context.today,
          sheets.dateOf(r.validTo)!,
          sheets.dateOf(r.nextReviewDate),
          annualOf(allTypes, type.typeCode),
        );
        await saveIn(
          trx,
          session,
          undefined,
          {
            typeCode: type.typeCode,
            ctfNumber: r.ctfNumber,
            ctfName: r.ctfName,
            issuer: r.issuer,
            validFrom: sheets.dateOf(r.validFrom) ?? '',
            validTo: sheets.dateOf(r.validTo)!,
            nextReviewDate: sheets.dateOf(r.nextReviewDate) ?? '',
            barcode: goodsType ? r.barcode : '',
            goodsName: goodsType ? r.goodsName || (context.goods.get(r.barcode) ?? '') : '',
            approvalNumber: goodsType ? r.approvalNumber : '',
            expiryState: mark.state,
            warnLevel: mark.level,
          },
          `Excel 导入第 ${r.row} 行`,
        );
        saved++;
      }
    });
  }
  return { rows, validCount: valid.length, errorCount, saved };
}

const annualOf = (types: Awaited<ReturnType<typeof repo.types>>, typeCode: string) =>
  types.find((t) => t.type_code === typeCode)?.annual_review ?? false;
