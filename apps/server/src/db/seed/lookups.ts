// Demo data of the legacy lookups: stock of every goods item at every store and DC (1/10000 units), storage
// locations, the default print templates, and one store that is closed for business.
import type { Kysely } from 'kysely';
import { bulkInsert } from '../bulk';
import { defaultPrintTemplates } from '../print-templates';
import type { DB } from '../schema';
import { depts, suppliers } from './catalog';
import { seededRandom } from './random';

export const closedStore = 'S0501';

export async function seedLookups(db: Kysely<DB>, tenantId: string): Promise<void> {
  const random = seededRandom(20261123);
  await db.updateTable('dept').set({ online: false }).where('tenant_id', '=', tenantId).where('dept_code', '=', closedStore).execute();
  await bulkInsert(
    db,
    'stock',
    { tenant_id: 'text', goods_code: 'text', dept_code: 'text', qty_units: 'bigint' },
    suppliers.flatMap((s) =>
      s.goods.flatMap((g) =>
        depts.map((d) => ({
          tenant_id: tenantId,
          goods_code: g.code,
          dept_code: d.code,
          // Whole cases at a DC, loose units (some weighed to 1/10000) at a store, now and then none left.
          qty_units: random.chance(0.08) ? 0 : d.type === 'dc' ? random.int(5, 400) * g.caseQty * 10_000 : random.int(0, 2_000_000),
        })),
      ),
    ),
  );
  await bulkInsert(
    db,
    'location',
    { tenant_id: 'text', dept_code: 'text', location_code: 'text', location_name: 'text', bill_direction: 'text' },
    depts.flatMap((d) => [
      { tenant_id: tenantId, dept_code: d.code, location_code: `${d.code}-R01`, location_name: `${d.name}收货区A`, bill_direction: 'in' },
      { tenant_id: tenantId, dept_code: d.code, location_code: `${d.code}-R02`, location_name: `${d.name}收货区B`, bill_direction: 'in' },
      { tenant_id: tenantId, dept_code: d.code, location_code: `${d.code}-T01`, location_name: `${d.name}退货区`, bill_direction: 'out' },
    ]),
  );
  await db
    .insertInto('print_template')
    .values(
      defaultPrintTemplates.map((t) => ({
        tenant_id: tenantId,
        template_code: t.templateCode,
        print_type_code: t.printTypeCode,
        template_name: t.templateName,
        is_default: t.isDefault,
        paper_size: t.paperSize,
        orientation: t.orientation,
        margins: JSON.stringify(t.margins),
        layout: JSON.stringify(t.layout),
      })),
    )
    .execute();
  await db
    .insertInto('system_param')
    .values({ tenant_id: tenantId, parameter_code: 'OCX_DOWNLOAD_URL', parameter_name: '打印控件下载地址', parameter_value: '' })
    .execute();
}
