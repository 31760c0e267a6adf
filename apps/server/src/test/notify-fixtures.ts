// Test rows of notifications' delivery: events of the outbox, endpoints and queued deliveries written straight
// into the tables of a seeded database (the dispatcher that makes them in the product is tested on its own).
import { type Kysely, sql } from 'kysely';
import type { DB, DeliveryChannel, EndpointKind } from '../db/schema';

export async function accountIdOf(db: Kysely<DB>, employeeCode: string): Promise<number> {
  const row = await db.selectFrom('account').select('id').where('employee_code', '=', employeeCode).executeTakeFirstOrThrow();
  return row.id;
}

export async function setMail(db: Kysely<DB>, employeeCode: string, email: string, language: 'zh-CN' | 'en'): Promise<number> {
  await db.updateTable('account').set({ email, language }).where('employee_code', '=', employeeCode).execute();
  return accountIdOf(db, employeeCode);
}

export async function newEvent(
  db: Kysely<DB>,
  event: { topic?: string; subject?: string; suppCode?: string | null; payload?: Record<string, unknown> } = {},
): Promise<number> {
  const row = await sql<{ id: number }>`INSERT INTO event (tenant_id, supp_code, topic, subject, payload, actor)
    VALUES ('demo', ${event.suppCode === undefined ? '100001' : event.suppCode}, ${event.topic ?? 'settlement.bill.submitted'},
      ${event.subject ?? 'JS202506-0008'}, ${JSON.stringify(event.payload ?? { billNumber: event.subject ?? 'JS202506-0008' })}::jsonb,
      'system:test')
    RETURNING id`.execute(db);
  return Number(row.rows[0]!.id);
}

export async function newEndpoint(
  db: Kysely<DB>,
  endpoint: {
    kind: EndpointKind;
    url: string;
    secret?: string;
    ownerSuppCode?: string;
    ownerRole?: string;
    name?: string;
    enabled?: boolean;
  },
): Promise<number> {
  const row = await db
    .insertInto('notify_endpoint')
    .values({
      tenant_id: 'demo',
      kind: endpoint.kind,
      owner_supp_code: endpoint.ownerSuppCode ?? null,
      owner_role: endpoint.ownerRole ?? null,
      name: endpoint.name ?? `${endpoint.kind} test`,
      url: endpoint.url,
      secret: endpoint.secret ?? '',
      enabled: endpoint.enabled ?? true,
      created_by: 'test',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

let keys = 0;

export async function queueDelivery(
  db: Kysely<DB>,
  delivery: { eventId: number; channel: DeliveryChannel; accountId?: number; endpointId?: number; digest?: boolean; key?: string },
): Promise<number> {
  const row = await db
    .insertInto('delivery')
    .values({
      tenant_id: 'demo',
      event_id: delivery.eventId,
      channel: delivery.channel,
      account_id: delivery.accountId ?? null,
      endpoint_id: delivery.endpointId ?? null,
      digest: delivery.digest ?? false,
      idempotency_key: delivery.key ?? `test-${process.pid}-${Date.now()}-${++keys}`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Many deliveries to one endpoint in one statement (the two-worker test, the bench). */
export async function queueMany(
  db: Kysely<DB>,
  eventId: number,
  endpointId: number,
  channel: DeliveryChannel,
  count: number,
  prefix: string,
) {
  await sql`INSERT INTO delivery (tenant_id, event_id, channel, endpoint_id, idempotency_key)
    SELECT 'demo', ${eventId}, ${channel}, ${endpointId}, ${prefix} || '-' || g FROM generate_series(1, ${count}) g`.execute(db);
}

export function deliveryRow(db: Kysely<DB>, id: number) {
  return db.selectFrom('delivery').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

export function attemptsOf(db: Kysely<DB>, id: number) {
  return db.selectFrom('delivery_attempt').selectAll().where('delivery_id', '=', id).orderBy('id').execute();
}

/** Makes waiting deliveries due now (a retry's backoff over). */
export async function makeDue(db: Kysely<DB>): Promise<void> {
  await sql`UPDATE delivery SET next_at = now() WHERE state = 'pending'`.execute(db);
}
