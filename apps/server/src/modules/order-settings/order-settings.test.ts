// 订单协同设置: admin reads the tenant's settings and changes them within their ranges; only changed values are
// written, each change a history entry of before and after; the areas apply the new values; out-of-range and
// hostile input is a 400; suppliers and staff without the module get 403.
import { deliveryNote, orderSettings } from '@portal/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (user = 'admin') => t.callAs(user, orderSettings.getOrderSettings);
const save = (body: object, user = 'admin') => t.callAs(user, orderSettings.saveOrderSettings, { body: body as never });
const seeded = { orderConfirmHours: 24, overDeliveryPercent: '0', minShelfLifeRatio: '0', bookingHorizonDays: 14 };
const stored = async () =>
  Object.fromEntries(
    (
      await sql<{ code: string; value: string }>`SELECT parameter_code AS code, parameter_value AS value FROM system_param
        WHERE tenant_id = 'demo' AND parameter_code = ANY(${orderSettings.settingCodes as unknown as string[]})`.execute(t.database.db)
    ).rows.map((r) => [r.code, r.value]),
  );

describe('order collaboration settings', () => {
  it('reads the seeded values, changes them with a history entry, and the areas apply them', async () => {
    const first = await get();
    expect(first.status).toBe(200);
    expect(first.data).toEqual({ settings: seeded, history: [] });

    const changed = await save({ orderConfirmHours: 48, overDeliveryPercent: '5.50', minShelfLifeRatio: '0.3', bookingHorizonDays: 14 });
    expect(changed.status).toBe(200);
    expect(changed.data.settings).toEqual({
      orderConfirmHours: 48,
      overDeliveryPercent: '5.5',
      minShelfLifeRatio: '0.3',
      bookingHorizonDays: 14,
    });
    expect(await stored()).toEqual({
      orderConfirmHours: '48',
      overDeliveryPercent: '5.5',
      minShelfLifeRatio: '0.3',
      bookingHorizonDays: '14',
    });
    expect(changed.data.history).toHaveLength(1);
    expect(changed.data.history[0]).toMatchObject({
      actorCode: 'admin',
      actorName: '系统管理员',
      changes: [
        { code: 'orderConfirmHours', before: '24', after: '48' },
        { code: 'overDeliveryPercent', before: '0', after: '5.5' },
        { code: 'minShelfLifeRatio', before: '0', after: '0.3' },
      ],
    });
    const note = await sql<{
      note: string;
    }>`SELECT note FROM record_history WHERE tenant_id = 'demo' AND record_type = 'order-settings'`.execute(t.database.db);
    expect(note.rows.map((r) => r.note)).toEqual([
      '接单确认时限（小时）：24 → 48；送货单超订单容差(%)：0 → 5.5；收货最低剩余保质期比例(0 不检查)：0 → 0.3',
    ]);

    // The same values again (5.5 written as 5.50 or 5.5): nothing changes, no entry.
    expect((await save({ ...changed.data.settings, overDeliveryPercent: '5.5' })).data.history).toHaveLength(1);
    // The delivery notes' area reads the new tolerance.
    expect((await t.callAs('100001', deliveryNote.getOpenLines, { query: {} })).data.overDeliveryPercent).toBe('5.5');

    const back = await save(seeded);
    expect(back.data.settings).toEqual(seeded);
    expect(back.data.history.map((h) => h.changes.map((c) => `${c.code} ${c.before}→${c.after}`))).toEqual([
      ['orderConfirmHours 48→24', 'overDeliveryPercent 5.5→0', 'minShelfLifeRatio 0.3→0'],
      ['orderConfirmHours 24→48', 'overDeliveryPercent 0→5.5', 'minShelfLifeRatio 0→0.3'],
    ]);
  });

  it('shows a value the areas cannot read as the default they use, and records it as it was when changed', async () => {
    await sql`UPDATE system_param SET parameter_value = 'soon' WHERE tenant_id = 'demo' AND parameter_code = 'bookingHorizonDays'`.execute(
      t.database.db,
    );
    expect((await get()).data.settings.bookingHorizonDays).toBe(14);
    const fixed = await save({ ...seeded, bookingHorizonDays: 14 });
    expect(fixed.data.history[0]!.changes).toEqual([{ code: 'bookingHorizonDays', before: 'soon', after: '14' }]);
  });

  it.each([
    ['orderConfirmHours', 0],
    ['orderConfirmHours', 721],
    ['orderConfirmHours', 1.5],
    ['orderConfirmHours', '24'],
    ['overDeliveryPercent', '100.01'],
    ['overDeliveryPercent', '-1'],
    ['overDeliveryPercent', '1.234'],
    ['overDeliveryPercent', '5\u0000'],
    ['minShelfLifeRatio', '1'],
    ['minShelfLifeRatio', '0.999'],
    ['minShelfLifeRatio', 'constructor'],
    ['bookingHorizonDays', 0],
    ['bookingHorizonDays', 91],
    ['bookingHorizonDays', null],
  ])('refuses %s = %j with 400, naming the field, and changes nothing', async (field, value) => {
    const before = await stored();
    const res = await save({ ...seeded, [field]: value });
    expect(res.status).toBe(400);
    expect(res.envelope.message).toContain(field);
    expect(await stored()).toEqual(before);
  });

  it('refuses a body without a setting, and every caller without the module (403)', async () => {
    const { bookingHorizonDays: _, ...missing } = seeded;
    expect((await save(missing)).status).toBe(400);
    for (const user of ['100001', '100001-01', 'buyer01', 'recv01']) {
      expect((await get(user)).status, user).toBe(403);
      expect((await save(seeded, user)).status, user).toBe(403);
    }
  });
});
