// Demo certificates: the tenant's types; for 100001 a complete set whose 食品经营许可证 expires within 15 days
// and whose 质检报告 has expired; for 100002 the mandatory 食品经营许可证 missing. Each has a small image.
import { createHash } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import type { Kysely } from 'kysely';
import { defaultCertificateTypes } from '../certificate-types';
import { creditCodeOf } from './catalog';
import type { DB } from '../schema';

const dayMs = 86_400_000;

/** A small PNG of one colour with a darker frame: enough to see in a preview. */
export function demoPng(rgb: [number, number, number], width = 240, height = 160): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const edge = x < 6 || y < 6 || x >= width - 6 || y >= height - 6;
      const at = y * (width * 3 + 1) + 1 + x * 3;
      raw.set(
        rgb.map((c) => (edge ? Math.round(c * 0.6) : c)),
        at,
      );
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

interface DemoCertificate {
  supp: string;
  type: string;
  number: string;
  name: string;
  issuer: string;
  fromDays: number;
  toDays: number;
  reviewDays?: number;
  barcode?: string;
  goodsName?: string;
  approval?: string;
  expiry?: '正常' | '到期预警' | '已过期';
  warnLevel?: number;
  colour: [number, number, number];
}

const demo: DemoCertificate[] = [
  {
    supp: '100001',
    type: 'YYZZ',
    number: creditCodeOf('100001'),
    name: '上海禾丰食品有限公司营业执照',
    issuer: '上海市虹口区市场监督管理局',
    fromDays: -1500,
    toDays: 3650,
    reviewDays: 160,
    colour: [222, 120, 110],
  },
  {
    supp: '100001',
    type: 'SPJY',
    number: 'JY13101090012345',
    name: '食品经营许可证',
    issuer: '上海市虹口区市场监督管理局',
    fromDays: -1815,
    toDays: 12,
    expiry: '到期预警',
    warnLevel: 15,
    colour: [110, 170, 222],
  },
  {
    supp: '100001',
    type: 'SCXK',
    number: 'SC10631011000123',
    name: '食品生产许可证',
    issuer: '上海市市场监督管理局',
    fromDays: -700,
    toDays: 1100,
    reviewDays: 200,
    colour: [120, 200, 140],
  },
  {
    supp: '100001',
    type: 'SBZC',
    number: '第12345678号',
    name: '禾丰商标注册证',
    issuer: '国家知识产权局商标局',
    fromDays: -2000,
    toDays: 1650,
    colour: [230, 190, 100],
  },
  {
    supp: '100001',
    type: 'ZJBG',
    number: 'QT2025-0612-031',
    name: '禾丰原味苏打饼干检验报告',
    issuer: '上海市食品质量监督检验研究院',
    fromDays: -375,
    toDays: -10,
    barcode: '6923456789012',
    goodsName: '禾丰原味苏打饼干',
    approval: '',
    expiry: '已过期',
    colour: [180, 150, 220],
  },
  {
    supp: '100002',
    type: 'YYZZ',
    number: creditCodeOf('100002'),
    name: '杭州绿源乳业有限公司营业执照',
    issuer: '杭州市市场监督管理局',
    fromDays: -2200,
    toDays: 5000,
    reviewDays: 120,
    colour: [222, 120, 110],
  },
  {
    supp: '100002',
    type: 'SBZC',
    number: '第23456789号',
    name: '绿源商标注册证',
    issuer: '国家知识产权局商标局',
    fromDays: -900,
    toDays: 2700,
    colour: [230, 190, 100],
  },
];

export async function seedCertificates(db: Kysely<DB>, tenantId: string, today: Date): Promise<void> {
  const day = (offset: number) => new Date(today.getTime() + 8 * 3_600_000 + offset * dayMs).toISOString().slice(0, 10);
  await db
    .insertInto('certificate_type')
    .values(
      defaultCertificateTypes.map((t, i) => ({
        tenant_id: tenantId,
        type_code: t.typeCode,
        type_name: t.typeName,
        type_name_en: t.typeNameEn,
        scope: t.scope,
        mandatory: t.mandatory,
        annual_review: t.annualReview,
        sort_no: i + 1,
      })),
    )
    .execute();
  for (const c of demo) {
    const bytes = demoPng(c.colour);
    const file = await db
      .insertInto('stored_file')
      .values({
        tenant_id: tenantId,
        supp_code: c.supp,
        name: `${c.name}.png`,
        content_type: 'image/png',
        size: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        created_by: c.supp,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('stored_file_chunk').values({ file_id: file.id, seq: 0, bytes }).execute();
    const row = await db
      .insertInto('certificate')
      .values({
        tenant_id: tenantId,
        supp_code: c.supp,
        type_code: c.type,
        barcode: c.barcode ?? '',
        goods_name: c.goodsName ?? '',
        approval_number: c.approval ?? '',
        ctf_number: c.number,
        ctf_name: c.name,
        issuer: c.issuer,
        valid_from: day(c.fromDays),
        valid_to: day(c.toDays),
        next_review_date: c.reviewDays === undefined ? null : day(c.reviewDays),
        status: '已审核',
        expiry_state: c.expiry ?? '正常',
        warn_level: c.warnLevel ?? null,
        created_by: c.supp,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('stored_file')
      .set({ referenced_by: `certificate:${row.id}` })
      .where('id', '=', file.id)
      .execute();
    await db.insertInto('certificate_file').values({ certificate_id: row.id, file_id: file.id, seq: 0 }).execute();
    const at = (offset: number) => new Date(Date.parse(day(c.fromDays)) + offset * 3_600_000);
    const step = (action: string, from: string | null, to: string, actor: [string, string], hours: number) => ({
      tenant_id: tenantId,
      record_type: 'certificate',
      record_id: String(row.id),
      action,
      from_status: from,
      to_status: to,
      actor_code: actor[0],
      actor_name: actor[1],
      at: at(hours),
    });
    const supplier: [string, string] = [c.supp, c.supp === '100001' ? '张伟' : '王芳'];
    await db
      .insertInto('record_history')
      .values([
        step('create', null, '未提交', supplier, 10),
        step('submit', '未提交', '已提交', supplier, 10),
        step('approve', '已提交', '已审核', ['admin', '系统管理员'], 30),
      ])
      .execute();
  }
}
