// The demo's notification screens and a few messages to start with (docs/notifications.md): every role and child
// account holds 消息中心 and 通知设置 (ms0120, ms0121, as migration 0042 grants an existing tenant), and the outbox
// gets the events of the demo supplier's latest bills in each review state, as the review steps would have written
// them. The dispatcher turns them into messages when the server starts, on the same path as any event.
import { ModuleCode } from '@portal/contract';
import { type Transaction, sql } from 'kysely';
import type { DB } from '../schema';

const screens = [ModuleCode.messageCentre, ModuleCode.notificationSettings];

/** The event each review state of a bill stands for. */
const stateEvents: [status: string, topic: string, extra: (bill: BillRow) => Record<string, unknown>][] = [
  ['已提交', 'settlement.bill.submitted', () => ({})],
  ['已驳回', 'settlement.bill.returned', () => ({ toSupplier: true, reason: '发票金额与结算单不一致，请核对后重新提交' })],
  ['已审核', 'settlement.bill.audited', () => ({})],
  ['已审批', 'settlement.bill.approved', () => ({})],
  [
    '已支付',
    'settlement.bill.paid',
    (bill) => ({ paymentAmount: bill.payable_amount, payDate: bill.period_end, fully: true, paidAmount: bill.payable_amount }),
  ],
];

interface BillRow {
  bill_number: string;
  supp_code: string;
  bill_kind: string;
  node_code: string;
  period_start: string;
  period_end: string;
  payable_amount: string;
  paid_amount: string;
  status: string;
  version: number;
}

export async function seedNotifications(trx: Transaction<DB>, tenantId: string, suppCode: string): Promise<void> {
  await sql`INSERT INTO role_module (tenant_id, role_code, module_code)
    SELECT r.tenant_id, r.role_code, m FROM role r CROSS JOIN unnest(${screens}::text[]) AS m WHERE r.tenant_id = ${tenantId}
    ON CONFLICT DO NOTHING`.execute(trx);
  await sql`INSERT INTO account_module (account_id, module_code)
    SELECT a.id, m FROM account a CROSS JOIN unnest(${screens}::text[]) AS m
    WHERE a.tenant_id = ${tenantId} AND a.kind = 'supplier' AND a.parent_code IS NOT NULL
    ON CONFLICT DO NOTHING`.execute(trx);
  for (const [status, topic, extra] of stateEvents) {
    const { rows } = await sql<BillRow>`
      SELECT bill_number, supp_code, bill_kind, node_code, period_start::text AS period_start, period_end::text AS period_end,
        payable_amount::text AS payable_amount, paid_amount::text AS paid_amount, status, version
      FROM sam_bill WHERE tenant_id = ${tenantId} AND supp_code = ${suppCode} AND status = ${status}
      ORDER BY bill_number DESC LIMIT 1`.execute(trx);
    const bill = rows[0];
    if (!bill) continue;
    const payload = {
      billNumber: bill.bill_number,
      suppCode: bill.supp_code,
      billKind: bill.bill_kind,
      nodeCode: bill.node_code,
      periodStart: bill.period_start,
      periodEnd: bill.period_end,
      payableAmount: bill.payable_amount,
      paidAmount: bill.paid_amount,
      status: bill.status,
      version: bill.version,
      ...extra(bill),
    };
    await trx
      .insertInto('event')
      .values({
        tenant_id: tenantId,
        supp_code: bill.supp_code,
        topic,
        subject: bill.bill_number,
        payload: JSON.stringify(payload),
        actor: 'system:seed',
      })
      .execute();
  }
}
