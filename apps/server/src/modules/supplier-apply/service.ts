// Rules of cooperation applications: a visitor submits one (captcha, per-address limit, licences stored
// with it in one transaction) and looks up its state with the reference number and the credit code; staff
// review it on the workflow, and the approval admits the supplier with a new code and its main account.
import { randomInt } from 'node:crypto';
import type { supplierApply } from '@portal/contract';
import {
  type SupplierApplyDetail as ApplyDetail,
  type SupplierApplyForm as ApplyForm,
  type SupplierApplyState as ApplyState,
  Messages,
  ResultCode,
  type CallBody,
  type CallData,
} from '@portal/contract';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { hashPassword } from '../../lib/password-hash';
import { businessDay } from '../../platform/clock';
import type { AppContext } from '../../platform/context';
import { ApiError } from '../../platform/errors';
import { saveFile } from '../../platform/files/store';
import type { ReceivedFile } from '../../platform/files/upload';
import type { SessionContext } from '../../platform/session-context';
import { historyOf, recordHistory } from '../../platform/workflow/history';
import { start, transition } from '../../platform/workflow/transition';
import { consumeCaptcha } from '../auth/throttle';
import { nextSequence } from '../../platform/sql/sequence';
import { accountActor, recordEvent } from '../../platform/events';
import { type GuardRefusals, inTransaction } from '../../platform/sql/transaction';
import { mayRun } from '../../platform/workflow/who';
import { applyFlow, supplierFlow } from './flow';
import * as repo from './repo';

/** One open application per company: its unique index answers as the rule's 409. */
const guards: GuardRefusals = {
  supplier_apply_open: {
    'zh-CN': '该企业已有审核中的合作申请，请使用申请编号查询进度',
    en: 'This company already has an application under review; use its application number to check progress',
  },
};

async function assertTenant(ctx: AppContext, tenantId: string): Promise<void> {
  if (!(await repo.tenantExists(ctx.db, tenantId)))
    throw ApiError.badRequest({
      'zh-CN': `query.tenantid: 租户 ${tenantId} 不存在`,
      en: `query.tenantid: tenant ${tenantId} does not exist`,
    });
}

export async function categories(ctx: AppContext, tenantId: string): Promise<CallData<typeof supplierApply.applyCategories>> {
  await assertTenant(ctx, tenantId);
  const rows = await repo.categoryTree(ctx.db, tenantId);
  return rows
    .filter((r) => r.parent_category_code === null)
    .map((top) => ({
      value: top.category_code,
      label: top.category_name,
      children: rows
        .filter((r) => r.parent_category_code === top.category_code)
        .map((r) => ({ value: r.category_code, label: r.category_name })),
    }));
}

export async function submit(
  ctx: AppContext,
  tenantId: string,
  form: ApplyForm,
  files: ReceivedFile[],
  clientIp: string,
): Promise<CallData<typeof supplierApply.submitApply>> {
  await assertTenant(ctx, tenantId);
  if (!(await consumeCaptcha(ctx, form.captchaId, form.validCode))) {
    throw new ApiError(400, ResultCode.captchaRequired, Messages.captchaWrong);
  }
  if (files.length === 0)
    throw ApiError.badRequest({
      'zh-CN': 'file: 请上传营业执照等资质文件',
      en: 'file: please upload your business licence and other qualification documents',
    });
  const codes = [...new Set(form.categories)];
  const known = await repo.categoriesOf(ctx.db, tenantId, codes);
  const unknown = codes.filter((c) => !known.some((k) => k.code === c));
  if (unknown.length)
    throw ApiError.badRequest({
      'zh-CN': `body.categories: 类别 ${unknown.join('、')} 不存在`,
      en: `body.categories: categories ${unknown.join(', ')} do not exist`,
    });
  if (await repo.supplierWithCreditCode(ctx.db, tenantId, form.creditCode)) {
    throw ApiError.conflict({
      'zh-CN': '该统一社会信用代码的企业已是合作供应商，无需重复申请',
      en: 'The company with this unified social credit code is already a supplier; no need to apply again',
    });
  }
  const now = ctx.now();
  const day = businessDay(now);
  return inTransaction(ctx, guards, async (trx) => {
    const seq = await nextSequence(trx, tenantId, 'SA', day);
    const applyNo = `SA${day.replaceAll('-', '')}-${String(seq).padStart(4, '0')}`;
    const id = await repo.insertApplication(trx, {
      tenant_id: tenantId,
      apply_no: applyNo,
      company_name: form.companyName,
      credit_code: form.creditCode,
      legal_person: form.legalPerson,
      licence_valid_to: form.licenceValidTo || null,
      address: form.address,
      contact_name: form.contactName,
      contact_phone: form.contactPhone,
      contact_email: form.contactEmail,
      bank_name: form.bankName,
      bank_account: form.bankAccount,
      categories: codes,
      remark: form.remark,
      status: '已提交',
      supp_code: null,
      client_ip: clientIp,
      created_at: now,
      updated_at: now,
    });
    const fileIds: string[] = [];
    for (const file of files) {
      const saved = await saveFile(trx, { tenantId, suppCode: null, createdBy: applyNo }, file);
      fileIds.push(saved.id);
    }
    await repo.referenceFiles(trx, fileIds, reference(applyNo));
    await repo.attachFiles(trx, id, fileIds);
    await recordHistory(trx, applyFlow, {
      tenantId,
      recordId: applyNo,
      action: 'submit',
      from: null,
      to: '已提交',
      actor: { code: form.creditCode, name: form.contactName },
      note: form.companyName,
    });
    // No supplier yet, and no account: the applicant is known by the application's number only.
    await recordEvent(trx, {
      tenantId,
      suppCode: null,
      topic: 'supplier-apply.application.submitted',
      subject: applyNo,
      payload: { applyNo, companyName: form.companyName, creditCode: form.creditCode, categories: codes, status: '已提交' },
      actor: `public:${applyNo}`,
    });
    return { applyNo, status: '已提交' as const, submittedAt: now.toISOString() };
  });
}

const reference = (applyNo: string) => `supplier-apply:${applyNo}`;

/** The state of an application, only when the reference number and the credit code both match (else one 404 for both). */
export async function lookUp(ctx: AppContext, tenantId: string, applyNo: string, creditCode: string): Promise<ApplyState> {
  const row = await repo.findApplication(ctx.db, tenantId, applyNo);
  if (!row || row.credit_code !== creditCode)
    throw ApiError.notFound({
      'zh-CN': '未找到与申请编号和统一社会信用代码相符的申请',
      en: 'No application matches this application number and unified social credit code',
    });
  return { applyNo: row.apply_no, status: row.status, submittedAt: row.created_at.toISOString(), updatedAt: row.updated_at.toISOString() };
}

// ---- Review ----

const noButtons: ReadonlySet<string> = new Set();

function staffOnly(session: SessionContext): void {
  if (session.kind !== 'staff')
    throw ApiError.forbidden({ 'zh-CN': '只有商户员工可以审核合作申请', en: "Only the retailer's staff can review supplier applications" });
}

/** What the caller may do to an application in its state, as the contract names the actions. */
function actionsOf(session: SessionContext, status: supplierApply.ApplyStatus): ApplyDetail['actions'] {
  // Every step of an application is staff's: no child account's buttons to read.
  const may = (action: keyof typeof applyFlow.transitions) => mayRun(applyFlow.transitions[action], status, session, noButtons);
  const actions: ApplyDetail['actions'] = [];
  if (may('accept')) actions.push('accept');
  if (may('approve')) actions.push('approve');
  if (may('return') || may('return-submitted')) actions.push('return');
  return actions;
}

export async function detail(ctx: AppContext, session: SessionContext, applyNo: string): Promise<ApplyDetail> {
  staffOnly(session);
  const row = await repo.findApplication(ctx.db, session.tenantId, applyNo);
  if (!row) throw ApiError.notFound({ 'zh-CN': `合作申请 ${applyNo} 不存在`, en: `Supplier application ${applyNo} does not exist` });
  const [listed, cats, files, history] = await Promise.all([
    repo.applications(ctx.db).where('a.id', '=', row.id).executeTakeFirstOrThrow(),
    repo.categoriesOf(ctx.db, session.tenantId, row.categories),
    repo.filesOf(ctx.db, row.id),
    historyOf(ctx.db, applyFlow, session.tenantId, applyNo),
  ]);
  return {
    ...repo.rowOf(listed),
    licenceValidTo: row.licence_valid_to ?? '',
    address: row.address,
    contactEmail: row.contact_email,
    bankName: row.bank_name,
    bankAccount: row.bank_account,
    categories: row.categories.map((code) => ({ code, name: cats.find((c) => c.code === code)?.name ?? code })),
    remark: row.remark,
    returnReason: row.return_reason,
    files,
    history,
    actions: actionsOf(session, row.status),
  };
}

export function list(ctx: AppContext, session: SessionContext, body: CallBody<typeof supplierApply.getApplyList>) {
  staffOnly(session);
  return repo.applyList.page(ctx.db, { tenantId: session.tenantId, suppCode: null }, body, body);
}

export function columnValues(ctx: AppContext, session: SessionContext, body: CallBody<typeof supplierApply.getApplyColumnValues>) {
  staffOnly(session);
  return repo.applyList.columnValues(ctx.db, { tenantId: session.tenantId, suppCode: null }, body, body.filters, body.field);
}

export async function accept(ctx: AppContext, session: SessionContext, applyNo: string, note: string): Promise<ApplyDetail> {
  staffOnly(session);
  await ctx.db.transaction().execute((trx) =>
    transition(trx, applyFlow, {
      action: 'accept',
      actor: session,
      id: applyNo,
      note,
      lock: () => repo.findApplication(trx, session.tenantId, applyNo, true),
      apply: async (row, to) => {
        await repo.setStatus(trx, row.id, to!, ctx.now());
        await applicationReviewed(trx, session, row, { approved: true, status: to!, reason: '', suppCode: '' });
      },
    }),
  );
  return detail(ctx, session, applyNo);
}

export async function returnApplication(ctx: AppContext, session: SessionContext, applyNo: string, reason: string): Promise<ApplyDetail> {
  staffOnly(session);
  await ctx.db.transaction().execute(async (trx) => {
    const current = await repo.findApplication(trx, session.tenantId, applyNo, true);
    await transition(trx, applyFlow, {
      action: current?.status === '已提交' ? 'return-submitted' : 'return',
      actor: session,
      id: applyNo,
      note: reason,
      lock: async () => current,
      apply: async (row, to) => {
        await repo.setStatus(trx, row.id, to!, ctx.now(), { returnReason: reason });
        await applicationReviewed(trx, session, row, { approved: false, status: to!, reason, suppCode: '' });
      },
    });
  });
  return detail(ctx, session, applyNo);
}

/** The outbox's event of a review step of an application (accepted, returned, approved), in the step's transaction. */
function applicationReviewed(
  trx: Transaction<DB>,
  session: SessionContext,
  row: repo.ApplicationRow,
  outcome: { approved: boolean; status: string; reason: string; suppCode: string },
) {
  return recordEvent(trx, {
    tenantId: session.tenantId,
    suppCode: outcome.suppCode || null,
    topic: 'supplier-apply.application.reviewed',
    subject: row.apply_no,
    payload: { applyNo: row.apply_no, companyName: row.company_name, ...outcome },
    actor: accountActor(session),
  });
}

/** An initial password of 12 characters with upper and lower case letters and digits (the password rule), no look-alikes. */
export function initialPassword(): string {
  const sets = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnpqrstuvwxyz', '23456789'];
  const all = sets.join('');
  const chars = [...sets.map((s) => s[randomInt(s.length)]!), ...Array.from({ length: 9 }, () => all[randomInt(all.length)]!)];
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}

/** Creates the supplier of an approved application, its admission in the supplier's history and its main account. */
async function admit(trx: Transaction<DB>, session: SessionContext, row: repo.ApplicationRow, password: string): Promise<string> {
  const existing = await repo.supplierWithCreditCode(trx, session.tenantId, row.credit_code);
  if (existing)
    throw ApiError.conflict({
      'zh-CN': `统一社会信用代码 ${row.credit_code} 已是供应商 ${existing.supp_code} ${existing.supp_name}`,
      en: `Unified social credit code ${row.credit_code} is already supplier ${existing.supp_code} ${existing.supp_name}`,
    });
  const suppCode = await repo.nextSupplierCode(trx, session.tenantId);
  await start(trx, supplierFlow, {
    action: 'admit',
    actor: session,
    id: suppCode,
    note: `合作申请 ${row.apply_no}`,
    create: (status) =>
      repo.insertSupplier(trx, {
        tenant_id: session.tenantId,
        supp_code: suppCode,
        supp_name: row.company_name,
        credit_code: row.credit_code,
        status,
        phone_list: JSON.stringify([{ name: row.contact_name, phone: row.contact_phone }]),
        email_list: JSON.stringify(row.contact_email ? [{ name: row.contact_name, email: row.contact_email }] : []),
      }),
  });
  await repo.insertMainAccount(trx, {
    tenant_id: session.tenantId,
    kind: 'supplier',
    employee_code: suppCode,
    employee_name: row.contact_name,
    supp_code: suppCode,
    mov_phone: row.contact_phone,
    email: row.contact_email,
    password_hash: await hashPassword(password),
    must_change_password: true,
  });
  // The licences become the new supplier's own files (staff still read them).
  await repo.filesToSupplier(trx, reference(row.apply_no), suppCode);
  return suppCode;
}

export async function approve(
  ctx: AppContext,
  session: SessionContext,
  applyNo: string,
  note: string,
): Promise<CallData<typeof supplierApply.approveApply>> {
  staffOnly(session);
  const password = initialPassword();
  let suppCode = '';
  await ctx.db.transaction().execute((trx) =>
    transition(trx, applyFlow, {
      action: 'approve',
      actor: session,
      id: applyNo,
      note,
      lock: () => repo.findApplication(trx, session.tenantId, applyNo, true),
      apply: async (row, to) => {
        suppCode = await admit(trx, session, row, password);
        await repo.setStatus(trx, row.id, to!, ctx.now(), { suppCode });
        await applicationReviewed(trx, session, row, { approved: true, status: to!, reason: '', suppCode });
      },
    }),
  );
  return { detail: await detail(ctx, session, applyNo), suppCode, employeeCode: suppCode, initialPassword: password };
}
