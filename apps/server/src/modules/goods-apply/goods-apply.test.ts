// New-product applications end to end on the server: drafts and submission (with its checks), withdrawal,
// each review step by the role that owns it and nobody else, returning and resubmitting, the goods item
// approval creates exactly once, the reviewer's next application, scoping, and bad input as clear 400s.
import { type ApplyForm, common, goodsApply } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPng } from '../../db/seed/certificates';
import { businessDay } from '../../platform/clock';
import { createTestApp, type TestApp, tokenFor } from '../../test/helpers';
import { multipart } from '../../test/multipart';

let t: TestApp;
let supplierToken: string;
beforeAll(async () => {
  t = await createTestApp();
  supplierToken = await tokenFor(t.app, '100001');
});
afterAll(() => t.close());

/** A barcode of 12 digits completed with its EAN-13 check digit. */
function ean(first12: string): string {
  const sum = [...first12].map(Number).reduce((s, d, i) => s + d * (i % 2 === 0 ? 1 : 3), 0);
  return `${first12}${(10 - (sum % 10)) % 10}`;
}

async function uploadFile(): Promise<string> {
  const body = multipart([{ name: '质检报告.png', bytes: demoPng([80, 160, 80], 40, 30) }]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/goodsApply/uploadApplyFile',
    headers: { ...body.headers, token: supplierToken },
    payload: body.payload,
  });
  expect(res.statusCode).toBe(200);
  return (res.json().data as { fileId: string }[])[0]!.fileId;
}

const form = (barcode: string, extra: Partial<ApplyForm> = {}) => ({
  goodsName: '禾丰芝麻薄脆',
  barcode,
  spec: '150g',
  unit: '袋',
  caseQty: 20,
  categoryCode: '1001',
  brandCode: 'B001',
  price: '5.800000',
  retailPrice: '8.90',
  taxRate: '13' as const,
  shelfLifeDays: 270,
  origin: '上海',
  ...extra,
});

const submit = (user: string, body: ReturnType<typeof form>) =>
  t.callAs(user, goodsApply.startErpProcessWithForm, { body: { processKey: 'goodsApply', form: body } });
const approve = (user: string, applyNo: string, comment = '') => t.callAs(user, goodsApply.approveApply, { body: { applyNo, comment } });
const reject = (user: string, applyNo: string, comment: string) => t.callAs(user, goodsApply.rejectApply, { body: { applyNo, comment } });
const goodsWith = (barcode: string) => t.database.db.selectFrom('goods').selectAll().where('barcode', '=', barcode).execute();

describe('the EAN-13 check digit', () => {
  it('accepts barcodes with their check digit and refuses others, in the contract and on the server', async () => {
    expect(goodsApply.isEan13('6923456789012')).toBe(true);
    expect(goodsApply.isEan13('6923456789029')).toBe(true);
    expect(goodsApply.isEan13('6923456789013')).toBe(false);
    expect(goodsApply.isEan13('692345678901')).toBe(false);
    expect(goodsApply.isEan13('692345678901x')).toBe(false);
    const res = await t.callAs('100001', goodsApply.saveApply, { body: form('6923456789013') });
    expect(res.status).toBe(400);
    expect(res.envelope.message).toBe('body.barcode: 条码校验位错误（EAN-13）');
  });
});

describe('an application through review', () => {
  const barcode = ean('692345678910');
  let applyNo: string;

  it('is saved as a draft that only its supplier sees', async () => {
    const fileId = await uploadFile();
    const saved = await t.callAs('100001', goodsApply.saveApply, { body: form(barcode, { fileIds: [fileId] }) });
    expect(saved.status).toBe(200);
    applyNo = saved.data.applyNo;
    expect(applyNo).toMatch(/^XP\d{8}-\d{4}$/);
    expect(saved.data).toMatchObject({ status: '草稿', price: '5.800000', retailPrice: '8.90', taxRate: '13', categoryName: '饼干糕点' });
    expect(saved.data.files.map((f) => f.fileName)).toEqual(['质检报告.png']);
    expect((await t.callAs('100002', goodsApply.getApplyDetail, { query: { applyNo } })).status).toBe(404);
    const theirs = await t.callAs('100002', goodsApply.getApplyPage, { body: { keyword: barcode } });
    expect(theirs.data.total).toBe(0);
    // Staff never see drafts.
    expect((await t.callAs('buyer01', goodsApply.getAuditDetail, { query: { applyNo } })).status).toBe(404);
    expect((await t.callAs('buyer01', goodsApply.acceptApply, { body: { applyNo, comment: '' } })).status).toBe(404);
  });

  it('is submitted by its supplier (已提交) and reviewed step by step by the roles that own the steps', async () => {
    const submitted = await submit('100001', { ...form(barcode), applyNo } as ReturnType<typeof form>);
    expect(submitted.status).toBe(400); // the files were taken off by the form without them
    expect(submitted.envelope.message).toBe('body.form.fileIds: 请上传质检报告等商品资质文件，或关联已有证照');
    const certificates = await t.callAs('100001', goodsApply.getLinkableCtfs);
    const licence = certificates.data.find((c) => c.typeName === '营业执照')!;
    const ok = await submit('100001', { ...form(barcode), applyNo, ctfIds: [licence.id] } as ReturnType<typeof form>);
    expect(ok.status).toBe(200);
    expect(ok.data.status).toBe('已提交');
    expect(ok.data.certificates.map((c) => c.ctfNumber)).toEqual([licence.ctfNumber]);

    // A supplier holds no review module; qc01 does not own the 采购 step; admin owns none.
    expect((await approve('100001', applyNo)).status).toBe(403);
    const qc = await approve('qc01', applyNo);
    expect(qc.status).toBe(403);
    expect(qc.envelope.message).toBe('无权采购审核通过新品申请');
    expect((await approve('admin', applyNo)).status).toBe(403);
    expect((await t.callAs('qc01', goodsApply.acceptApply, { body: { applyNo, comment: '' } })).status).toBe(403);

    const accepted = await t.callAs('buyer01', goodsApply.acceptApply, { body: { applyNo, comment: '' } });
    expect(accepted.data.status).toBe('采购审核');
    const passed = await approve('buyer01', applyNo, '价格合理');
    expect(passed.status).toBe(200);
    expect(passed.data.status).toBe('资质审核');
    expect(passed.data.reviews).toEqual([
      expect.objectContaining({ step: '采购审核', reviewerCode: 'buyer01', result: '通过', comment: '价格合理' }),
    ]);

    const buyerAgain = await approve('buyer01', applyNo);
    expect(buyerAgain.status).toBe(403);
    expect(buyerAgain.envelope.message).toBe('无权资质审核通过新品申请');
    expect((await reject('buyer01', applyNo, '不要')).status).toBe(403);
  });

  it('is returned by the qualification reviewer with the reason, which the supplier sees', async () => {
    expect((await reject('qc01', applyNo, '')).status).toBe(400);
    const returned = await reject('qc01', applyNo, '质检报告缺少微生物指标');
    expect(returned.status).toBe(200);
    expect(returned.data).toMatchObject({ status: '驳回', returnReason: '质检报告缺少微生物指标', returnedAt: '资质审核' });
    const list = await t.callAs('100001', goodsApply.getApplyPage, { body: { keyword: barcode } });
    expect(list.data.list).toEqual([expect.objectContaining({ applyNo, status: '驳回', returnReason: '质检报告缺少微生物指标' })]);
    expect((await approve('qc01', applyNo)).status).toBe(409);
  });

  it('is fixed and resubmitted, passes both steps and becomes exactly one goods item; approving again is a 409', async () => {
    const fileId = await uploadFile();
    const again = await submit('100001', { ...form(barcode, { fileIds: [fileId], spec: '160g' }), applyNo } as ReturnType<typeof form>);
    expect(again.status).toBe(200);
    expect(again.data).toMatchObject({ status: '已提交', returnReason: '', spec: '160g', reviews: [] });
    expect((await approve('buyer01', applyNo)).data.status).toBe('资质审核');
    const [a, b] = await Promise.all([approve('qc01', applyNo, '资料齐全'), approve('qc01', applyNo, '资料齐全')]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const done = a.status === 200 ? a : b;
    expect(done.data.status).toBe('通过');
    expect(done.data.goodsCode).toMatch(/^7\d{5}$/);
    const goods = await goodsWith(barcode);
    expect(goods).toEqual([
      expect.objectContaining({
        goods_code: done.data.goodsCode,
        supp_code: '100001',
        spec: '160g',
        price: '5.800000',
        retail_price: '8.90',
      }),
    ]);
    const twice = await approve('qc01', applyNo);
    expect(twice.status).toBe(409);
    expect(twice.envelope.message).toBe(`新品申请 ${applyNo} 当前状态为「通过」，不能资质审核通过`);
    expect(await goodsWith(barcode)).toHaveLength(1);

    const lookup = await t.callAs('100001', common.getGoodInfo, { body: { keyword: barcode } });
    expect(lookup.data.list.map((g) => g.goodsCode)).toEqual([done.data.goodsCode]);
    const history = await t.callAs('100001', goodsApply.getApplyDetail, { query: { applyNo } });
    expect(history.data.history.map((h) => h.actionText)).toEqual([
      '新建',
      '修改',
      '提交审核',
      '受理',
      '采购审核通过',
      '资质审核驳回',
      '修改',
      '提交审核',
      '采购审核通过',
      '资质审核通过',
    ]);
    // The barcode is now a goods item's: another application of it cannot be submitted.
    const copy = await submit('100001', form(barcode, { fileIds: [await uploadFile()] }));
    expect(copy.status).toBe(409);
    expect(copy.envelope.message).toBe(`条码 ${barcode} 已是商品 ${done.data.goodsCode} 禾丰芝麻薄脆 的条码`);
  });
});

describe('withdrawal and deletion', () => {
  it('lets the supplier withdraw while under review, not after, and delete drafts only', async () => {
    const barcode = ean('692345678920');
    const sent = await submit('100001', form(barcode, { fileIds: [await uploadFile()] }));
    const applyNo = sent.data.applyNo;
    expect((await t.callAs('100002', goodsApply.withdrawApply, { body: { applyNo } })).status).toBe(404);
    const back = await t.callAs('100001', goodsApply.withdrawApply, { body: { applyNo } });
    expect(back.data.status).toBe('草稿');
    expect((await t.callAs('100001', goodsApply.withdrawApply, { body: { applyNo } })).status).toBe(409);
    await submit('100001', { ...form(barcode, { fileIds: back.data.files.map((f) => f.fileId) }), applyNo } as ReturnType<typeof form>);
    await approve('buyer01', applyNo);
    expect((await t.callAs('100001', goodsApply.deleteApply, { body: { applyNo } })).status).toBe(409);
    expect((await t.callAs('100001', goodsApply.withdrawApply, { body: { applyNo } })).data.status).toBe('草稿');
    expect((await t.callAs('100001', goodsApply.deleteApply, { body: { applyNo } })).status).toBe(200);
    expect((await t.callAs('100001', goodsApply.getApplyDetail, { query: { applyNo } })).status).toBe(404);
  });

  it('lets a child account change applications only with the apply button', async () => {
    const res = await t.callAs('100001-01', goodsApply.saveApply, { body: form(ean('692345678930')) });
    expect(res.status).toBe(403);
  });
});

describe('what blocks a submission', () => {
  it('an expired mandatory certificate of the supplier, named in the message', async () => {
    const licence = await t.database.db
      .selectFrom('certificate')
      .selectAll()
      .where('supp_code', '=', '100001')
      .where('type_code', '=', 'SPJY')
      .where('is_current', '=', true)
      .executeTakeFirstOrThrow();
    await t.database.db.updateTable('certificate').set({ valid_to: '2020-01-31' }).where('id', '=', licence.id).execute();
    try {
      const res = await submit('100001', form(ean('692345678940'), { fileIds: [await uploadFile()] }));
      expect(res.status).toBe(409);
      expect(res.envelope.message).toBe(
        `必备资质证照已过期：食品经营许可证（${licence.ctf_number}，有效期至 2020-01-31）。请先在「资质证照」中更新并提交审核`,
      );
    } finally {
      await t.database.db.updateTable('certificate').set({ valid_to: licence.valid_to }).where('id', '=', licence.id).execute();
    }
  });

  it('an expired linked certificate, an existing goods barcode, a category with children', async () => {
    const certificates = (await t.callAs('100001', goodsApply.getLinkableCtfs)).data;
    const expired = certificates.find((c) => c.daysLeft < 0)!;
    // The expired report is of 6923456789012: linked to an application of that barcode, it is refused as expired.
    const linked = await submit('100001', form(expired.barcode, { ctfIds: [expired.id] }));
    expect(linked.status).toBe(409);
    expect(linked.envelope.message).toMatch(/^关联的证照已过期：质检报告/);
    const taken = await submit('100001', form('6923456789012', { fileIds: [await uploadFile()] }));
    expect(taken.status).toBe(409);
    expect(taken.envelope.message).toBe('条码 6923456789012 已是商品 600101 禾丰原味苏打饼干 的条码');
    const parent = await t.callAs('100001', goodsApply.saveApply, { body: form(ean('692345678960'), { categoryCode: '10' }) });
    expect(parent.status).toBe(400);
    expect(parent.envelope.message).toBe('body.categoryCode: 请选择末级商品类别');
    const foreign = await t.callAs('100002', goodsApply.saveApply, { body: form(ean('692345678970'), { ctfIds: [expired.id] }) });
    expect(foreign.status).toBe(400);
    expect(foreign.envelope.message).toBe(`body.ctfIds: 证照 ${expired.id} 不是本供应商的当前证照`);
  });

  it("refuses a goods certificate of another barcode, in the caller's language", async () => {
    const report = (await t.callAs('100001', goodsApply.getLinkableCtfs)).data.find((c) => c.barcode === '6923456789012')!;
    const barcode = ean('692345678990');
    for (const [language, message] of [
      ['zh-CN', `body.ctfIds: 商品证照 QT2025-0612-031（6923456789012）属于其他条码的商品，不能关联到条码 ${barcode} 的新品`],
      [
        'en',
        `body.ctfIds: the goods certificate QT2025-0612-031 (6923456789012) is of another barcode's goods and cannot be linked to the new product ${barcode}`,
      ],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/goodsApply/saveApply',
        headers: { token: supplierToken, 'accept-language': language, 'content-type': 'application/json' },
        payload: JSON.stringify(form(barcode, { ctfIds: [report.id] })),
      });
      expect([res.statusCode, res.json().message]).toEqual([400, message]);
    }
  });
});

describe("the reviewer's next application", () => {
  it('counts per state and names the newest waiting for the step of the caller’s role', async () => {
    const barcode = ean('692345678980');
    const sent = await submit('100001', form(barcode, { fileIds: [await uploadFile()] }));
    const buyer = (await t.callAs('buyer01', goodsApply.getNewAppInfo, { query: {} })).data;
    expect(buyer.step).toBe('采购审核');
    expect(buyer.newest?.applyNo).toBe(sent.data.applyNo);
    expect(buyer.waiting).toBe((buyer.counts['已提交'] ?? 0) + (buyer.counts['采购审核'] ?? 0));
    expect(buyer.counts['草稿']).toBeUndefined();
    const qc = (await t.callAs('qc01', goodsApply.getNewAppInfo, { query: {} })).data;
    expect(qc.step).toBe('资质审核');
    expect(qc.waiting).toBe(qc.counts['资质审核']);
    const admin = (await t.callAs('admin', goodsApply.getNewAppInfo, { query: {} })).data;
    expect(admin).toMatchObject({ step: null, waiting: 0, newest: null });
    expect((await t.callAs('100001', goodsApply.getNewAppInfo, { query: {} })).status).toBe(403);
    const queue = await t.callAs('buyer01', goodsApply.getAuditPage, { body: { status: '已提交' } });
    expect(queue.data.list.some((a) => a.applyNo === sent.data.applyNo)).toBe(true);
    expect(queue.data.list.every((a) => a.status === '已提交')).toBe(true);
  });
});

describe('bad input', () => {
  const cases: [string, Record<string, unknown>, RegExp][] = [
    ['NUL byte', { goodsName: 'a\u0000b' }, /不能包含空字符/],
    ['huge name', { goodsName: 'x'.repeat(100_000) }, /body.goodsName: 不能超过60个字符/],
    ['seven decimals', { price: '1.1234567' }, /body.price: 含税进价须为数字，最多6位小数/],
    ['negative', { price: '-1' }, /body.price/],
    ['zero', { retailPrice: '0' }, /body.retailPrice: 建议售价须大于0/],
    ['number not string', { price: 5.8 }, /body.price/],
    ['exponent', { price: '1e5000000' }, /body.price: 含税进价须为数字，最多6位小数/],
    ['below cost', { retailPrice: '5.00' }, /body.retailPrice: 建议售价不能低于含税进价/],
    ['odd tax rate', { taxRate: '17' }, /body.taxRate/],
    ['shelf life', { shelfLifeDays: 99999 }, /body.shelfLifeDays: 保质期最长3650天/],
    ['constructor apply no', { applyNo: 'constructor' }, /body.applyNo: 申请单号格式不正确/],
    ['bad file id', { fileIds: ['../etc/passwd'] }, /body.fileIds.0/],
    ['unknown brand', { brandCode: 'B999' }, /body.brandCode: 品牌 B999 不存在/],
  ];
  it.each(cases)('%s answers a 400 naming the field', async (_, change, message) => {
    const res = await t.callAs('100001', goodsApply.saveApply, { body: { ...form(ean('692345678990')), ...change } as never });
    expect(res.status).toBe(400);
    expect(res.envelope.message).toMatch(message);
  });

  it('refuses a sort by an unknown or inherited field and a malformed number', async () => {
    const sort = await t.callAs('100001', goodsApply.getApplyPage, { body: { sort: { field: 'constructor', order: 'asc' } } });
    expect(sort.status).toBe(400);
    expect(sort.envelope.message).toBe('body.sort.field: 不能按 constructor 排序');
    const detail = await t.callAs('100001', goodsApply.getApplyDetail, { query: { applyNo: "XP'; drop table goods;--" } });
    expect(detail.status).toBe(400);
    const process = await t.callAs('100001', goodsApply.startErpProcessWithForm, {
      body: { processKey: 'supplierApply', form: form(ean('692345678990')) } as never,
    });
    expect(process.status).toBe(400);
  });
});

describe('demo data', () => {
  it('holds an application in every state for 100001 and 100002, and the goods of the approved ones', async () => {
    for (const supp of ['100001', '100002']) {
      const rows = await t.database.db
        .selectFrom('goods_apply')
        .select(['status', 'goods_code', 'barcode'])
        .where('supp_code', '=', supp)
        .where('created_by', '=', supp)
        // Made before today (the business day, Shanghai's, as apply numbers are): not by the tests above.
        .where('apply_no', '<', 'XP' + businessDay(new Date()).replaceAll('-', ''))
        .execute();
      expect(new Set(rows.map((r) => r.status))).toEqual(new Set(goodsApply.applyStatuses));
      for (const r of rows.filter((r) => r.status === '通过'))
        expect((await goodsWith(r.barcode)).map((g) => g.goods_code)).toEqual([r.goods_code]);
      for (const r of rows) expect(goodsApply.isEan13(r.barcode)).toBe(true);
    }
  });
});
