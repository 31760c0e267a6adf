// Demo cooperation applications: two waiting (one 已提交 for the buyer, one in 资质审核), one approved (the
// supplier 100006 it admitted, with its main account) and one returned, each with its licence image and
// its history as the workflow would have written it.
import { createHash } from 'node:crypto';
import { supplierApply } from '@portal/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../schema';
import { demoPng } from './certificates';

const dayMs = 86_400_000;
const valid = (first17: string) => `${first17}${supplierApply.creditCheckChar(first17)}`;

interface Step {
  action: string;
  from: string | null;
  to: string;
  actor: [string, string];
  hoursAfter: number;
  note?: string;
}

interface DemoApplication {
  daysAgo: number;
  company: string;
  credit: string;
  legal: string;
  contact: [string, string];
  categories: string[];
  colour: [number, number, number];
  status: '已提交' | '资质审核' | '通过' | '驳回';
  steps: Step[];
}

const applications: DemoApplication[] = [
  {
    daysAgo: 2,
    company: '宁波海润水产食品有限公司',
    credit: valid('91330206MA2J8K3L4'),
    legal: '林海',
    contact: ['林晓', '13957811234'],
    categories: ['1501', '1103'],
    colour: [120, 170, 210],
    status: '已提交',
    steps: [],
  },
  {
    daysAgo: 4,
    company: '无锡味坊食品科技有限公司',
    credit: valid('91320211MA1X2Y3W4'),
    legal: '钱伟',
    contact: ['钱小红', '13861812345'],
    categories: ['1001', '1002'],
    colour: [200, 160, 110],
    status: '资质审核',
    steps: [
      { action: 'accept', from: '已提交', to: '资质审核', actor: ['buyer01', '周敏'], hoursAfter: 20, note: '饼干品类需要补充供应商' },
    ],
  },
  {
    daysAgo: 30,
    company: '上海晨光乳品有限公司',
    credit: valid('91310115MA1K4L5M6'),
    legal: '吴晨',
    contact: ['吴光明', '13701712345'],
    categories: ['1201', '1202'],
    colour: [150, 200, 150],
    status: '通过',
    steps: [
      { action: 'accept', from: '已提交', to: '资质审核', actor: ['buyer01', '周敏'], hoursAfter: 22 },
      { action: 'approve', from: '资质审核', to: '通过', actor: ['qc01', '孙丽'], hoursAfter: 50, note: '资质齐全' },
    ],
  },
  {
    daysAgo: 12,
    company: '杭州鲜果源农业有限公司',
    credit: valid('91330110MA2D6E7F8'),
    legal: '方源',
    contact: ['方果', '13588812345'],
    categories: ['1502'],
    colour: [230, 150, 150],
    status: '驳回',
    steps: [
      { action: 'accept', from: '已提交', to: '资质审核', actor: ['buyer01', '周敏'], hoursAfter: 18 },
      {
        action: 'return',
        from: '资质审核',
        to: '驳回',
        actor: ['qc01', '孙丽'],
        hoursAfter: 40,
        note: '营业执照照片不清晰，食品经营许可证缺失',
      },
    ],
  },
];

/** The supplier code the approved demo application admitted. */
export const admittedDemoSupplier = '100006';

export async function seedSupplierApplications(db: Kysely<DB>, tenantId: string, today: Date, passwordHash: string): Promise<void> {
  for (const a of applications) {
    const submitted = new Date(today.getTime() - a.daysAgo * dayMs);
    submitted.setUTCHours(2, 30, 0, 0);
    const day = new Date(submitted.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
    const applyNo = `SA${day.replaceAll('-', '')}-0001`;
    await db
      .insertInto('bill_sequence')
      .values({ tenant_id: tenantId, prefix: 'SA', day, last_value: 1 })
      .onConflict((oc) => oc.columns(['tenant_id', 'prefix', 'day']).doNothing())
      .execute();
    const last = a.steps.at(-1);
    const updated = last ? new Date(submitted.getTime() + last.hoursAfter * 3_600_000) : submitted;
    const suppCode = a.status === '通过' ? admittedDemoSupplier : null;
    if (suppCode) {
      await db
        .insertInto('supplier')
        .values({
          tenant_id: tenantId,
          supp_code: suppCode,
          supp_name: a.company,
          credit_code: a.credit,
          phone_list: JSON.stringify([{ name: a.contact[0], phone: a.contact[1] }]),
          email_list: JSON.stringify([]),
        })
        .execute();
      await db
        .insertInto('account')
        .values({
          tenant_id: tenantId,
          kind: 'supplier',
          employee_code: suppCode,
          employee_name: a.contact[0],
          supp_code: suppCode,
          mov_phone: a.contact[1],
          password_hash: passwordHash,
          password_changed_at: updated,
          build_date: updated,
        })
        .execute();
      await db
        .insertInto('record_history')
        .values({
          tenant_id: tenantId,
          record_type: 'supplier',
          record_id: suppCode,
          action: 'admit',
          from_status: null,
          to_status: '启用',
          actor_code: 'qc01',
          actor_name: '孙丽',
          note: `合作申请 ${applyNo}`,
          detail: '{}',
          at: updated,
        })
        .execute();
    }
    const row = await db
      .insertInto('supplier_apply')
      .values({
        tenant_id: tenantId,
        apply_no: applyNo,
        company_name: a.company,
        credit_code: a.credit,
        legal_person: a.legal,
        licence_valid_to: null,
        address: '',
        contact_name: a.contact[0],
        contact_phone: a.contact[1],
        bank_name: '中国工商银行股份有限公司',
        bank_account: `6222${a.credit.slice(8, 16).replace(/\D/g, '7')}0001`,
        categories: a.categories,
        status: a.status,
        return_reason: a.status === '驳回' ? (last?.note ?? '') : '',
        supp_code: suppCode,
        client_ip: '203.0.113.10',
        created_at: submitted,
        updated_at: updated,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const bytes = demoPng(a.colour);
    const file = await db
      .insertInto('stored_file')
      .values({
        tenant_id: tenantId,
        supp_code: suppCode,
        name: '营业执照.png',
        content_type: 'image/png',
        size: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        created_by: applyNo,
        referenced_by: `supplier-apply:${applyNo}`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('stored_file_chunk').values({ file_id: file.id, seq: 0, bytes }).execute();
    await db.insertInto('supplier_apply_file').values({ apply_id: row.id, file_id: file.id, seq: 0 }).execute();
    const history: Step[] = [
      { action: 'submit', from: null, to: '已提交', actor: [a.credit, a.contact[0]], hoursAfter: 0, note: a.company },
      ...a.steps,
    ];
    await db
      .insertInto('record_history')
      .values(
        history.map((s) => ({
          tenant_id: tenantId,
          record_type: 'supplier-apply',
          record_id: applyNo,
          action: s.action,
          from_status: s.from,
          to_status: s.to,
          actor_code: s.actor[0],
          actor_name: s.actor[1],
          note: s.note ?? '',
          detail: '{}',
          at: new Date(submitted.getTime() + s.hoursAfter * 3_600_000),
        })),
      )
      .execute();
  }
}
