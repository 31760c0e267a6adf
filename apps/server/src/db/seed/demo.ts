// The demo tenant: accounts in every password and expiry state, and two years of business.
import { type Kysely, sql } from 'kysely';
import { hashPassword } from '../../lib/password-hash';
import { bulkInsert } from '../bulk';
import type { DB } from '../schema';
import { seedBusiness } from './business';
import type { SeedActions } from './actions';
import type { SeedIngest } from './ingest';
import { seedNotifications } from './notifications';
import { seedLookups } from './lookups';
import { seedSettlementSetup } from './settlement';
import { seedCertificates } from './certificates';
import { seedDock } from './dock';
import { seedPrintRecords } from './print-records';
import { seedGoodsApplies } from './goods-apply';
import { seedSupplierApplications } from './supplier-apply';
import { centsToString, microsToString } from './money';
import { brands, categories, depts, modules, receivingRole, settlementRoles, suppliers, tenant as demoTenant } from './catalog';
import { seedDeliveryNotes, seedShelfLife } from './delivery-notes';
import { ModuleCode } from '@portal/contract';
import { seedDynamicQueries } from './dynamic-queries';

export const demoPassword = 'Demo1234';
const dayMs = 86_400_000;

export function isoDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/**
 * The demo tenant into an empty database, its business documents through the integration service (`ingest`), what
 * people do with them (confirming, delivery notes, bookings) through the areas' services (`actions`).
 */
export async function seedDemoIfEmpty(db: Kysely<DB>, today: Date, ingest: SeedIngest, actions: SeedActions): Promise<boolean> {
  const existing = await db.selectFrom('tenant').select('id').where('id', '=', demoTenant.id).executeTakeFirst();
  if (existing) return false;
  await seedDemo(db, today, { ingest, actions });
  return true;
}

/**
 * Seeds everything in one transaction; the same data on every run for the same day. With `ingest` (the integration
 * service, handed in by callers above modules/), orders, receiving, returns, charges and prepayments go through the
 * service like an ERP's: every runtime path does (npm start, the cluster, npm run seed, the test helpers, the
 * benches). Without it they are written in bulk: only for the tests of db/ and seed.test's comparison of the two.
 */
export async function seedDemo(
  db: Kysely<DB>,
  today = new Date(),
  options: {
    business?: boolean;
    ingest?: SeedIngest;
    /** The services people act through (db/seed/actions.ts): the confirmations, delivery notes and bookings need them. */
    actions?: SeedActions;
    /** The demo's delivery notes (default: with business, ingest and actions); seed.test leaves them out of its comparison. */
    deliveryNotes?: boolean;
    /**
     * Another tenant with the demo's data (bench:scale-data grows twenty): the menu, shared by every tenant, is
     * written once; everything else is the tenant's own.
     */
    tenant?: { id: string; name: string; companyName: string };
  } = {},
): Promise<void> {
  const tenant = options.tenant ?? demoTenant;
  const passwordHash = await hashPassword(demoPassword);
  await db.transaction().execute(async (trx) => {
    // The audit trail takes one entry for the whole seed, not one per row (migration 0048).
    await sql`SET LOCAL portal.audit_bulk = 'on'`.execute(trx);
    await trx.insertInto('tenant').values({ id: tenant.id, name: tenant.name, company_name: tenant.companyName }).execute();
    await trx
      .insertInto('supplier')
      .values(
        suppliers.map((s) => ({
          tenant_id: tenant.id,
          supp_code: s.code,
          supp_name: s.name,
          credit_code: s.creditCode,
          business_mode: s.mode,
          settle_cycle: s.cycle,
          pay_term_days: s.termDays,
          phone_list: JSON.stringify([
            { name: '供应商服务热线', phone: '400-820-1234' },
            { name: '采购部 王经理', phone: '021-65431234' },
          ]),
          email_list: JSON.stringify([
            { name: '结算中心', email: 'settlement@hualian-demo.cn' },
            { name: '采购部', email: 'purchase@hualian-demo.cn' },
          ]),
          qr_code: `https://mp.hualian-demo.cn/supplier?code=${s.code}`,
        })),
      )
      .execute();
    await trx
      .insertInto('role')
      .values([
        { tenant_id: tenant.id, role_code: 'admin', role_name: '系统管理员' },
        { tenant_id: tenant.id, role_code: 'buyer', role_name: '采购员' },
        { tenant_id: tenant.id, role_code: 'qualification', role_name: '资质审核员' },
        ...settlementRoles.map((r) => ({ tenant_id: tenant.id, role_code: r.code, role_name: r.name })),
        { tenant_id: tenant.id, role_code: receivingRole.code, role_name: receivingRole.name },
      ])
      .execute();
    // Two-factor sign-in stays optional in the demo (its accounts sign in with passwords, as the tests and the tour
    // do); a tenant without this row gets the built-in default, which requires it of admin and the settlement roles.
    await trx
      .insertInto('mfa_policy')
      .values({ tenant_id: tenant.id, required_roles: [], supplier_main_required: false, step_up_password: false, updated_by: 'seed' })
      .execute();
    await trx
      .insertInto('module')
      .values(
        modules.map((m, index) => ({
          module_code: m.code,
          parent_code: m.parent ?? null,
          name: m.name,
          path: m.path,
          component: m.component ?? '',
          icon: m.icon ?? '',
          kind: m.kind ?? 'page',
          url: m.url ?? '',
          hidden: m.hidden ?? false,
          affix: m.affix ?? false,
          audience: m.audience ?? 'all',
          sort_no: index,
        })),
      )
      .onConflict((oc) => oc.column('module_code').doNothing())
      .execute();
    await trx
      .insertInto('external_module')
      .values(
        modules
          .filter((m) => m.url)
          .map((m) => ({
            tenant_id: tenant.id,
            module_code: m.code,
            url: m.url!,
            sso_secret: m.kind === 'sso' ? `demo-sso-${m.code}` : '',
          })),
      )
      .execute();
    const buttons = modules.flatMap((m) => (m.buttons ?? []).map((b) => ({ module_code: m.code, button_code: b.code, name: b.name })));
    // Staff roles other than admin get neither delete nor a supplier's own answers (confirm, decline).
    const staffButton = (b: { module_code: string; button_code: string }) =>
      b.button_code !== 'delete' &&
      !modules.find((m) => m.code === b.module_code)?.buttons?.find((x) => x.code === b.button_code)?.supplierOnly;
    // Buttons a migration added already (ms0022's confirm and decline: 0037) stay as they are.
    await trx
      .insertInto('module_button')
      .values(buttons)
      .onConflict((oc) => oc.columns(['module_code', 'button_code']).doNothing())
      .execute();
    await trx
      .insertInto('role_button')
      .values([
        ...buttons.map((b) => ({ tenant_id: tenant.id, role_code: 'admin', module_code: b.module_code, button_code: b.button_code })),
        ...buttons
          .filter((b) => modules.find((m) => m.code === b.module_code)?.buyer && staffButton(b))
          .map((b) => ({ tenant_id: tenant.id, role_code: 'buyer', module_code: b.module_code, button_code: b.button_code })),
        ...buttons
          .filter((b) => modules.find((m) => m.code === b.module_code)?.qualification && staffButton(b))
          .map((b) => ({ tenant_id: tenant.id, role_code: 'qualification', module_code: b.module_code, button_code: b.button_code })),
        ...settlementRoles.flatMap((r) =>
          buttons
            .filter((b) => modules.find((m) => m.code === b.module_code)?.settlement && staffButton(b))
            .map((b) => ({ tenant_id: tenant.id, role_code: r.code, module_code: b.module_code, button_code: b.button_code })),
        ),
      ])
      .execute();
    await trx
      .insertInto('role_module')
      .values([
        // Admin holds every module, including those added by migrations (such as ms0080).
        ...(await trx.selectFrom('module').select('module_code').execute()).map((m) => ({
          tenant_id: tenant.id,
          role_code: 'admin',
          module_code: m.module_code,
        })),
        ...modules.filter((m) => m.buyer).map((m) => ({ tenant_id: tenant.id, role_code: 'buyer', module_code: m.code })),
        ...modules.filter((m) => m.qualification).map((m) => ({ tenant_id: tenant.id, role_code: 'qualification', module_code: m.code })),
        ...settlementRoles.flatMap((r) =>
          modules.filter((m) => m.settlement).map((m) => ({ tenant_id: tenant.id, role_code: r.code, module_code: m.code })),
        ),
      ])
      .execute();

    const now = today;
    const account = (
      code: string,
      name: string,
      extra: Partial<{
        supp: string;
        parent: string;
        role: string;
        phone: string;
        changedDaysAgo: number;
        mustChange: boolean;
        matureInDays: number;
      }>,
    ) => ({
      tenant_id: tenant.id,
      kind: extra.supp ? ('supplier' as const) : ('staff' as const),
      employee_code: code,
      employee_name: name,
      supp_code: extra.supp ?? null,
      parent_code: extra.parent ?? null,
      role_code: extra.role ?? null,
      mov_phone: extra.phone ?? '',
      password_hash: passwordHash,
      password_changed_at: new Date(now.getTime() - (extra.changedDaysAgo ?? 10) * dayMs),
      must_change_password: extra.mustChange ?? false,
      mature_date: extra.matureInDays === undefined ? null : isoDate(new Date(now.getTime() + extra.matureInDays * dayMs)),
      build_date: new Date(now.getTime() - 400 * dayMs),
    });
    await trx
      .insertInto('account')
      .values([
        account('100001', '张伟', { supp: '100001', phone: '13800138000' }),
        account('100001-01', '李娜', { supp: '100001', parent: '100001', phone: '13800138001' }),
        account('100002', '王芳', { supp: '100002', phone: '13800138000' }),
        account('100003', '刘洋', { supp: '100003', phone: '13900139003', changedDaysAgo: 88 }),
        account('100004', '陈静', { supp: '100004', phone: '13900139004', mustChange: true }),
        account('100005', '赵磊', { supp: '100005', phone: '13900139005', matureInDays: 10 }),
        account('admin', '系统管理员', { role: 'admin' }),
        account('buyer01', '周敏', { role: 'buyer', phone: '13700137001' }),
        account('qc01', '孙丽', { role: 'qualification', phone: '13700137002' }),
        ...settlementRoles.map((r) => account(r.account, r.person, { role: r.code, phone: r.phone })),
        account(receivingRole.account, receivingRole.person, { role: receivingRole.code, phone: receivingRole.phone }),
      ])
      .execute();
    // Delivery notes and receiving (migration 0038's screens, not in the catalog's menu): the receiving role holds
    // 收货 and the home page; admin 收货 and the notes' print (making and cancelling a note is the supplier's). The
    // child account 100001-01 is granted none of them.
    await trx
      .insertInto('role_module')
      .values(['ms0014', ModuleCode.receiving].map((m) => ({ tenant_id: tenant.id, role_code: receivingRole.code, module_code: m })))
      .execute();
    const noteButtons = await trx
      .selectFrom('module_button')
      .select(['module_code', 'button_code'])
      .where('module_code', 'in', [ModuleCode.deliveryNote, ModuleCode.receiving])
      .execute();
    await trx
      .insertInto('role_button')
      .values([
        ...noteButtons
          .filter((b) => b.module_code === ModuleCode.receiving || b.button_code === 'print')
          .map((b) => ({ tenant_id: tenant.id, role_code: 'admin', ...b })),
        ...noteButtons
          .filter((b) => b.module_code === ModuleCode.receiving)
          .map((b) => ({ tenant_id: tenant.id, role_code: receivingRole.code, ...b })),
      ])
      .execute();
    // 审计日志's export (migration 0051, not in the catalog's menu) is the admin's.
    await trx
      .insertInto('role_button')
      .columns(['tenant_id', 'role_code', 'module_code', 'button_code'])
      .expression(
        trx
          .selectFrom('module_button')
          .select([sql.lit(tenant.id).as('tenant_id'), sql.lit('admin').as('role_code'), 'module_code', 'button_code'])
          .where('module_code', '=', ModuleCode.auditTrail),
      )
      .execute();

    const child = await trx
      .selectFrom('account')
      .select('id')
      .where('tenant_id', '=', tenant.id)
      .where('employee_code', '=', '100001-01')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('account_module')
      // Supplier performance (ms0118) comes from migration 0040, not the catalog: granted here like the catalog's child modules.
      .values([
        ...modules.filter((m) => m.child).map((m) => ({ account_id: child.id, module_code: m.code })),
        { account_id: child.id, module_code: ModuleCode.supplierPerformance },
      ])
      .execute();
    await trx
      .insertInto('account_button')
      .values([{ account_id: child.id, module_code: ModuleCode.purchaseOrder, button_code: 'print' }])
      .execute();

    await bulkInsert(
      trx,
      'dept',
      { tenant_id: 'text', dept_code: 'text', dept_name: 'text', dept_type: 'text', city: 'text' },
      depts.map((d) => ({ tenant_id: tenant.id, dept_code: d.code, dept_name: d.name, dept_type: d.type, city: d.city })),
    );
    await bulkInsert(
      trx,
      'brand',
      { tenant_id: 'text', brand_code: 'text', brand_name: 'text' },
      brands.map((b) => ({ tenant_id: tenant.id, brand_code: b.code, brand_name: b.name })),
    );
    await bulkInsert(
      trx,
      'category',
      { tenant_id: 'text', category_code: 'text', parent_category_code: 'text', category_name: 'text', level: 'integer' },
      [
        ...categories.map((c) => ({
          tenant_id: tenant.id,
          category_code: c.code,
          parent_category_code: null,
          category_name: c.name,
          level: 1,
        })),
        ...categories.flatMap((c) =>
          c.children.map((child) => ({
            tenant_id: tenant.id,
            category_code: child.code,
            parent_category_code: c.code,
            category_name: child.name,
            level: 2,
          })),
        ),
      ],
    );
    await bulkInsert(
      trx,
      'goods',
      {
        tenant_id: 'text',
        goods_code: 'text',
        barcode: 'text',
        goods_name: 'text',
        spec: 'text',
        unit: 'text',
        case_qty: 'integer',
        category_code: 'text',
        brand_code: 'text',
        supp_code: 'text',
        tax_rate: 'numeric',
        price: 'numeric',
        retail_price: 'numeric',
      },
      suppliers.flatMap((s) =>
        s.goods.map((item) => ({
          tenant_id: tenant.id,
          goods_code: item.code,
          barcode: item.barcode,
          goods_name: item.name,
          spec: item.spec,
          unit: item.unit,
          case_qty: item.caseQty,
          category_code: item.category,
          brand_code: item.brand,
          supp_code: s.code,
          tax_rate: String(item.taxRate),
          price: microsToString(item.priceMicros),
          retail_price: centsToString(item.retailCents),
        })),
      ),
    );
    await trx
      .insertInto('acc_unit')
      .values([
        { tenant_id: tenant.id, unit_code: 'U01', unit_name: '华联优选超市(上海)有限公司', tax_number: '91310000MA1FL0AB1X' },
        { tenant_id: tenant.id, unit_code: 'U02', unit_name: '华联优选超市(杭州)有限公司', tax_number: '91330100MA2CD0EF2Y' },
      ])
      .execute();
    await trx
      .insertInto('system_param')
      .values([
        { tenant_id: tenant.id, parameter_code: 'USE_MIDDLE_PLATFORM', parameter_name: '启用业务中台', parameter_value: '1' },
        { tenant_id: tenant.id, parameter_code: 'SAM_ENABLE', parameter_name: '启用供应商结算', parameter_value: '1' },
        { tenant_id: tenant.id, parameter_code: 'INVOICE_TOLERANCE', parameter_name: '发票金额容差(元)', parameter_value: '1.00' },
        // 接口日志's days (integration/log); migration 0034 adds it to existing tenants.
        { tenant_id: tenant.id, parameter_code: 'integrationLogDays', parameter_name: '接口日志保留天数', parameter_value: '90' },
        // The audit trail's days (modules/audit/archive.ts); migration 0049 adds it to existing tenants.
        { tenant_id: tenant.id, parameter_code: 'auditRetentionDays', parameter_name: '审计日志保留天数', parameter_value: '1095' },
        // Hours a supplier has to confirm an order (purchase-order confirmation); migration 0037 adds it to existing tenants.
        { tenant_id: tenant.id, parameter_code: 'orderConfirmHours', parameter_name: '接单确认时限（小时）', parameter_value: '24' },
        // Delivery notes (migration 0038 adds them to existing tenants): over-delivery tolerance, shelf-life rule off.
        { tenant_id: tenant.id, parameter_code: 'overDeliveryPercent', parameter_name: '送货单超订单容差(%)', parameter_value: '0' },
        {
          tenant_id: tenant.id,
          parameter_code: 'minShelfLifeRatio',
          parameter_name: '收货最低剩余保质期比例(0 不检查)',
          parameter_value: '0',
        },
      ])
      .execute();
    await trx
      .insertInto('bus_option')
      .values([
        {
          tenant_id: tenant.id,
          bus_short_name: 'ACC_QUERY',
          bus_short_detail_name: '验收查询范围',
          permission_type: 'all',
          permission_list: '[]',
          updated_by: 'admin',
        },
        {
          tenant_id: tenant.id,
          bus_short_name: 'PO_PRINT',
          bus_short_detail_name: '订单打印门店',
          permission_type: 'dept',
          permission_list: JSON.stringify(['S0101', 'S0201']),
          updated_by: 'admin',
        },
      ])
      .execute();
    await seedLookups(trx, tenant.id);
    await seedSettlementSetup(trx, tenant.id, today);
    await seedCertificates(trx, tenant.id, today);
    await seedPrintRecords(trx, tenant.id, today);
    await seedGoodsApplies(trx, tenant.id, today);
    await seedDynamicQueries(trx, tenant.id);
    await seedShelfLife(trx, tenant.id);
    if (options.business !== false) await seedBusiness(trx, tenant.id, today, options.ingest);
    const notes = options.business !== false && options.ingest && options.actions && options.deliveryNotes !== false;
    if (notes) await seedDeliveryNotes(trx, tenant.id, today, options.ingest!, options.actions!);
    // After the notes: it books them (without them, only the slots and the booking horizon).
    await seedDock(trx, tenant.id, today, notes ? options.actions : undefined);
    await seedSupplierApplications(trx, tenant.id, today, passwordHash);
    await seedNotifications(trx, tenant.id, '100001');
    await trx
      .insertInto('audit_entry')
      .values({ tenant_id: tenant.id, kind: 'change', action: 'seed', actor_kind: 'system', detail: JSON.stringify({ job: 'demo seed' }) })
      .execute();
  });
  await sql`ANALYZE`.execute(db);
}
