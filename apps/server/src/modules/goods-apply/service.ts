// Rules of new-product applications: a supplier's accounts keep their supplier's applications (staff read
// every supplier's of the tenant, drafts apart); submitting checks the whole application, its certificates
// and the supplier's mandatory certificates; each review step is run by the role that owns it; the last
// approval creates the goods item, once.
import type {
  ApplyDetail,
  ApplyForm,
  ApplyStatus,
  ApplySummary,
  CallBody,
  NewAppInfo,
  ReviewStep,
  goodsApply as contract,
} from '@portal/contract';
import { certificate, goodsApply } from '@portal/contract';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { businessDay } from '../../platform/clock';
import type { AppContext } from '../../platform/context';
import { ApiError } from '../../platform/errors';
import { type DataScope, scopeOf } from '../../platform/scope';
import type { SessionContext } from '../../platform/session-context';
import { historyOf } from '../../platform/workflow/history';
import { start, transition } from '../../platform/workflow/transition';
import { nextSequence } from '../../platform/sql/sequence';
import { accountActor, recordEvent } from '../../platform/events';
import { type GuardRefusals, inTransaction } from '../../platform/sql/transaction';
import { daysBetween } from '../certificate/expiry';
import { assertCertificatesValid } from '../certificate/service';
import { type ApplyAction, goodsApplyFlow as flow } from './flow';
import * as repo from './repo';

/** The database's own guards that answer as the rules' 409s: the unique index of live barcodes, the goods' key. */
const guards: GuardRefusals = {
  goods_apply_live_barcode: {
    'zh-CN': '该条码已有审核中或已通过的新品申请',
    en: 'This barcode already has a new product application under review or approved',
  },
  goods_pkey: { 'zh-CN': '商品编码已存在，请重试', en: 'The goods code already exists; please try again' },
};

const today = (ctx: Pick<AppContext, 'now'>) => businessDay(ctx.now());

/** A supplier account's own supplier, or 403 (staff never write a supplier's applications). */
function owner(session: SessionContext) {
  if (session.kind !== 'supplier' || !session.suppCode)
    throw ApiError.forbidden({
      'zh-CN': '只有供应商账号可以提交新品申请',
      en: 'Only a supplier account can submit new product applications',
    });
  return { tenantId: session.tenantId, suppCode: session.suppCode, createdBy: session.employeeCode };
}

function staffOnly(session: SessionContext) {
  if (session.kind !== 'staff')
    throw ApiError.forbidden({
      'zh-CN': '只有商户员工可以审核新品申请',
      en: "Only the retailer's staff can review new product applications",
    });
}

const summaryOf = (r: repo.ApplyRow): ApplySummary => ({
  applyNo: r.applyNo,
  suppCode: r.suppCode,
  suppName: r.suppName,
  goodsName: r.goodsName,
  barcode: r.barcode,
  spec: r.spec,
  unit: r.unit,
  categoryCode: r.categoryCode,
  categoryName: r.categoryName,
  brandCode: r.brandCode,
  brandName: r.brandName,
  price: r.price,
  retailPrice: r.retailPrice,
  taxRate: r.taxRate,
  shelfLifeDays: r.shelfLifeDays,
  status: r.status,
  returnReason: r.returnReason,
  returnedAt: r.returnedAt,
  goodsCode: r.goodsCode,
  submittedAt: r.submittedAt,
  updatedAt: r.updatedAt,
});

function reviewsOf(r: repo.ApplyRow): ApplyDetail['reviews'] {
  const reviews: ApplyDetail['reviews'] = [];
  if (r.purchase_reviewer)
    reviews.push({
      step: '采购审核',
      reviewerCode: r.purchase_reviewer,
      reviewerName: r.purchase_reviewer_name,
      result: r.purchase_result,
      comment: r.purchase_comment,
      at: r.purchase_at,
    });
  if (r.qualification_reviewer)
    reviews.push({
      step: '资质审核',
      reviewerCode: r.qualification_reviewer,
      reviewerName: r.qualification_reviewer_name,
      result: r.qualification_result,
      comment: r.qualification_comment,
      at: r.qualification_at,
    });
  return reviews;
}

async function detailOf(ctx: AppContext, row: repo.ApplyRow): Promise<ApplyDetail> {
  const day = today(ctx);
  const [files, linked] = await Promise.all([repo.filesOf(ctx.db, row.id), repo.linkedOf(ctx.db, row.id)]);
  return {
    ...summaryOf(row),
    caseQty: row.caseQty,
    origin: row.origin,
    remark: row.remark,
    createdBy: row.createdBy,
    reviews: reviewsOf(row),
    files: files.map((f) => ({
      fileId: f.id,
      fileName: f.name,
      contentType: f.content_type,
      size: Number(f.size),
      sha256: f.sha256,
      createdBy: f.created_by,
      createdAt: f.created_at.toISOString(),
    })),
    certificates: linked.map((c) => ({
      id: c.id,
      typeName: c.typeName,
      typeNameEn: c.typeNameEn,
      ctfNumber: c.ctfNumber,
      ctfName: c.ctfName,
      barcode: c.barcode,
      validTo: c.validTo,
      status: c.status,
      daysLeft: daysBetween(day, c.validTo),
    })),
  };
}

async function one(ctx: AppContext, scope: DataScope, applyNo: string, withDrafts: boolean): Promise<ApplyDetail> {
  const row = await repo.byNo(ctx.db, scope, applyNo, withDrafts);
  if (!row) throw ApiError.notFound({ 'zh-CN': `新品申请 ${applyNo} 不存在`, en: `New product application ${applyNo} does not exist` });
  return detailOf(ctx, row);
}

/** Drafts are the supplier's own: staff see an application once it was submitted. */
const withDraftsFor = (session: SessionContext) => session.kind === 'supplier';

export async function detail(ctx: AppContext, session: SessionContext, applyNo: string) {
  const apply = await one(ctx, scopeOf(session), applyNo, withDraftsFor(session));
  return { apply, history: await historyOf(ctx.db, flow, session.tenantId, applyNo) };
}

// ---- Lists ----

type ListQuery = CallBody<typeof contract.getApplyPage>;

export async function page(ctx: AppContext, session: SessionContext, query: ListQuery) {
  const search = { status: query.status, keyword: query.keyword, withDrafts: withDraftsFor(session) };
  const { total, list } = await repo.applyList.page(ctx.db, scopeOf(session, query.suppCode), search, query);
  return { total, list: list.map(summaryOf) };
}

export function columnValues(ctx: AppContext, session: SessionContext, query: CallBody<typeof contract.getApplyColumnValues>) {
  const search = { status: query.status, keyword: query.keyword, withDrafts: withDraftsFor(session) };
  return repo.applyList.columnValues(ctx.db, scopeOf(session, query.suppCode), search, query.filters, query.field);
}

export async function linkable(ctx: AppContext, session: SessionContext) {
  const who = owner(session);
  const day = today(ctx);
  return (await repo.currentCertificates(ctx.db, who)).map((c) => ({
    id: c.id,
    typeName: c.typeName,
    typeNameEn: c.typeNameEn,
    ctfNumber: c.ctfNumber,
    ctfName: c.ctfName,
    barcode: c.barcode,
    validTo: c.validTo,
    status: c.status,
    daysLeft: daysBetween(day, c.validTo),
  }));
}

// ---- The supplier's changes ----

/** The form's references checked against the tenant's base data: a category without children, a brand. */
async function checkReferences(ctx: AppContext, tenantId: string, form: ApplyForm, path: string) {
  const [category, brand] = await Promise.all([
    repo.categoryOf(ctx.db, tenantId, form.categoryCode),
    repo.brandOf(ctx.db, tenantId, form.brandCode),
  ]);
  if (!category)
    throw ApiError.badRequest({
      'zh-CN': `${path}.categoryCode: 商品类别 ${form.categoryCode} 不存在`,
      en: `${path}.categoryCode: goods category ${form.categoryCode} does not exist`,
    });
  if (category.hasChildren)
    throw ApiError.badRequest({
      'zh-CN': `${path}.categoryCode: 请选择末级商品类别`,
      en: `${path}.categoryCode: please choose a lowest-level goods category`,
    });
  if (!brand)
    throw ApiError.badRequest({
      'zh-CN': `${path}.brandCode: 品牌 ${form.brandCode} 不存在`,
      en: `${path}.brandCode: brand ${form.brandCode} does not exist`,
    });
}

const fieldsOf = (form: ApplyForm): repo.ApplyFields => ({
  goodsName: form.goodsName,
  barcode: form.barcode,
  spec: form.spec,
  unit: form.unit,
  caseQty: form.caseQty,
  categoryCode: form.categoryCode,
  brandCode: form.brandCode,
  price: form.price,
  retailPrice: form.retailPrice,
  taxRate: form.taxRate,
  shelfLifeDays: form.shelfLifeDays,
  origin: form.origin,
  remark: form.remark,
});

async function newApplyNo(trx: Transaction<DB>, tenantId: string, day: string): Promise<string> {
  const seq = await nextSequence(trx, tenantId, 'XP', day);
  return `XP${day.replaceAll('-', '')}-${String(seq).padStart(4, '0')}`;
}

/** Saves the form in the caller's transaction (a new draft, or a change of one in 草稿 or 驳回); answers its number. */
async function saveIn(ctx: AppContext, trx: Transaction<DB>, session: SessionContext, form: ApplyForm, path: string): Promise<string> {
  const who = owner(session);
  let id: number;
  let applyNo: string;
  if (form.applyNo) {
    applyNo = form.applyNo;
    const row = await transition(trx, flow, {
      action: 'update',
      actor: session,
      id: applyNo,
      lock: () => repo.lock(trx, who, applyNo),
      apply: (row) => repo.update(trx, row.id, fieldsOf(form)).then(() => undefined),
    });
    id = row.id;
  } else {
    applyNo = await newApplyNo(trx, who.tenantId, today(ctx));
    let created = 0;
    await start(trx, flow, {
      action: 'create',
      actor: session,
      id: applyNo,
      create: async () => {
        created = await repo.insert(trx, who, applyNo, fieldsOf(form));
      },
    });
    id = created;
  }
  const missing = await repo.setFiles(trx, who, id, form.fileIds);
  if (missing.length)
    throw ApiError.conflict({
      'zh-CN': `文件 ${missing.join('、')} 不存在或已被其他单据使用`,
      en: `Files ${missing.join(', ')} do not exist or are used by another document`,
    });
  if (form.ctfIds.length) {
    const current = new Map((await repo.currentCertificates(trx, who)).map((c) => [c.id, c]));
    const foreign = form.ctfIds.filter((c) => !current.has(c));
    if (foreign.length)
      throw ApiError.badRequest({
        'zh-CN': `${path}.ctfIds: 证照 ${foreign.join('、')} 不是本供应商的当前证照`,
        en: `${path}.ctfIds: certificates ${foreign.join(', ')} are not this supplier's current certificates`,
      });
    // A goods certificate speaks for its own goods item only: never for the new product of another barcode.
    const otherGoods = form.ctfIds.map((c) => current.get(c)!).filter((c) => c.scope === 'goods' && c.barcode !== form.barcode);
    if (otherGoods.length) {
      const named = otherGoods.map((c) => `${c.ctfNumber}（${c.barcode}）`).join('、');
      const namedEn = otherGoods.map((c) => `${c.ctfNumber} (${c.barcode})`).join(', ');
      throw ApiError.badRequest({
        'zh-CN': `${path}.ctfIds: 商品证照 ${named}属于其他条码的商品，不能关联到条码 ${form.barcode} 的新品`,
        en: `${path}.ctfIds: the goods certificate ${namedEn} is of another barcode's goods and cannot be linked to the new product ${form.barcode}`,
      });
    }
  }
  await repo.setCertificates(trx, id, [...new Set(form.ctfIds)]);
  return applyNo;
}

export async function save(ctx: AppContext, session: SessionContext, form: ApplyForm): Promise<ApplyDetail> {
  const who = owner(session);
  await checkReferences(ctx, who.tenantId, form, 'body');
  const applyNo = await inTransaction(ctx, guards, (trx) => saveIn(ctx, trx, session, form, 'body'));
  return one(ctx, who, applyNo, true);
}

/** Refuses what the review could not accept: no certificate, an expired linked one, a barcode already taken. */
async function checkSubmission(ctx: AppContext, trx: Transaction<DB>, row: repo.LockedApply) {
  const [files, linked] = await Promise.all([repo.filesOf(trx, row.id), repo.linkedOf(trx, row.id)]);
  if (files.length + linked.length === 0)
    throw ApiError.badRequest({
      'zh-CN': 'body.form.fileIds: 请上传质检报告等商品资质文件，或关联已有证照',
      en: 'body.form.fileIds: please upload a quality report or other product qualification documents, or link existing certificates',
    });
  const day = today(ctx);
  const expired = linked.filter((c) => daysBetween(day, c.validTo) < 0);
  if (expired.length)
    throw ApiError.conflict({
      'zh-CN': `关联的证照已过期：${expired.map((c) => `${c.typeName}（${c.ctfNumber}，有效期至 ${c.validTo}）`).join('、')}`,
      en: `Linked certificates have expired: ${expired.map((c) => `${certificate.typeNameIn('en', c)} (${c.ctfNumber}, valid to ${c.validTo})`).join(', ')}`,
    });
  await assertBarcodeFree(trx, row);
}

async function assertBarcodeFree(trx: Transaction<DB>, row: repo.LockedApply) {
  const goods = await repo.goodsByBarcode(trx, row.tenant_id, row.barcode);
  if (goods)
    throw ApiError.conflict({
      'zh-CN': `条码 ${row.barcode} 已是商品 ${goods.goods_code} ${goods.goods_name} 的条码`,
      en: `Barcode ${row.barcode} is already the barcode of goods ${goods.goods_code} ${goods.goods_name}`,
    });
  const other = await repo.liveWithBarcode(trx, row.tenant_id, row.barcode, row.id);
  if (other)
    throw ApiError.conflict({
      'zh-CN': `条码 ${row.barcode} 已有新品申请 ${other.apply_no}（${other.status}）`,
      en: `Barcode ${row.barcode} already has new product application ${other.apply_no} (${other.status})`,
    });
}

const clearedReviews = {
  purchase_reviewer: '',
  purchase_reviewer_name: '',
  purchase_result: '',
  purchase_comment: '',
  purchase_at: null,
  qualification_reviewer: '',
  qualification_reviewer_name: '',
  qualification_result: '',
  qualification_comment: '',
  qualification_at: null,
  return_reason: '',
  returned_at_step: '',
} as const;

/**
 * `/workFlow/startErpProcessWithForm`: saves the form and starts its review (草稿 or 驳回 -> 已提交), in one
 * transaction; an expired mandatory certificate of the supplier refuses it before anything changes.
 */
export async function submit(ctx: AppContext, session: SessionContext, form: ApplyForm): Promise<ApplyDetail> {
  const who = owner(session);
  await checkReferences(ctx, who.tenantId, form, 'body.form');
  await assertCertificatesValid(ctx, who.tenantId, who.suppCode);
  const applyNo = await inTransaction(ctx, guards, async (trx) => {
    const saved = await saveIn(ctx, trx, session, form, 'body.form');
    await transition(trx, flow, {
      action: 'submit',
      actor: session,
      id: saved,
      lock: () => repo.lock(trx, who, saved),
      apply: async (row, to) => {
        await checkSubmission(ctx, trx, row);
        await repo.setState(trx, row.id, to!, { ...clearedReviews, submitted_at: ctx.now() });
        await recordEvent(trx, {
          tenantId: row.tenant_id,
          suppCode: row.supp_code,
          topic: 'goods-apply.application.submitted',
          subject: row.apply_no,
          payload: {
            applyNo: row.apply_no,
            suppCode: row.supp_code,
            goodsName: row.goods_name,
            barcode: row.barcode,
            categoryCode: row.category_code,
            brandCode: row.brand_code,
            price: row.price,
            retailPrice: row.retail_price,
            taxRate: row.tax_rate,
            status: to!,
          },
          actor: accountActor(session),
        });
      },
    });
    return saved;
  });
  return one(ctx, who, applyNo, true);
}

export async function withdraw(ctx: AppContext, session: SessionContext, applyNo: string): Promise<ApplyDetail> {
  const who = owner(session);
  await inTransaction(ctx, guards, (trx) =>
    transition(trx, flow, {
      action: 'withdraw',
      actor: session,
      id: applyNo,
      lock: () => repo.lock(trx, who, applyNo),
      apply: async (row, to) => {
        await repo.setState(trx, row.id, to!);
        await recordEvent(trx, {
          tenantId: row.tenant_id,
          suppCode: row.supp_code,
          topic: 'goods-apply.application.withdrawn',
          subject: row.apply_no,
          payload: { applyNo: row.apply_no, suppCode: row.supp_code, status: to! },
          actor: accountActor(session),
        });
      },
    }),
  );
  return one(ctx, who, applyNo, true);
}

export async function remove(ctx: AppContext, session: SessionContext, applyNo: string): Promise<null> {
  const who = owner(session);
  await inTransaction(ctx, guards, (trx) =>
    transition(trx, flow, {
      action: 'delete',
      actor: session,
      id: applyNo,
      lock: () => repo.lock(trx, who, applyNo),
      apply: async (row) => {
        await repo.freeFiles(trx, who.tenantId, row.id);
        await repo.remove(trx, row.id);
      },
    }),
  );
  return null;
}

// ---- Review ----

/** The step an application is at; past the steps (通过, 驳回) the one the caller's role owns, so a repeat answers 409. */
function stepOf(status: ApplyStatus, roleCode: string | null): ReviewStep {
  if (status === '已提交' || status === '采购审核') return '采购审核';
  if (status === '资质审核') return '资质审核';
  return roleCode === goodsApply.stepRoles['资质审核'] ? '资质审核' : '采购审核';
}

const actions: Record<ReviewStep, { approve: ApplyAction; reject: ApplyAction }> = {
  采购审核: { approve: 'purchaseApprove', reject: 'purchaseReject' },
  资质审核: { approve: 'qualificationApprove', reject: 'qualificationReject' },
};

async function newGoodsCode(trx: Transaction<DB>, tenantId: string): Promise<string> {
  // New goods are numbered from 700001 (the sequence is per tenant); a code taken by hand is skipped.
  for (;;) {
    const seq = await nextSequence(trx, tenantId, 'GOODS', '2000-01-01');
    const code = String(700000 + seq);
    if (!(await repo.goodsCodeTaken(trx, tenantId, code))) return code;
  }
}

export async function review(
  ctx: AppContext,
  session: SessionContext,
  applyNo: string,
  verdict: 'accept' | 'approve' | 'reject',
  comment: string,
): Promise<ApplyDetail> {
  staffOnly(session);
  const scope = scopeOf(session);
  await inTransaction(ctx, guards, async (trx) => {
    const locked = await repo.lock(trx, scope, applyNo);
    if (!locked || locked.status === '草稿')
      throw ApiError.notFound({ 'zh-CN': `新品申请 ${applyNo} 不存在`, en: `New product application ${applyNo} does not exist` });
    const step = stepOf(locked.status, session.roleCode);
    const action: ApplyAction = verdict === 'accept' ? 'accept' : actions[step][verdict];
    const reviewer = { code: session.employeeCode, name: session.employeeName, at: ctx.now() };
    await transition(trx, flow, {
      action,
      actor: session,
      id: applyNo,
      note: comment,
      lock: async () => locked,
      apply: async (row, to) => {
        if (verdict === 'accept') {
          await repo.setState(trx, row.id, to!, { purchase_reviewer: reviewer.code, purchase_reviewer_name: reviewer.name });
          return;
        }
        const result: '通过' | '驳回' = verdict === 'approve' ? '通过' : '驳回';
        const returned = verdict === 'reject' ? { return_reason: comment, returned_at_step: step } : {};
        const stepColumns =
          step === '采购审核'
            ? {
                purchase_reviewer: reviewer.code,
                purchase_reviewer_name: reviewer.name,
                purchase_result: result,
                purchase_comment: comment,
                purchase_at: reviewer.at,
              }
            : {
                qualification_reviewer: reviewer.code,
                qualification_reviewer_name: reviewer.name,
                qualification_result: result,
                qualification_comment: comment,
                qualification_at: reviewer.at,
              };
        let goods = {};
        if (to === '通过') {
          await assertBarcodeFree(trx, row);
          const code = await newGoodsCode(trx, row.tenant_id);
          await repo.insertGoods(trx, row, code);
          goods = { goods_code: code };
        }
        await repo.setState(trx, row.id, to!, { ...stepColumns, ...returned, ...goods });
        await recordEvent(trx, {
          tenantId: row.tenant_id,
          suppCode: row.supp_code,
          topic: 'goods-apply.application.reviewed',
          subject: row.apply_no,
          payload: {
            applyNo: row.apply_no,
            suppCode: row.supp_code,
            goodsName: row.goods_name,
            step,
            approved: verdict === 'approve',
            status: to!,
            reason: verdict === 'reject' ? comment : '',
          },
          actor: accountActor(session),
        });
      },
    });
  });
  return one(ctx, scope, applyNo, false);
}

/** `/workFlow/getNewAppInfo`: counts per state, the step the caller's role owns, how many wait for it and the newest. */
export async function newAppInfo(ctx: AppContext, session: SessionContext): Promise<NewAppInfo> {
  staffOnly(session);
  const counts = await repo.countsByStatus(ctx.db, session.tenantId);
  const step = goodsApply.reviewSteps.find((s) => goodsApply.stepRoles[s] === session.roleCode) ?? null;
  const states: readonly ApplyStatus[] = step === '采购审核' ? ['已提交', '采购审核'] : step === '资质审核' ? ['资质审核'] : [];
  const waiting = states.reduce((n, s) => n + (counts[s] ?? 0), 0);
  const newest = states.length ? await repo.newestIn(ctx.db, session.tenantId, states) : undefined;
  return {
    processKey: 'goodsApply',
    counts: Object.fromEntries(goodsApply.applyStatuses.filter((s) => s !== '草稿').map((s) => [s, counts[s] ?? 0])),
    step,
    waiting,
    newest: newest ? summaryOf(newest) : null,
  };
}
