// Settlement settings, signed partner links, contracts and their PDF, accounting units.
import { createHmac } from 'node:crypto';
import { settlement } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, tokenFor } from '../../../test/helpers';
import { insertFixtures } from '../fixtures';

let t: TestApp;
const s = settlement;

beforeAll(async () => {
  t = await createTestApp();
  await insertFixtures(t.database.db, new Date());
}, 120_000);
afterAll(() => t.close());

describe('settings and links', () => {
  it('answers the tenant setting and who may make advance bills', async () => {
    expect((await t.callAs('100001', s.isEnableSCM)).data).toBe(true);
    expect((await t.callAs('100001', s.isAdvanceSAM, { query: {} })).data).toBe(true);
    expect((await t.callAs('admin', s.isAdvanceSAM, { query: { suppCode: '100002' } })).data).toBe(false);
    expect((await t.callAs('admin', s.isAdvanceSAM, { query: {} })).status).toBe(400);
  });

  it('signs partner links with the tenant key, for the caller’s own supplier whatever it asks', async () => {
    const link = new URL((await t.callAs('100001', s.CSFVoiceUrl, { query: { suppCode: '100002', requestBody: 'JS202610-0001' } })).data);
    expect(link.origin + link.pathname).toBe('https://einvoice.hualian-demo.cn/entry');
    expect(link.searchParams.get('suppCode')).toBe('100001');
    expect(link.searchParams.get('requestBody')).toBe('JS202610-0001');
    const sign = link.searchParams.get('sign');
    link.searchParams.delete('sign');
    expect(sign).toBe(createHmac('sha256', 'demo-sam-signing-key').update(link.searchParams.toString()).digest('hex'));
    const sam = new URL((await t.callAs('admin', s.CSFSamUrl, { query: { suppCode: '100002' } })).data);
    expect(sam.searchParams.get('suppCode')).toBe('100002');
  });
});

describe('contracts and units', () => {
  it('gives the supplier its contract terms', async () => {
    const res = await t.callAs('100001', s.getContractBySupp, { query: { suppCode: '100002' } });
    expect(res.data).toMatchObject({ suppCode: '100001', businessMode: '经销', settleCycle: '月结', payTermDays: 45, status: '生效' });
    expect(res.data.terms.map((term) => term.name)).toEqual(expect.arrayContaining(['DM海报费', '年度目标返利']));
  });

  it('streams the contract as a PDF with an embedded Chinese font', async () => {
    const token = await tokenFor(t.app, '100001');
    const res = await t.app.inject({ method: 'GET', url: '/api/samData/preViewContractPDF', headers: { token } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('合同_'));
    const body = res.rawPayload;
    expect(body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = body.toString('latin1');
    expect(text).toContain('/FontFile2');
    expect(text).toContain('NotoSansSC');
    expect(text).toContain('/ToUnicode');
    // Only the glyphs used are embedded: far smaller than the 1.4 MB font.
    expect(body.length).toBeLessThan(200_000);
  });

  it('pages the accounting units', async () => {
    const res = await t.callAs('100001', s.accountingUnitPage, { body: { page: 1, limit: 1 } });
    expect(res.data.total).toBe(2);
    expect(res.data.list).toEqual([expect.objectContaining({ unitCode: 'U01', unitName: '华联优选超市(上海)有限公司' })]);
    const found = await t.callAs('100001', s.accountingUnitPage, { body: { keyword: '杭州' } });
    expect(found.data.list.map((u) => u.unitCode)).toEqual(['U02']);
  });
});
