// A tenant whose templates came from 0011 before notes and the newer templates existed gets them, and keeps
// what its staff changed; the price-adjustment and goods-change tables hold their rules.
import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freshDatabase } from '../../test/helpers';
import type { Database } from '../database';
import { defaultPrintTemplates } from '../print-templates';
import { migrationProvider } from './index';

let database: Database;
let migrator: Migrator;
beforeAll(async () => {
  database = await freshDatabase();
  migrator = new Migrator({ db: database.db, provider: migrationProvider });
  expect((await migrator.migrateTo('0010-bus-option-module')).error).toBeUndefined();
  await sql`INSERT INTO tenant (id, name, company_name) VALUES ('t1', 'T', 'T 公司')`.execute(database.db);
  expect((await migrator.migrateTo('0015-base-data')).error).toBeUndefined();
  // As 0011 left a tenant before this issue: no notes, no A5 order or continuous-form bill; one note of its own.
  await sql`DELETE FROM print_template WHERE template_code IN ('PO-A5', 'SAM-241')`.execute(database.db);
  await sql`UPDATE print_template SET layout = layout - 'note'`.execute(database.db);
  await sql`UPDATE print_template SET layout = jsonb_set(layout, '{note}', '"本店自定义"') WHERE template_code = 'PO-241'`.execute(
    database.db,
  );
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
});
afterAll(() => database.close());

it("adds the new default templates and missing notes, and keeps the tenant's own", async () => {
  const rows = await database.db
    .selectFrom('print_template')
    .select(['template_code', 'is_default', 'layout'])
    .where('tenant_id', '=', 't1')
    .orderBy('template_code')
    .execute();
  expect(rows.map((r) => r.template_code)).toEqual(defaultPrintTemplates.map((t) => t.templateCode).sort());
  const byCode = new Map(rows.map((r) => [r.template_code, r]));
  expect(byCode.get('PO-A5')!.is_default).toBe(false);
  expect(byCode.get('PO-241')!.layout.note).toBe('本店自定义');
  expect(byCode.get('PO-A4')!.layout.note).toBe(defaultPrintTemplates.find((t) => t.templateCode === 'PO-A4')!.layout.note);
  const defaults = rows.filter((r) => r.is_default).length;
  expect(defaults).toBe(5);
});

it('refuses an effective date before the application and an unknown state', async () => {
  await sql`INSERT INTO supplier (tenant_id, supp_code, supp_name) VALUES ('t1', 'S1', '供应商')`.execute(database.db);
  await expect(
    sql`INSERT INTO price_adjust (tenant_id, bill_number, supp_code, apply_date, effective_date, status)
      VALUES ('t1', 'TJ1', 'S1', '2026-05-02', '2026-05-01', '已提交')`.execute(database.db),
  ).rejects.toThrow(/check/i);
  await expect(
    sql`INSERT INTO price_adjust (tenant_id, bill_number, supp_code, apply_date, effective_date, status)
      VALUES ('t1', 'TJ2', 'S1', '2026-05-01', '2026-05-01', '作废')`.execute(database.db),
  ).rejects.toThrow(/check/i);
});
