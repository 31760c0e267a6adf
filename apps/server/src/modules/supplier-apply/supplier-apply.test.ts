// Supplier admission: the public application (captcha, per-address limit, licences, bad input), the state
// look-up, the review's transitions per role, the approval creating exactly one supplier and main account,
// and the supplier history with its status changes.
import { createHash } from 'node:crypto';
import { Messages, auth, employee, supplierApply } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPng } from '../../db/seed/certificates';
import { createTestApp, login, type TestApp, tokenFor } from '../../test/helpers';
import { multipart } from '../../test/multipart';

let t: TestApp;
beforeAll(async () => {
  // Each test speaks from its own address (X-Forwarded-For, trusted from the test client's 127.0.0.1 only).
  t = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1', APPLY_PER_HOUR: '3', APPLY_QUERY_PER_HOUR: '4' } });
});
afterAll(() => t.close());

const valid = (first17: string) => `${first17}${supplierApply.creditCheckChar(first17)}`;
const png = demoPng([90, 140, 200], 40, 30);

async function knownCaptcha(answer = 'K7PX'): Promise<{ captchaId: string; validCode: string }> {
  const captchaId = `test-${Math.random().toString(36).slice(2)}`;
  await t.database.db
    .insertInto('captcha')
    .values({
      id: captchaId,
      answer_hash: createHash('sha256').update(answer).digest('hex'),
      expires_at: new Date(Date.now() + 86_400_000),
    })
    .execute();
  return { captchaId, validCode: answer.toLowerCase() };
}

const form = (credit: string, extra: Record<string, unknown> = {}) => ({
  companyName: '常州好味食品有限公司',
  creditCode: credit,
  legalPerson: '赵好',
  licenceValidTo: '2030-12-31',
  contactName: '赵小味',
  contactPhone: '13912345678',
  contactEmail: 'zhao@haowei-demo.cn',
  bankName: '中国银行常州分行',
  bankAccount: '6217001234567890',
  categories: ['1001', '1002'],
  ...extra,
});

function submit(ip: string, body: unknown, files = [{ name: '营业执照.png', bytes: png }], tenant = 'demo') {
  const { payload, headers } = multipart(files, { form: JSON.stringify(body) });
  return t.app.inject({
    method: 'POST',
    url: `/api/coApply/submit?tenantid=${tenant}`,
    payload,
    headers: { ...headers, 'x-forwarded-for': ip },
  });
}

function lookUp(ip: string, applyNo: string, creditCode: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/coApply/query?tenantid=demo',
    payload: { applyNo, creditCode },
    headers: { 'x-forwarded-for': ip },
  });
}

async function submitted(ip: string, credit: string): Promise<string> {
  const res = await submit(ip, { ...form(credit), ...(await knownCaptcha()) });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: { applyNo: string } }).data.applyNo;
}

describe('统一社会信用代码', () => {
  it('checks the GB 32100-2015 check character', () => {
    expect(supplierApply.creditCodeProblem('91350100M000100Y43')).toBeNull();
    expect(supplierApply.creditCodeProblem('91110000600037341L')).toBeNull();
    expect(supplierApply.creditCodeProblem('91350100M000100Y44')).toBe('统一社会信用代码校验位不正确');
    expect(supplierApply.creditCodeProblem('91350100M000100YO3')).toMatch(/不含I、O、S、V、Z/);
    expect(supplierApply.creditCodeProblem('9135010')).toMatch(/18位/);
    expect(supplierApply.creditCode.parse(' 91350100m000100y43 ')).toBe('91350100M000100Y43');
  });
});

describe('the public cooperation application', () => {
  it('takes an application without a session and answers its reference number; the licence is stored with it', async () => {
    const credit = valid('91320412MA1Q2W3E4');
    const applyNo = await submitted('198.51.100.1', credit);
    expect(applyNo).toMatch(/^SA\d{8}-\d{4}$/);
    const row = await t.database.db.selectFrom('supplier_apply').selectAll().where('apply_no', '=', applyNo).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: '已提交', credit_code: credit, categories: ['1001', '1002'], client_ip: '198.51.100.1' });
    const files = await t.database.db
      .selectFrom('supplier_apply_file as af')
      .innerJoin('stored_file as f', 'f.id', 'af.file_id')
      .select(['f.name', 'f.referenced_by', 'f.supp_code'])
      .where('af.apply_id', '=', row.id)
      .execute();
    expect(files).toEqual([{ name: '营业执照.png', referenced_by: `supplier-apply:${applyNo}`, supp_code: null }]);
    // A second application of the same company while the first is under review is a 409.
    const again = await submit('198.51.100.1', { ...form(credit), ...(await knownCaptcha()) });
    expect(again.statusCode).toBe(409);
  });

  it('needs a right captcha, used once', async () => {
    const ip = '198.51.100.2';
    const none = await submit(ip, form(valid('91320412MA1Q2W3E5')));
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toMatch(/^body\.captchaId: /);
    const captcha = await knownCaptcha('ABCD');
    const wrong = await submit(ip, { ...form(valid('91320412MA1Q2W3E5')), ...captcha, validCode: 'WXYZ' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: '10002', message: '验证码错误或已过期' });
    // The captcha answered once, wrongly: the right answer no longer counts.
    const reused = await submit(ip, { ...form(valid('91320412MA1Q2W3E5')), ...captcha, validCode: 'abcd' });
    expect(reused.json()).toMatchObject({ code: '10002' });
  });

  it('limits submissions per client address and hour, before reading the body', async () => {
    const ip = '198.51.100.3';
    for (let i = 0; i < 3; i++) expect((await submit(ip, { bad: true })).statusCode).toBe(400);
    const fourth = await submit(ip, { ...form(valid('91320412MA1Q2W3E6')), ...(await knownCaptcha()) });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().message).toMatch(/^提交过于频繁，请\d+分钟后再试$/);
    // Another address is not held back; an hour later this one is free again.
    expect((await submit('198.51.100.4', { bad: true })).statusCode).toBe(400);
    t.shiftClock(61 * 60_000);
    expect((await submit(ip, { bad: true })).statusCode).toBe(400);
  });

  it('refuses bad input with a clear 4xx', async () => {
    let n = 10;
    const refused = async (body: unknown, files?: { name: string; bytes: Buffer }[]) => {
      const res = await submit(`198.51.100.${n++}`, body, files);
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      return { status: res.statusCode, message: (res.json() as { message: string }).message };
    };
    const ok = async () => ({ ...form(valid('91320412MA1Q2W3E7')), ...(await knownCaptcha()) });
    expect((await refused({ ...(await ok()), creditCode: '91320412MA1Q2W3E70' })).message).toMatch(/^body\.creditCode: /);
    const right = valid('91320412MA1Q2W3E7');
    const wrongCheck = right.slice(0, 17) + (right.endsWith('1') ? '2' : '1');
    expect((await refused({ ...(await ok()), creditCode: wrongCheck })).message).toBe('body.creditCode: 统一社会信用代码校验位不正确');
    expect((await refused({ ...(await ok()), licenceValidTo: '2030-02-30' })).message).toBe('body.licenceValidTo: 日期不存在');
    expect((await refused({ ...(await ok()), companyName: 'a\u0000b' })).message).toBe('body.companyName: 不能包含空字符 (\\u0000)');
    expect((await refused({ ...(await ok()), legalPerson: 'x'.repeat(5000) })).message).toMatch(/^body\.legalPerson: 不能超过40个字符/);
    expect((await refused({ ...(await ok()), categories: ['constructor'] })).message).toBe('body.categories: 类别 constructor 不存在');
    expect((await refused({ ...(await ok()), creditCode: 'constructor' })).status).toBe(400);
    expect((await refused('{not json')).status).toBe(400);
    expect((await refused(await ok(), [])).message).toBe('file: 请上传营业执照等资质文件');
    expect((await refused(await ok(), [{ name: 'a.png', bytes: Buffer.from('MZ not an image') }])).status).toBe(415);
    expect((await refused(await ok(), [{ name: 'a.pdf', bytes: png }])).status).toBe(415);
    const big = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]);
    expect((await refused(await ok(), [{ name: 'a.png', bytes: big }])).status).toBe(413);
    const six = Array.from({ length: 6 }, (_, i) => ({ name: `p${i}.png`, bytes: png }));
    expect((await refused(await ok(), six)).status).toBe(413);
  });

  it('answers the state only for the matching reference number and credit code, and nothing else', async () => {
    const credit = valid('91320412MA1Q2W3E8');
    const applyNo = await submitted('198.51.100.30', credit);
    const right = await lookUp('198.51.100.31', applyNo.toLowerCase(), credit.toLowerCase());
    expect(right.statusCode).toBe(200);
    expect(Object.keys(right.json().data).sort()).toEqual(['applyNo', 'status', 'submittedAt', 'updatedAt']);
    expect(right.json().data).toMatchObject({ applyNo, status: '已提交' });
    const wrongCode = await lookUp('198.51.100.31', applyNo, valid('91320412MA1Q2W3E9'));
    const unknown = await lookUp('198.51.100.31', 'SA20200101-9999', credit);
    expect(wrongCode.statusCode).toBe(404);
    expect(unknown.json().message).toBe(wrongCode.json().message);
    expect((await lookUp('198.51.100.31', applyNo, credit)).statusCode).toBe(200);
    expect((await lookUp('198.51.100.31', applyNo, credit)).statusCode).toBe(429);
    expect((await lookUp('198.51.100.32', 'constructor', credit)).statusCode).toBe(400);
  });
});

describe('the review', () => {
  it('runs each step only for its role: buyer accepts, 资质 approves, a supplier reviews nothing', async () => {
    const credit = valid('91320412MA1Q2W3F1');
    const applyNo = await submitted('198.51.100.40', credit);
    const step = { applyNo, note: '' };
    expect((await t.callAs('100001', supplierApply.getApplyList, { body: {} })).status).toBe(403);
    expect((await t.callAs('100001', supplierApply.acceptApply, { body: step })).status).toBe(403);
    expect((await t.callAs(null, supplierApply.acceptApply, { body: step })).status).toBe(401);
    // The 资质 reviewer cannot accept, the buyer can.
    expect((await t.callAs('qc01', supplierApply.acceptApply, { body: step })).envelope.message).toBe('无权受理合作申请');
    const detail = await t.callAs('buyer01', supplierApply.getApplyDetail, { query: { applyNo } });
    expect(detail.data.actions).toEqual(['accept', 'return']);
    expect(detail.data.files).toHaveLength(1);
    const accepted = await t.callAs('buyer01', supplierApply.acceptApply, { body: { applyNo, note: '品类需要' } });
    expect(accepted.data.status).toBe('资质审核');
    expect(accepted.data.actions).toEqual([]);
    // The buyer cannot do the 资质 step, and accepting twice is a 409.
    const byBuyer = await t.callAs('buyer01', supplierApply.approveApply, { body: step });
    expect(byBuyer.status).toBe(403);
    expect(byBuyer.envelope.message).toBe('无权资质审核通过合作申请');
    expect((await t.callAs('buyer01', supplierApply.returnApply, { body: { applyNo, note: '不要了' } })).status).toBe(403);
    expect((await t.callAs('buyer01', supplierApply.acceptApply, { body: step })).status).toBe(409);
    const approved = await t.callAs('qc01', supplierApply.approveApply, { body: { applyNo, note: '资质齐全' } });
    expect(approved.status).toBe(200);
    const { suppCode, employeeCode, initialPassword, detail: after } = approved.data;
    expect(after.status).toBe('通过');
    expect(after.suppCode).toBe(suppCode);
    expect(after.history.map((h) => [h.actionText, h.toText, h.actorCode, h.note])).toEqual([
      ['提交申请', '已提交', credit, '常州好味食品有限公司'],
      ['受理', '资质审核', 'buyer01', '品类需要'],
      ['资质审核通过', '通过', 'qc01', '资质齐全'],
    ]);
    expect(initialPassword).toMatch(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)[A-Za-z\d]{12}$/);

    // Exactly one supplier and one main account, which must change its password at first login.
    const again = await t.callAs('qc01', supplierApply.approveApply, { body: step });
    expect(again.status).toBe(409);
    expect(again.envelope.message).toBe(`合作申请 ${applyNo} 当前状态为「通过」，不能资质审核通过`);
    const suppliers = await t.database.db
      .selectFrom('supplier')
      .select(['supp_code', 'status'])
      .where('credit_code', '=', credit)
      .execute();
    expect(suppliers).toEqual([{ supp_code: suppCode, status: '启用' }]);
    const accounts = await t.database.db
      .selectFrom('account')
      .select(['employee_code', 'must_change_password', 'parent_code'])
      .where('supp_code', '=', suppCode)
      .execute();
    expect(accounts).toEqual([{ employee_code: employeeCode, must_change_password: true, parent_code: null }]);
    const signIn = await login(t.app, employeeCode, { password: initialPassword });
    expect(signIn.json().data).toMatchObject({ supplierCode: suppCode, supplierName: '常州好味食品有限公司', isEditPw: '1' });
    // The new supplier's code follows the demo's last one; it sees its own licence.
    expect(Number(suppCode)).toBeGreaterThan(100006);
    // A company already a supplier cannot apply again.
    const dup = await submit('198.51.100.41', { ...form(credit), ...(await knownCaptcha()) });
    expect(dup.statusCode).toBe(409);
  });

  it('returns with a reason at either step, and the applicant sees 驳回', async () => {
    const first = await submitted('198.51.100.50', valid('91320412MA1Q2W3F2'));
    expect((await t.callAs('buyer01', supplierApply.returnApply, { body: { applyNo: first, note: '' } })).status).toBe(400);
    const returned = await t.callAs('buyer01', supplierApply.returnApply, { body: { applyNo: first, note: '暂不引进该品类' } });
    expect(returned.data).toMatchObject({ status: '驳回', returnReason: '暂不引进该品类', actions: [] });
    const credit = valid('91320412MA1Q2W3F3');
    const second = await submitted('198.51.100.51', credit);
    await t.callAs('admin', supplierApply.acceptApply, { body: { applyNo: second, note: '' } });
    const byQc = await t.callAs('qc01', supplierApply.returnApply, { body: { applyNo: second, note: '许可证过期' } });
    expect(byQc.data.status).toBe('驳回');
    expect((await lookUp('198.51.100.52', second, credit)).json().data.status).toBe('驳回');
    // A returned company may apply again.
    expect(await submitted('198.51.100.53', credit)).not.toBe(second);
  });

  it('lists the waiting applications of the demo and refuses bad list input', async () => {
    const open = await t.callAs('qc01', supplierApply.getApplyList, { body: { status: 'open', limit: 100 } });
    expect(
      open.data.list.filter((r) => r.companyName === '宁波海润水产食品有限公司' || r.companyName === '无锡味坊食品科技有限公司'),
    ).toHaveLength(2);
    const all = await t.callAs('admin', supplierApply.getApplyList, { body: { status: '', limit: 100 } });
    expect(new Set(all.data.list.map((r) => r.status))).toEqual(new Set(['已提交', '资质审核', '通过', '驳回']));
    const sorted = await t.callAs('admin', supplierApply.getApplyList, { body: { sort: { field: 'constructor', order: 'asc' } } });
    expect(sorted.status).toBe(400);
    expect(sorted.envelope.message).toBe('body.sort.field: 不能按 constructor 排序');
    expect((await t.callAs('admin', supplierApply.getApplyDetail, { query: { applyNo: 'constructor' } })).status).toBe(400);
    expect((await t.callAs('admin', supplierApply.getApplyDetail, { query: { applyNo: 'SA20200101-9999' } })).status).toBe(404);
  });
});

describe('the supplier history', () => {
  it('lists the suppliers with their admission, and records status changes', async () => {
    const list = await t.callAs('admin', supplierApply.getSupplierHistoryList, { body: { keyword: '晨光' } });
    expect(list.data.list).toEqual([expect.objectContaining({ suppCode: '100006', status: '启用', applyCount: 1 })]);
    expect(list.data.list[0]!.admittedBy).toMatch(/^SA\d{8}-0001$/);
    expect((await t.callAs('qc01', supplierApply.getSupplierHistoryList, { body: {} })).status).toBe(403);
    expect((await t.callAs('100001', supplierApply.getSupplierHistory, { query: { suppCode: '100001' } })).status).toBe(403);

    const frozen = await t.callAs('admin', supplierApply.changeSupplierStatus, {
      body: { suppCode: '100003', status: '冻结', note: '资质过期' },
    });
    expect(frozen.data.status).toBe('冻结');
    const twice = await t.callAs('admin', supplierApply.changeSupplierStatus, {
      body: { suppCode: '100003', status: '冻结', note: '再冻结' },
    });
    expect(twice.status).toBe(409);
    await t.callAs('admin', supplierApply.changeSupplierStatus, { body: { suppCode: '100003', status: '启用', note: '已更新资质' } });
    const detail = await t.callAs('admin', supplierApply.getSupplierHistory, { query: { suppCode: '100003' } });
    expect(detail.data.statusHistory.map((h) => [h.fromText, h.toText, h.note])).toEqual([
      ['启用', '冻结', '资质过期'],
      ['冻结', '启用', '已更新资质'],
    ]);
    const admitted = await t.callAs('admin', supplierApply.getSupplierHistory, { query: { suppCode: '100006' } });
    expect(admitted.data.statusHistory.map((h) => h.actionText)).toEqual(['准入']);
    expect(admitted.data.applications[0]!.history.map((h) => h.toText)).toEqual(['已提交', '资质审核', '通过']);
    const bad = await t.callAs('admin', supplierApply.changeSupplierStatus, {
      body: { suppCode: '100003', status: 'constructor' as '启用', note: 'x' },
    });
    expect(bad.status).toBe(400);
    expect((await t.callAs('admin', supplierApply.getSupplierHistory, { query: { suppCode: 'nobody' } })).status).toBe(404);
  });

  it("lets a frozen supplier read but change nothing, and ends a disabled supplier's sessions and sign-ins", async () => {
    const session = { token: await tokenFor(t.app, '100005') };
    const child = { empCode: '100005-01', name: '周冻', mobile: '13900000551' };
    const setStatus = (status: '启用' | '冻结' | '停用') =>
      t.callAs('admin', supplierApply.changeSupplierStatus, { body: { suppCode: '100005', status, note: `改为${status}` } });

    expect((await setStatus('冻结')).status).toBe(200);
    expect((await t.callAs(session, employee.getChildEmployeeCode, { query: {} })).data).toBe('100005-01');
    const refused = await t.callAs(session, employee.insertSupChild, { body: child });
    expect([refused.status, refused.envelope.message]).toEqual([403, Messages.supplierFrozen['zh-CN']]);
    expect((await login(t.app, '100005')).json()).toMatchObject({ code: '1' });

    expect((await setStatus('停用')).status).toBe(200);
    const ended = await t.callAs(session, employee.getChildEmployeeCode, { query: {} });
    expect([ended.status, ended.envelope.message]).toEqual([401, Messages.supplierDisabled['zh-CN']]);
    expect((await t.callAs(session, employee.getChildEmployeeCode, { query: {} })).status).toBe(401);
    expect((await login(t.app, '100005')).json()).toMatchObject({ message: Messages.supplierDisabled['zh-CN'] });

    expect((await setStatus('启用')).status).toBe(200);
    const back = { token: await tokenFor(t.app, '100005') };
    const created = await t.callAs(back, employee.insertSupChild, { body: child });
    expect(created.status).toBe(200);
  });

  it('serves the category tree and the captcha to visitors', async () => {
    const tree = await t.callAs(null, supplierApply.applyCategories, { query: { tenantid: 'demo' } });
    expect(tree.data.find((c) => c.value === '10')?.children.map((c) => c.label)).toContain('饼干糕点');
    expect((await t.callAs(null, supplierApply.applyCategories, { query: { tenantid: 'nobody' } })).status).toBe(400);
    expect((await t.callAs(null, auth.captcha)).status).toBe(200);
  });
});
