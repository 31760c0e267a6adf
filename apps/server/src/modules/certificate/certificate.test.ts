// Certificates end to end on the server: upload rules, owners, the review workflow and its 409s,
// replacing, files in use, the dashboard card and the check that blocks a supplier with expired licences.
import { certificate, file, goodsApply } from '@portal/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPng } from '../../db/seed/certificates';
import { businessDay } from '../../platform/clock';
import type { ApiError } from '../../platform/errors';
import { createTestApp, type TestApp, tokenFor } from '../../test/helpers';
import { multipart } from '../../test/multipart';
import { runExpiryJob } from './expiry';
import { assertCertificatesValid } from './service';

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const user of ['100001', '100001-01', '100002']) tokens[user] = await tokenFor(t.app, user);
  tokens.admin = await tokenFor(t.app, 'admin', { staff: true });
});
afterAll(() => t.close());

const png = demoPng([200, 80, 80], 40, 30);
const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n%%EOF\n', 'latin1');
const xlsxMagic = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100)]);

const upload = (user: string, files: { name: string; bytes: Buffer }[], url = '/api/ctf/uploadCtfFile') => {
  const body = multipart(files);
  return t.app.inject({ method: 'POST', url, headers: { ...body.headers, token: tokens[user]! }, payload: body.payload });
};
const uploaded = async (user: string, n = 2): Promise<string[]> => {
  const res = await upload(
    user,
    Array.from({ length: n }, (_, i) => ({ name: `执照${i + 1}.png`, bytes: png })),
  );
  expect(res.statusCode).toBe(200);
  return (res.json().data as { fileId: string }[]).map((f) => f.fileId);
};
const day = (offset: number) => new Date(Date.parse(businessDay(new Date())) + offset * 86_400_000).toISOString().slice(0, 10);

describe('upload of certificate files', () => {
  it('takes images and PDFs recognised from their bytes, and refuses other kinds, misnamed files and oversize ones', async () => {
    const ok = await upload('100001', [
      { name: 'a.png', bytes: png },
      { name: 'b.pdf', bytes: pdf },
    ]);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.map((f: { contentType: string }) => f.contentType)).toEqual(['image/png', 'application/pdf']);
    const sheet = await upload('100001', [{ name: 'a.xlsx', bytes: xlsxMagic }]);
    expect(sheet.statusCode).toBe(415);
    const misnamed = await upload('100001', [{ name: '执照.pdf', bytes: png }]);
    expect(misnamed.statusCode).toBe(415);
    expect(misnamed.json().message).toBe('文件 执照.pdf 的内容是PNG 图片，与扩展名不符');
    const big = await upload('100001', [{ name: 'big.png', bytes: Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]) }]);
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('文件 big.png 超过 5 MB 的上限');
    expect((await upload('admin', [{ name: 'a.png', bytes: png }])).statusCode).toBe(403);
  });
});

describe("refusals in the caller's language (Chinese to a caller that names none)", () => {
  const refusal = async (user: string, url: string, payload: object | { payload: Buffer; headers: object }, language?: string) => {
    const body = 'payload' in payload ? payload : { payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } };
    const res = await t.app.inject({
      method: 'POST',
      url: `/api${url}`,
      headers: { ...body.headers, token: tokens[user]!, ...(language ? { 'accept-language': language } : {}) },
      payload: body.payload,
    });
    return [res.statusCode, res.json().message];
  };
  const form = { typeCode: 'YYZZ', ctfNumber: 'N-1', ctfName: '营业执照', validTo: day(400) };

  it("refuses staff the calls that save a supplier's certificates", async () => {
    for (const [url, payload] of [
      ['/ctf/saveCtf', form],
      ['/ctf/uploadCtfFile', multipart([{ name: 'a.png', bytes: png }])],
    ] as const) {
      expect(await refusal('admin', url, payload, 'en-US,en;q=0.9')).toEqual([403, 'Only a supplier account can upload certificates']);
      expect(await refusal('admin', url, payload, 'zh-CN')).toEqual([403, '只有供应商账号可以上传证照']);
      expect(await refusal('admin', url, payload)).toEqual([403, '只有供应商账号可以上传证照']);
    }
  });

  it('refuses a supplier the upkeep of certificate types', async () => {
    const type = { typeCode: 'X1', typeName: '某证', scope: 'supplier', mandatory: false, annualReview: false };
    expect(await refusal('100001', '/ctf/saveCtfType', type, 'en')).toEqual([
      403,
      "Only the retailer's staff can maintain certificate types",
    ]);
    expect(await refusal('100001', '/ctf/saveCtfType', type)).toEqual([403, '只有商户员工可以维护证照类型']);
  });
});

describe('a certificate through review', () => {
  let id: number;
  let fileIds: string[];

  it('is saved with two images and submitted: 已提交, seen by staff, not by another supplier', async () => {
    fileIds = await uploaded('100001');
    const res = await t.callAs('100001', certificate.saveCtf, {
      body: {
        typeCode: 'SCXK',
        ctfNumber: 'SC10631011000999',
        ctfName: '食品生产许可证（换证）',
        validFrom: day(-1),
        validTo: day(1000),
        fileIds,
        submit: true,
      },
    });
    expect(res.status).toBe(200);
    id = res.data.id;
    expect(res.data).toMatchObject({ status: '已提交', typeName: '生产许可证', current: true, expiryState: '正常' });
    expect(res.data.files.map((f) => f.fileName)).toEqual(['执照1.png', '执照2.png']);
    expect((await t.callAs('admin', certificate.getCtfDetail, { query: { id } })).status).toBe(200);
    expect((await t.callAs('100002', certificate.getCtfDetail, { query: { id } })).status).toBe(404);
    const queue = await t.callAs('admin', certificate.getCtfReviewList, { body: {} });
    expect(queue.data.list.map((r) => r.id)).toContain(id);
  });

  it('keeps another supplier away from its files: unreadable, undeletable, not attachable (404/409)', async () => {
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/file/downloadFile?fileId=${fileIds[0]}`,
      headers: { token: tokens['100002']! },
    });
    expect(download.statusCode).toBe(404);
    expect((await t.callAs('100002', file.deleteFile, { body: { fileId: fileIds[0]! } })).status).toBe(404);
    const stolen = await t.callAs('100002', certificate.saveCtf, {
      body: { typeCode: 'SPJY', ctfNumber: 'X1', ctfName: '许可证', validTo: day(300), fileIds: [fileIds[0]!] },
    });
    expect(stolen.status).toBe(409);
    expect(stolen.envelope.message).toBe(`文件 ${fileIds[0]} 不存在或已被其他证照使用`);
  });

  it('refuses to delete a file a certificate uses, saying why', async () => {
    const res = await t.callAs('100001', file.deleteFile, { body: { fileId: fileIds[0]! } });
    expect(res.status).toBe(409);
    expect(res.envelope.message).toBe('文件 执照1.png 已被引用，不能删除');
  });

  it('is approved by staff only, once; the supplier cannot approve it and the second approval is a 409', async () => {
    const bySupplier = await t.callAs('100001', certificate.approveCtf, { body: { id } });
    expect(bySupplier.status).toBe(403);
    expect(bySupplier.envelope.message).toBe('无权审核通过证照');
    const approved = await t.callAs('admin', certificate.approveCtf, { body: { id } });
    expect(approved.data.status).toBe('已审核');
    const again = await t.callAs('admin', certificate.approveCtf, { body: { id } });
    expect(again.status).toBe(409);
    expect(again.envelope.message).toBe(`证照 ${id} 当前状态为「已审核」，不能审核通过`);
    const edit = await t.callAs('100001', certificate.saveCtf, {
      body: { id, typeCode: 'SCXK', ctfNumber: 'N', ctfName: 'N', validTo: day(10) },
    });
    expect(edit.status).toBe(409);
  });

  it('is replaced by a new one that is returned with a reason and resubmitted; the old one stays in history', async () => {
    const next = await t.callAs('100001', certificate.saveCtf, {
      body: {
        typeCode: 'SCXK',
        ctfNumber: 'SC-NEW',
        ctfName: '新证',
        validTo: day(2000),
        fileIds: await uploaded('100001', 1),
        submit: true,
      },
    });
    expect(next.data.status).toBe('已提交');
    const noReason = await t.callAs('admin', certificate.returnCtf, { body: { id: next.data.id, reason: ' ' } });
    expect(noReason.status).toBe(400);
    const returned = await t.callAs('admin', certificate.returnCtf, { body: { id: next.data.id, reason: '图片模糊，请重新上传' } });
    expect(returned.data).toMatchObject({ status: '审核退回', returnReason: '图片模糊，请重新上传' });
    const resubmitted = await t.callAs('100001', certificate.submitCtf, { body: { id: next.data.id } });
    expect(resubmitted.data.status).toBe('已提交');
    const detail = (await t.callAs('100001', certificate.getCtfDetail, { query: { id: next.data.id } })).data;
    expect(detail.history.map((h) => `${h.actionText}:${h.toText}`)).toEqual([
      '新建:未提交',
      '提交审核:已提交',
      '审核退回:审核退回',
      '提交审核:已提交',
    ]);
    expect(detail.history[2]!.note).toBe('图片模糊，请重新上传');
    expect(detail.previous.map((p) => p.id)).toContain(id);
    const old = (await t.callAs('100001', certificate.getCtfDetail, { query: { id } })).data;
    expect(old.certificate.current).toBe(false);
    expect(old.history.at(-1)).toMatchObject({ action: 'replace', actionText: '更换' });
    // Under review, it cannot be replaced again.
    const busy = await t.callAs('100001', certificate.saveCtf, {
      body: { typeCode: 'SCXK', ctfNumber: 'Y', ctfName: 'Y', validTo: day(9) },
    });
    expect(busy.status).toBe(409);
    expect(busy.envelope.message).toBe(`证照 ${next.data.id} 当前状态为「已提交」，不能更换`);
  });

  it('is kept from a child account not granted the module', async () => {
    const res = await t.callAs('100001-01', certificate.getSupplierCtfs, { query: {} });
    expect(res.status).toBe(403);
  });
});

describe('bad input', () => {
  it('answers 400 naming the field for impossible dates, unknown types, goods not of the supplier and odd ids', async () => {
    const date = await t.callAs('100001', certificate.saveCtf, {
      body: { typeCode: 'SBZC', ctfNumber: 'A', ctfName: 'A', validTo: '2026-02-30' },
    });
    expect(date.status).toBe(400);
    expect(date.envelope.message).toBe('body.validTo: 日期不存在');
    const type = await t.callAs('100001', certificate.saveCtf, {
      body: { typeCode: 'constructor', ctfNumber: 'A', ctfName: 'A', validTo: day(5) },
    });
    expect(type.envelope.message).toBe('body.typeCode: 证照类型 constructor 不存在');
    const goods = await t.callAs('100001', certificate.saveCtf, {
      body: { typeCode: 'ZJBG', ctfNumber: 'A', ctfName: 'A', validTo: day(5), barcode: '6931234500011' },
    });
    expect(goods.envelope.message).toBe('body.barcode: 商品条码 6931234500011 不是本供应商的商品');
    const nul = await t.callAs('100001', certificate.saveCtf, {
      body: { typeCode: 'SBZC', ctfNumber: 'A\u0000', ctfName: 'x'.repeat(5000), validTo: day(5) },
    });
    expect(nul.status).toBe(400);
    const odd = await t.app.inject({ method: 'GET', url: '/api/ctf/getCtfDetail?id=constructor', headers: { token: tokens['100001']! } });
    expect(odd.statusCode).toBe(400);
  });
});

describe('overview, dashboard card and the validity check', () => {
  it("shows 100001's expiring licence and expired quality report, and 100002's missing mandatory type", async () => {
    const mine = (await t.callAs('100001', certificate.getSupplierCtfs, { query: { suppCode: '100002' } })).data;
    expect(mine.suppCode).toBe('100001');
    const problems = Object.fromEntries(mine.types.map((x) => [x.type.typeName, x.problem]));
    expect(problems).toMatchObject({ 营业执照: 'ok', 食品经营许可证: 'expiring', 质检报告: 'expired' });
    const card = (await t.callAs('100001', certificate.getCertificateSummary, { query: {} })).data;
    expect(card).toMatchObject({ missing: 0, expiring: 1, expired: 1 });
    expect(card.items.find((i) => i.problem === 'expiring')).toMatchObject({ ctfNumber: 'JY13101090012345', daysLeft: 12 });
    const other = (await t.callAs('100002', certificate.getCertificateSummary, { query: {} })).data;
    expect(other.missing).toBe(1);
    expect(other.items[0]).toMatchObject({ problem: 'missing', typeName: '食品经营许可证' });
    const staff = (await t.callAs('admin', certificate.getProblemSuppliers)).data;
    expect(staff.find((s) => s.suppCode === '100002')).toMatchObject({
      missing: 1,
      missingTypes: ['食品经营许可证'],
      missingTypesEn: ['Food business licence'],
    });
    expect(other.items[0]).toMatchObject({ typeNameEn: 'Food business licence' });
    const types = (await t.callAs('100001', certificate.getCtfTypes)).data;
    expect(types.map((x) => x.typeNameEn)).toEqual([
      'Business licence',
      'Food business licence',
      'Production licence',
      'Trademark registration',
      'Quality inspection report',
    ]);
  });

  it('lets a supplier with valid mandatory certificates through and stops one whose licence has expired', async () => {
    const ctx = { db: t.database.db, now: () => new Date() };
    await expect(assertCertificatesValid(ctx, 'demo', '100001')).resolves.toBeUndefined();
    const later = { db: t.database.db, now: () => new Date(Date.now() + 20 * 86_400_000) };
    await expect(assertCertificatesValid(later, 'demo', '100001')).rejects.toMatchObject({
      status: 409,
      message: `必备资质证照已过期：食品经营许可证（JY13101090012345，有效期至 ${day(12)}）。请先在「资质证照」中更新并提交审核`,
    });
    // In English the type reads by its English name.
    const refusal = (await assertCertificatesValid(later, 'demo', '100001').catch((err: unknown) => err)) as ApiError;
    expect(refusal.messageIn('en')).toBe(
      `Mandatory certificates have expired: Food business licence (JY13101090012345, valid to ${day(12)}). ` +
        'Please update them under "Certificates" and submit them for review first.',
    );
  });
});

describe('a successor saved as a draft (as an import saves it) beside the approved licence expiring in 12 days', () => {
  let draft: number;
  let waiting: number;
  const ctx = (days = 0) => ({ db: t.database.db, now: () => new Date(Date.now() + days * 86_400_000) });

  it('leaves the approved licence in force: card, dashboard, problem suppliers, linking and the validity check follow it', async () => {
    const saved = await t.callAs('100001', certificate.saveCtf, {
      body: { typeCode: 'SPJY', ctfNumber: 'JY-DRAFT-1', ctfName: '食品经营许可证（新）', validTo: day(1800) },
    });
    expect(saved.data).toMatchObject({ status: '未提交', current: true, inForce: false });
    draft = saved.data.id;
    const overview = (await t.callAs('100001', certificate.getSupplierCtfs, { query: {} })).data;
    const licence = overview.types.find((x) => x.type.typeCode === 'SPJY')!;
    expect(licence.problem).toBe('expiring');
    expect(licence.certificates.map((c) => [c.ctfNumber, c.status, c.inForce, c.files.length > 0])).toEqual([
      ['JY13101090012345', '已审核', true, true],
      ['JY-DRAFT-1', '未提交', false, false],
    ]);
    const card = (await t.callAs('100001', certificate.getCertificateSummary, { query: {} })).data;
    expect(card).toMatchObject({ expiring: 1 });
    expect(card.items.find((i) => i.problem === 'expiring')).toMatchObject({ ctfNumber: 'JY13101090012345' });
    const problems = (await t.callAs('admin', certificate.getProblemSuppliers)).data;
    expect(problems.find((s) => s.suppCode === '100001')).toMatchObject({ expiring: 1, expired: 1 });
    waiting = problems.find((s) => s.suppCode === '100001')!.waiting;
    const linkable = (await t.callAs('100001', goodsApply.getLinkableCtfs)).data;
    expect(linkable.map((c) => c.ctfNumber)).toContain('JY13101090012345');
    expect(linkable.map((c) => c.ctfNumber)).not.toContain('JY-DRAFT-1');
    await expect(assertCertificatesValid(ctx(20), 'demo', '100001')).rejects.toMatchObject({ status: 409 });
  });

  it("tells the supplier of the licence in force when it nears its end, never of the successor's draft", async () => {
    const { rows: before } = await sql<{ id: string }>`SELECT coalesce(max(id), 0)::text AS id FROM event`.execute(t.database.db);
    // Five days on the licence has 7 days left: the daily job gives the 7-day notice, of the licence.
    expect((await runExpiryJob(t.database.db, day(5))).ran).toBe(true);
    const { rows: notices } = await sql<{ subject: string; number: string; days: number }>`
      SELECT subject, payload->>'certificateNumber' AS number, (payload->>'daysLeft')::int AS days FROM event
      WHERE id > ${before[0]!.id}::bigint AND topic = 'certificate.certificate.expiring' AND supp_code = '100001'`.execute(t.database.db);
    expect(notices.map((n) => [n.number, n.days])).toEqual([['JY13101090012345', 7]]);
    expect(notices.map((n) => n.subject)).not.toContain(String(draft));
  });

  it('keeps the old licence in force while the successor waits for review, and hands over once it is approved', async () => {
    const submitted = await t.callAs('100001', certificate.saveCtf, {
      body: {
        id: draft,
        typeCode: 'SPJY',
        ctfNumber: 'JY-DRAFT-1',
        ctfName: '食品经营许可证（新）',
        validTo: day(1800),
        fileIds: await uploaded('100001', 1),
        submit: true,
      },
    });
    expect(submitted.data).toMatchObject({ status: '已提交', inForce: false });
    expect((await t.callAs('100001', certificate.getCertificateSummary, { query: {} })).data.expiring).toBe(1);
    expect((await t.callAs('admin', certificate.getProblemSuppliers)).data.find((s) => s.suppCode === '100001')).toMatchObject({
      expiring: 1,
      waiting: waiting + 1,
    });
    expect((await t.callAs('admin', certificate.approveCtf, { body: { id: draft } })).data).toMatchObject({ inForce: true });
    const licence = (await t.callAs('100001', certificate.getSupplierCtfs, { query: {} })).data.types.find(
      (x) => x.type.typeCode === 'SPJY',
    )!;
    expect(licence.problem).toBe('ok');
    expect(licence.certificates.map((c) => c.ctfNumber)).toEqual(['JY-DRAFT-1']);
    expect((await t.callAs('100001', certificate.getCertificateSummary, { query: {} })).data.expiring).toBe(0);
    await expect(assertCertificatesValid(ctx(20), 'demo', '100001')).resolves.toBeUndefined();
  });
});
