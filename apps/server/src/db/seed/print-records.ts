// Demo price adjustments (调价单) and goods changes (商品变更单) of 100001 and 100002, so that their print
// previews (/manageAdjustPrice, /goodsChangeApproval) show real records; dates follow the seed's day.
import type { Kysely } from 'kysely';
import type { DB } from '../schema';

const dayMs = 86_400_000;

interface Adjust {
  supp: string;
  daysAgo: number;
  effectiveIn: number;
  status: '已提交' | '已审核' | '已生效' | '已驳回';
  reason: string;
  lines: [goods: string, oldPrice: string, newPrice: string][];
}

interface Change {
  supp: string;
  daysAgo: number;
  status: '已提交' | '已审核' | '已驳回';
  remark: string;
  lines: [goods: string, field: string, oldValue: string, newValue: string][];
}

const adjusts: Adjust[] = [
  {
    supp: '100001',
    daysAgo: 40,
    effectiveIn: 10,
    status: '已生效',
    reason: '面粉、白砂糖及包材成本上涨，进价上调',
    lines: [
      ['600101', '8.500000', '8.800000'],
      ['600103', '11.200000', '11.600000'],
      ['600108', '15.800000', '16.500000'],
    ],
  },
  {
    supp: '100001',
    daysAgo: 3,
    effectiveIn: 7,
    status: '已提交',
    reason: '双十二促销档期，供价临时下调',
    lines: [
      ['600104', '4.350000', '4.200000'],
      ['600105', '3.900000', '3.750000'],
      ['600106', '78.000000', '75.500000'],
      ['600107', '9.600000', '9.350000'],
    ],
  },
  {
    supp: '100002',
    daysAgo: 12,
    effectiveIn: 5,
    status: '已审核',
    reason: '原奶收购价上调',
    lines: [
      ['600201', '52.000000', '53.500000'],
      ['600202', '33.500000', '34.200000'],
    ],
  },
];

const changes: Change[] = [
  {
    supp: '100001',
    daysAgo: 15,
    status: '已审核',
    remark: '包装升级，条码不变',
    lines: [
      ['600102', '规格', '120g', '150g'],
      ['600102', '箱规', '24', '20'],
      ['600103', '商品名称', '禾丰全麦消化饼', '禾丰全麦高纤消化饼'],
    ],
  },
  {
    supp: '100001',
    daysAgo: 2,
    status: '已提交',
    remark: '新增产地信息',
    lines: [
      ['600106', '产地', '', '浙江杭州'],
      ['600107', '保质期', '180天', '240天'],
    ],
  },
  {
    supp: '100002',
    daysAgo: 6,
    status: '已提交',
    remark: '外箱尺寸变更',
    lines: [['600205', '规格', '800g', '900g']],
  },
];

const billNumber = (prefix: string, date: string, seq: number) => `${prefix}${date.replaceAll('-', '')}-${String(seq).padStart(4, '0')}`;

export async function seedPrintRecords(db: Kysely<DB>, tenantId: string, today: Date): Promise<void> {
  const dayOf = (daysAgo: number) => new Date(today.getTime() - daysAgo * dayMs).toISOString().slice(0, 10);
  const adjustRows = adjusts.map((a, index) => ({ ...a, billNumber: billNumber('TJ', dayOf(a.daysAgo), index + 1) }));
  await db
    .insertInto('price_adjust')
    .values(
      adjustRows.map((a) => ({
        tenant_id: tenantId,
        bill_number: a.billNumber,
        supp_code: a.supp,
        apply_date: dayOf(a.daysAgo),
        effective_date: dayOf(a.daysAgo - a.effectiveIn),
        status: a.status,
        reason: a.reason,
      })),
    )
    .execute();
  await db
    .insertInto('price_adjust_line')
    .values(
      adjustRows.flatMap((a) =>
        a.lines.map(([goods, oldPrice, newPrice], line) => ({
          tenant_id: tenantId,
          bill_number: a.billNumber,
          line_no: line + 1,
          goods_code: goods,
          old_price: oldPrice,
          new_price: newPrice,
        })),
      ),
    )
    .execute();
  const changeRows = changes.map((c, index) => ({ ...c, billNumber: billNumber('BG', dayOf(c.daysAgo), index + 1) }));
  await db
    .insertInto('goods_change')
    .values(
      changeRows.map((c) => ({
        tenant_id: tenantId,
        bill_number: c.billNumber,
        supp_code: c.supp,
        apply_date: dayOf(c.daysAgo),
        status: c.status,
        remark: c.remark,
      })),
    )
    .execute();
  await db
    .insertInto('goods_change_line')
    .values(
      changeRows.flatMap((c) =>
        c.lines.map(([goods, field, oldValue, newValue], line) => ({
          tenant_id: tenantId,
          bill_number: c.billNumber,
          line_no: line + 1,
          goods_code: goods,
          changed_field: field,
          old_value: oldValue,
          new_value: newValue,
        })),
      ),
    )
    .execute();
}
