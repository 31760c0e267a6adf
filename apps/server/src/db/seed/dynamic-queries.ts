// Demo query pages (issue 17): receiving by store and month and slow movers (both over the receiving rollup), charges
// by type and month (all three published to every supplier and to the admin and buyer roles), and a public store list.
// Their menu entries take the module codes ms0101-ms0104; the designer names later entries dq_{tenant}_{code}.
import { settlement } from '@portal/contract';
import type { Kysely } from 'kysely';
import { currentDefinitions } from '../migrations/0061-query-pages-fewer-rows';
import type { DB } from '../schema';

/** A receiving definition's SQL as migrations 0060 and 0061 made it (over the rollups): one text for new and migrated tenants. */
const asNow = (code: string) => currentDefinitions[code]!;

interface DemoQuery {
  moduleCode: string;
  queryCode: string;
  title: string;
  titleEn: string;
  description: string;
  descriptionEn: string;
  isPublic: boolean;
  params: object[];
  columns: object[];
  sql: string;
}

/** Texts are [Chinese, English]. */
type Texts = readonly [string, string];

const text = (field: string, [title, titleEn]: Texts, width = 120, extra: object = {}) => ({
  field,
  title,
  titleEn,
  type: 'text',
  width,
  fixed: null,
  format: null,
  ...extra,
});
const num = (field: string, [title, titleEn]: Texts, format: 'money' | 'quantity' | null, width = 120) => ({
  field,
  title,
  titleEn,
  type: 'number',
  width,
  fixed: null,
  format,
});
const param = (name: string, [label, labelEn]: Texts, type: string, extra: object = {}) => ({
  name,
  label,
  labelEn,
  type,
  required: false,
  defaultValue: '',
  options: [],
  lookup: null,
  ...extra,
});

export const demoQueries: DemoQuery[] = [
  {
    moduleCode: 'ms0101',
    queryCode: 'RECV_BY_STORE_MONTH',
    title: '门店月度验收汇总',
    titleEn: 'Receiving by store and month',
    description: '按门店和月份汇总验收单据数、数量、含税金额和税额。',
    descriptionEn: 'Receiving notes, quantities, amounts incl. tax and tax per store and month.',
    isPublic: false,
    params: [
      param('period', ['验收日期', 'Receiving date'], 'dateRange', { defaultValue: '-365d,today' }),
      param('stores', ['门店', 'Stores'], 'multiSelect', { lookup: 'store' }),
      param('supplier', ['供应商', 'Supplier'], 'supplier'),
      param('goods', ['商品', 'Goods'], 'goods'),
    ],
    columns: [
      text('supp_code', ['供应商', 'Supplier'], 90, { fixed: 'left' }),
      text('dept_code', ['门店编码', 'Store code'], 90),
      text('store_name', ['门店', 'Store'], 140),
      text('month', ['月份', 'Month'], 90),
      num('bills', ['单据数', 'Notes'], null, 90),
      num('qty', ['验收数量', 'Accepted qty'], 'quantity'),
      num('amount', ['含税金额', 'Amount incl. tax'], 'money', 130),
      num('tax', ['税额', 'Tax'], 'money'),
    ],
    sql: asNow('RECV_BY_STORE_MONTH'),
  },
  {
    moduleCode: 'ms0102',
    queryCode: 'SLOW_MOVERS',
    title: '滞销商品',
    titleEn: 'Slow movers',
    description: '超过指定天数（默认 60 天）没有验收到货的商品。',
    descriptionEn: 'Goods with no delivery received for more than the given number of days (60 by default).',
    isPublic: false,
    params: [
      param('days', ['未到货天数', 'Days without delivery'], 'number', { required: true, defaultValue: '60' }),
      param('category', ['商品类别', 'Category'], 'category'),
      param('brand', ['品牌', 'Brand'], 'brand'),
    ],
    columns: [
      text('supp_code', ['供应商', 'Supplier'], 90, { fixed: 'left' }),
      text('goods_code', ['商品编码', 'Goods code'], 110),
      text('barcode', ['条码', 'Barcode'], 130),
      text('goods_name', ['商品名称', 'Goods name'], 200),
      text('category_name', ['类别', 'Category'], 100),
      { ...text('last_received', ['最后到货日', 'Last received'], 110), type: 'date', format: 'date' },
      num('days_since', ['未到货天数', 'Days without delivery'], null, 100),
    ],
    sql: asNow('SLOW_MOVERS'),
  },
  {
    moduleCode: 'ms0103',
    queryCode: 'CHARGES_BY_TYPE_MONTH',
    title: '费用类型月度汇总',
    titleEn: 'Charges by type and month',
    description: '按费用期间和类型汇总费用笔数、扣款和返还金额。',
    descriptionEn: 'Number of charges, amounts deducted and paid back per charge period and type.',
    isPublic: false,
    params: [
      param('period', ['费用日期', 'Charge date'], 'dateRange', { defaultValue: '-365d,today' }),
      param('chargeType', ['费用类型', 'Charge type'], 'select', {
        options: (['DM海报费', '堆头陈列费', '缺货扣款', '年度目标返利', '价差', '品质', '次品退供'] as const).map((v) => ({
          value: v,
          label: v,
          labelEn: settlement.chargeTypeTextEn[v],
        })),
      }),
    ],
    columns: [
      text('supp_code', ['供应商', 'Supplier'], 90, { fixed: 'left' }),
      text('month', ['费用期间', 'Period'], 100),
      text('charge_type', ['费用类型', 'Charge type'], 130),
      num('charges', ['笔数', 'Charges'], null, 80),
      num('deducted', ['扣款金额', 'Deducted'], 'money', 130),
      num('paid', ['返还金额', 'Paid back'], 'money', 130),
    ],
    sql: `SELECT c.supp_code, c.period AS month, c.charge_type, count(*) AS charges,
       sum(CASE WHEN c.direction = 'deduct' THEN c.amount ELSE 0 END) AS deducted,
       sum(CASE WHEN c.direction = 'pay' THEN c.amount ELSE 0 END) AS paid
FROM charge c
WHERE c.charge_date <@ :period
  AND (:chargeType IS NULL OR c.charge_type = :chargeType)
GROUP BY c.supp_code, c.period, c.charge_type
ORDER BY month DESC, c.charge_type`,
  },
  {
    moduleCode: 'ms0104',
    queryCode: 'STORE_LIST',
    title: '门店与配送中心',
    titleEn: 'Stores and DCs',
    description: '公开查询：门店和配送中心的编码、名称和城市，无需登录。',
    descriptionEn: 'Public query: codes, names and cities of the stores and distribution centres, no sign-in needed.',
    isPublic: true,
    params: [param('city', ['城市', 'City'], 'text')],
    columns: [
      text('dept_code', ['编码', 'Code'], 90, { fixed: 'left' }),
      text('dept_name', ['名称', 'Name'], 180),
      text('dept_type', ['类型', 'Type'], 100),
      text('city', ['城市', 'City'], 100),
    ],
    sql: `SELECT dept_code, dept_name, CASE dept_type WHEN 'store' THEN '门店' ELSE '配送中心' END AS dept_type, city
FROM store
WHERE (:city IS NULL OR city = :city)
ORDER BY dept_code`,
  },
];

export async function seedDynamicQueries(db: Kysely<DB>, tenantId: string): Promise<void> {
  await db
    .insertInto('module')
    .values(
      demoQueries.map((q, i) => ({
        module_code: q.moduleCode,
        parent_code: 'ms0020',
        name: q.title,
        name_en: q.titleEn,
        path: `dynamic/query/${q.queryCode}`,
        component: 'dynamic/query',
        kind: 'dynamic' as const,
        audience: 'all' as const,
        sort_no: 200 + i,
      })),
    )
    .onConflict((oc) => oc.column('module_code').doNothing())
    .execute();
  await db
    .insertInto('dynamic_query')
    .values(
      demoQueries.map((q) => ({
        tenant_id: tenantId,
        query_code: q.queryCode,
        title: q.title,
        title_en: q.titleEn,
        description: q.description,
        description_en: q.descriptionEn,
        params: JSON.stringify(q.params),
        columns: JSON.stringify(q.columns),
        sql_text: q.sql,
        is_public: q.isPublic,
        module_code: q.moduleCode,
        all_suppliers: true,
        updated_by: 'admin',
      })),
    )
    .execute();
  await db
    .insertInto('role_module')
    .values(
      demoQueries.flatMap((q) => ['admin', 'buyer'].map((role) => ({ tenant_id: tenantId, role_code: role, module_code: q.moduleCode }))),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}
