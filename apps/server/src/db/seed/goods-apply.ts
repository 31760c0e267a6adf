// Demo new-product applications: for 100001 and 100002 one in every state (草稿, 已提交, 采购审核, 资质审核,
// 通过 with its goods item, 驳回 with the reason), each with a 质检报告 image and its history.
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB, GoodsApplyTable } from '../schema';
import { demoPng } from './certificates';

const dayMs = 86_400_000;

/** A barcode of 12 digits completed with its EAN-13 check digit. */
const ean = (first12: string) => {
  const sum = [...first12].map(Number).reduce((s, d, i) => s + d * (i % 2 === 0 ? 1 : 3), 0);
  return `${first12}${(10 - (sum % 10)) % 10}`;
};

type State = GoodsApplyTable['status'];

interface DemoApply {
  supp: '100001' | '100002';
  state: State;
  /** Days before the seed day it was created. */
  daysAgo: number;
  name: string;
  barcode: string;
  spec: string;
  unit: string;
  caseQty: number;
  category: string;
  brand: string;
  price: string;
  retail: string;
  shelfLife: number;
  origin: string;
  /** Where a returned one was returned and why. */
  returned?: { step: '采购审核' | '资质审核'; reason: string };
}

const demo: DemoApply[] = [
  {
    supp: '100001',
    state: '草稿',
    daysAgo: 1,
    name: '禾丰黑糖沙琪玛',
    barcode: ean('692345678101'),
    spec: '300g',
    unit: '袋',
    caseQty: 20,
    category: '1001',
    brand: 'B001',
    price: '7.200000',
    retail: '10.90',
    shelfLife: 180,
    origin: '上海',
  },
  {
    supp: '100001',
    state: '已提交',
    daysAgo: 2,
    name: '禾丰椰蓉酥',
    barcode: ean('692345678102'),
    spec: '200g',
    unit: '盒',
    caseQty: 12,
    category: '1001',
    brand: 'B001',
    price: '9.500000',
    retail: '13.90',
    shelfLife: 240,
    origin: '上海',
  },
  {
    supp: '100001',
    state: '采购审核',
    daysAgo: 4,
    name: '禾丰海苔夹心米饼(家庭装)',
    barcode: ean('692345678103'),
    spec: '360g',
    unit: '袋',
    caseQty: 12,
    category: '1001',
    brand: 'B001',
    price: '6.800000',
    retail: '9.90',
    shelfLife: 270,
    origin: '上海',
  },
  {
    supp: '100001',
    state: '资质审核',
    daysAgo: 6,
    name: '脆香坊海盐薯片',
    barcode: ean('692345678104'),
    spec: '70g',
    unit: '袋',
    caseQty: 30,
    category: '1002',
    brand: 'B002',
    price: '4.350000',
    retail: '6.50',
    shelfLife: 270,
    origin: '江苏苏州',
  },
  {
    supp: '100001',
    state: '通过',
    daysAgo: 20,
    name: '果仁道混合坚果',
    barcode: ean('692345678105'),
    spec: '500g',
    unit: '罐',
    caseQty: 6,
    category: '1003',
    brand: 'B003',
    price: '39.800000',
    retail: '59.00',
    shelfLife: 300,
    origin: '浙江临安',
  },
  {
    supp: '100001',
    state: '驳回',
    daysAgo: 9,
    name: '脆香坊麻辣锅巴',
    barcode: ean('692345678106'),
    spec: '90g',
    unit: '袋',
    caseQty: 30,
    category: '1002',
    brand: 'B002',
    price: '5.600000',
    retail: '6.90',
    shelfLife: 240,
    origin: '重庆',
    returned: { step: '采购审核', reason: '进价高于同类商品，请重新报价' },
  },
  {
    supp: '100002',
    state: '草稿',
    daysAgo: 1,
    name: '绿源儿童成长奶',
    barcode: ean('693123450101'),
    spec: '190ml*12',
    unit: '箱',
    caseQty: 1,
    category: '1201',
    brand: 'B004',
    price: '38.000000',
    retail: '52.80',
    shelfLife: 180,
    origin: '浙江杭州',
  },
  {
    supp: '100002',
    state: '已提交',
    daysAgo: 3,
    name: '牧场鲜蓝莓果粒酸奶',
    barcode: ean('693123450102'),
    spec: '200g*8',
    unit: '组',
    caseQty: 6,
    category: '1202',
    brand: 'B005',
    price: '17.200000',
    retail: '23.90',
    shelfLife: 21,
    origin: '浙江杭州',
  },
  {
    supp: '100002',
    state: '采购审核',
    daysAgo: 5,
    name: '绿源有机纯牛奶',
    barcode: ean('693123450103'),
    spec: '250ml*12',
    unit: '箱',
    caseQty: 1,
    category: '1201',
    brand: 'B004',
    price: '48.000000',
    retail: '65.00',
    shelfLife: 180,
    origin: '内蒙古呼伦贝尔',
  },
  {
    supp: '100002',
    state: '资质审核',
    daysAgo: 7,
    name: '牧场鲜希腊酸奶',
    barcode: ean('693123450104'),
    spec: '135g*4',
    unit: '组',
    caseQty: 8,
    category: '1202',
    brand: 'B005',
    price: '16.500000',
    retail: '22.90',
    shelfLife: 21,
    origin: '浙江杭州',
  },
  {
    supp: '100002',
    state: '通过',
    daysAgo: 25,
    name: '绿源高钙奶酪棒',
    barcode: ean('693123450105'),
    spec: '500g',
    unit: '袋',
    caseQty: 10,
    category: '1203',
    brand: 'B004',
    price: '29.900000',
    retail: '42.00',
    shelfLife: 150,
    origin: '浙江杭州',
  },
  {
    supp: '100002',
    state: '驳回',
    daysAgo: 12,
    name: '牧场鲜芒果酸奶',
    barcode: ean('693123450106'),
    spec: '200g*8',
    unit: '组',
    caseQty: 6,
    category: '1202',
    brand: 'B005',
    price: '17.200000',
    retail: '23.90',
    shelfLife: 21,
    origin: '浙江杭州',
    returned: { step: '资质审核', reason: '质检报告已过期，请上传最新的检验报告' },
  },
];

const people: Record<string, [string, string]> = {
  '100001': ['100001', '张伟'],
  '100002': ['100002', '王芳'],
  buyer: ['buyer01', '周敏'],
  qc: ['qc01', '孙丽'],
};

/** The transitions that led to each state, with the actor and the note. */
function pathTo(a: DemoApply): [action: string, from: State | null, to: State, actor: [string, string], note: string][] {
  const supplier = people[a.supp]!;
  const steps: ReturnType<typeof pathTo> = [['create', null, '草稿', supplier, '']];
  if (a.state === '草稿') return steps;
  steps.push(['submit', '草稿', '已提交', supplier, '']);
  if (a.state === '已提交') return steps;
  if (a.returned?.step === '采购审核') return [...steps, ['purchaseReject', '已提交', '驳回', people.buyer!, a.returned.reason]];
  steps.push(['accept', '已提交', '采购审核', people.buyer!, '']);
  if (a.state === '采购审核') return steps;
  steps.push(['purchaseApprove', '采购审核', '资质审核', people.buyer!, '价格与毛利符合品类要求']);
  if (a.state === '资质审核') return steps;
  if (a.returned?.step === '资质审核') return [...steps, ['qualificationReject', '资质审核', '驳回', people.qc!, a.returned.reason]];
  return [...steps, ['qualificationApprove', '资质审核', '通过', people.qc!, '资质齐全']];
}

export async function seedGoodsApplies(db: Kysely<DB>, tenantId: string, today: Date): Promise<void> {
  let goodsSeq = 0;
  const perDay = new Map<string, number>();
  for (const a of demo) {
    const created = new Date(today.getTime() - a.daysAgo * dayMs);
    const day = new Date(created.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
    const seq = (perDay.get(day) ?? 0) + 1;
    perDay.set(day, seq);
    const applyNo = `XP${day.replaceAll('-', '')}-${String(seq).padStart(4, '0')}`;
    const path = pathTo(a);
    const at = (i: number) => new Date(created.getTime() + i * 5 * 3_600_000);
    const review = (action: string) => path.findIndex((p) => p[0] === action);
    const purchase = [review('purchaseApprove'), review('purchaseReject'), review('accept')].find((i) => i >= 0);
    const qualification = [review('qualificationApprove'), review('qualificationReject')].find((i) => i >= 0);
    const goodsCode = a.state === '通过' ? String(700000 + ++goodsSeq) : '';
    const row = await db
      .insertInto('goods_apply')
      .values({
        tenant_id: tenantId,
        supp_code: a.supp,
        apply_no: applyNo,
        status: a.state,
        goods_name: a.name,
        barcode: a.barcode,
        spec: a.spec,
        unit: a.unit,
        case_qty: a.caseQty,
        category_code: a.category,
        brand_code: a.brand,
        price: a.price,
        retail_price: a.retail,
        tax_rate: '13',
        shelf_life_days: a.shelfLife,
        origin: a.origin,
        created_by: a.supp,
        created_at: created,
        submitted_at: a.state === '草稿' ? null : at(1),
        updated_at: at(path.length - 1),
        ...(purchase === undefined
          ? {}
          : {
              purchase_reviewer: 'buyer01',
              purchase_reviewer_name: '周敏',
              purchase_result: path[purchase]![0] === 'accept' ? '' : path[purchase]![2] === '驳回' ? '驳回' : '通过',
              purchase_comment: path[purchase]![4],
              purchase_at: path[purchase]![0] === 'accept' ? null : at(purchase),
            }),
        ...(qualification === undefined
          ? {}
          : {
              qualification_reviewer: 'qc01',
              qualification_reviewer_name: '孙丽',
              qualification_result: path[qualification]![2] === '驳回' ? '驳回' : '通过',
              qualification_comment: path[qualification]![4],
              qualification_at: at(qualification),
            }),
        ...(a.returned ? { return_reason: a.returned.reason, returned_at_step: a.returned.step } : {}),
        goods_code: goodsCode,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const bytes = demoPng([90, 150, 110]);
    const file = await db
      .insertInto('stored_file')
      .values({
        tenant_id: tenantId,
        supp_code: a.supp,
        name: `${a.name}质检报告.png`,
        content_type: 'image/png',
        size: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        created_by: a.supp,
        referenced_by: `goods-apply:${row.id}`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('stored_file_chunk').values({ file_id: file.id, seq: 0, bytes }).execute();
    await db.insertInto('goods_apply_file').values({ apply_id: row.id, file_id: file.id, seq: 0 }).execute();
    await db
      .insertInto('record_history')
      .values(
        path.map(([action, from, to, actor, note], i) => ({
          tenant_id: tenantId,
          record_type: 'goods-apply',
          record_id: applyNo,
          action,
          from_status: from,
          to_status: to,
          actor_code: actor[0],
          actor_name: actor[1],
          at: at(i),
          note,
          detail: '{}',
        })),
      )
      .execute();
    if (goodsCode)
      await db
        .insertInto('goods')
        .values({
          tenant_id: tenantId,
          goods_code: goodsCode,
          barcode: a.barcode,
          goods_name: a.name,
          spec: a.spec,
          unit: a.unit,
          case_qty: a.caseQty,
          category_code: a.category,
          brand_code: a.brand,
          supp_code: a.supp,
          tax_rate: '13',
          price: a.price,
          retail_price: a.retail,
        })
        .execute();
  }
  // New numbers continue after the seeded ones.
  await db
    .insertInto('bill_sequence')
    .values([
      { tenant_id: tenantId, prefix: 'GOODS', day: '2000-01-01', last_value: goodsSeq },
      ...[...perDay].map(([day, last]) => ({ tenant_id: tenantId, prefix: 'XP', day, last_value: last })),
    ])
    .execute();
}
