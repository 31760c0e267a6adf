// An expired mandatory licence blocks a new settlement application (domain.md rule 6), on its own database
// so that the bill's documents are free whatever the other settlement tests did with them.
import { settlement as s } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { type fixtureDates, insertFixtures, mainSources } from '../fixtures';

let t: TestApp;
let dates: ReturnType<typeof fixtureDates>;
beforeAll(async () => {
  t = await createTestApp();
  ({ dates } = await insertFixtures(t.database.db, new Date()));
});
afterAll(() => t.close());

async function newBill() {
  const res = await t.callAs('100001', s.samBillSave, {
    body: { nodeCode: 'U01', periodStart: dates.periodStart, periodEnd: dates.periodEnd, sources: mainSources } as never,
  });
  expect(res.status, JSON.stringify(res.envelope)).toBe(200);
  return res.data;
}
describe('certificates and settlement', () => {
  it('refuses to submit a bill while a mandatory licence of the supplier has expired, and submits it once renewed', async () => {
    const bill = await newBill();
    const licence = await t.database.db
      .selectFrom('certificate as c')
      .innerJoin('certificate_type as ty', (j) => j.onRef('ty.tenant_id', '=', 'c.tenant_id').onRef('ty.type_code', '=', 'c.type_code'))
      .select(['c.id', 'c.valid_to'])
      .where('c.supp_code', '=', '100001')
      .where('c.is_current', '=', true)
      .where('ty.mandatory', '=', true)
      .executeTakeFirstOrThrow();
    await t.database.db.updateTable('certificate').set({ valid_to: '2020-01-31' }).where('id', '=', licence.id).execute();
    const blocked = await t.callAs('100001', s.applySamBill, { body: { samBillNum: bill.samBillNum } });
    expect(blocked.status).toBe(409);
    expect(blocked.envelope.message).toMatch(/^必备资质证照已过期：.*有效期至 2020-01-31/);
    expect((await t.callAs('100001', s.getSamBillDetail, { body: { samBillNum: bill.samBillNum } })).data.header.status).toBe('草稿');
    await t.database.db.updateTable('certificate').set({ valid_to: licence.valid_to }).where('id', '=', licence.id).execute();
    expect((await t.callAs('100001', s.applySamBill, { body: { samBillNum: bill.samBillNum } })).status).toBe(200);
    await t.callAs('clerk01', s.voidSamBill, { body: { samBillNum: bill.samBillNum, reason: '测试' } });
  });
});
