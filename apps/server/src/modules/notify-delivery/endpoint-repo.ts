// SQL of the channel screens: endpoints of an owner (the retailer's: no supplier; a supplier's: its code), their
// delivery counts and last try, an endpoint's delivery log and a delivery's tries, and a delivery queued again.
import { type Kysely, type SqlBool, sql } from 'kysely';
import type { DB, EndpointKind } from '../../db/schema';
import { shanghaiTimeOrEmpty } from '../../platform/sql/shanghai-time';

/** Whose endpoints: the retailer's (webhooks and team robots) or one supplier's robots. */
export type Owner = { tenantId: string; suppCode: null } | { tenantId: string; suppCode: string };

const owned = (owner: Owner, alias = 'n') =>
  owner.suppCode === null
    ? sql<SqlBool>`${sql.ref(`${alias}.tenant_id`)} = ${owner.tenantId} AND ${sql.ref(`${alias}.owner_supp_code`)} IS NULL`
    : sql<SqlBool>`${sql.ref(`${alias}.tenant_id`)} = ${owner.tenantId} AND ${sql.ref(`${alias}.owner_supp_code`)} = ${owner.suppCode}`;

export interface EndpointRecord {
  id: string;
  kind: EndpointKind;
  name: string;
  url: string;
  topics: string[];
  ownerRole: string;
  ownerRoleName: string;
  enabled: boolean;
  signed: boolean;
  secret: string;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
  waiting: number;
  dead: number;
  lastAttemptAt: string;
  lastOk: boolean | null;
}

/** An owner's endpoints (one when `id` is given), newest first, with their counts and last try. */
export async function endpoints(db: Kysely<DB>, owner: Owner, id?: string): Promise<EndpointRecord[]> {
  const rows = await sql<EndpointRecord>`
    SELECT n.id::text AS id, n.kind, n.name, n.url, n.topics, coalesce(n.owner_role, '') AS "ownerRole",
      coalesce(r.role_name, '') AS "ownerRoleName", n.enabled, n.secret <> '' AS signed, n.secret, n.created_by AS "createdBy",
      ${shanghaiTimeOrEmpty('n.created_at')} AS "createdAt", ${shanghaiTimeOrEmpty('n.updated_at')} AS "updatedAt",
      (SELECT count(*) FROM delivery d WHERE d.endpoint_id = n.id AND d.state IN ('pending', 'sending'))::int AS waiting,
      (SELECT count(*) FROM delivery d WHERE d.endpoint_id = n.id AND d.state = 'dead')::int AS dead,
      coalesce(${shanghaiTimeOrEmpty('last.at')}, '') AS "lastAttemptAt", last.ok AS "lastOk"
    FROM notify_endpoint n
    LEFT JOIN role r ON r.tenant_id = n.tenant_id AND r.role_code = n.owner_role
    LEFT JOIN LATERAL (
      SELECT a.at, a.ok FROM delivery_attempt a WHERE a.tenant_id = n.tenant_id AND a.endpoint_id = n.id ORDER BY a.id DESC LIMIT 1
    ) last ON true
    WHERE ${owned(owner)} ${id === undefined ? sql`` : sql`AND n.id = ${id}::bigint`}
    ORDER BY n.id DESC`.execute(db);
  return rows.rows;
}

export async function roles(db: Kysely<DB>, tenantId: string): Promise<{ code: string; name: string }[]> {
  return db
    .selectFrom('role')
    .select(['role_code as code', 'role_name as name'])
    .where('tenant_id', '=', tenantId)
    .orderBy('role_code')
    .execute();
}

export async function nameTaken(db: Kysely<DB>, owner: Owner, name: string, exceptId?: string): Promise<boolean> {
  const row = await sql<{ id: number }>`SELECT n.id FROM notify_endpoint n
    WHERE ${owned(owner)} AND n.name = ${name} ${exceptId === undefined ? sql`` : sql`AND n.id <> ${exceptId}::bigint`} LIMIT 1`.execute(
    db,
  );
  return row.rows.length > 0;
}

export interface EndpointValues {
  kind: EndpointKind;
  name: string;
  url: string;
  topics: string[];
  ownerRole: string | null;
  /** undefined: keep the one set. */
  secret?: string;
}

export async function insertEndpoint(db: Kysely<DB>, owner: Owner, values: EndpointValues, createdBy: string): Promise<string> {
  const row = await db
    .insertInto('notify_endpoint')
    .values({
      tenant_id: owner.tenantId,
      kind: values.kind,
      owner_supp_code: owner.suppCode,
      owner_role: values.ownerRole,
      name: values.name,
      url: values.url,
      secret: values.secret ?? '',
      topics: values.topics,
      created_by: createdBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}

/** Changes an owner's endpoint; false when it has none of that id. */
export async function updateEndpoint(db: Kysely<DB>, owner: Owner, id: string, values: EndpointValues): Promise<boolean> {
  const result = await sql`UPDATE notify_endpoint n SET kind = ${values.kind}, name = ${values.name}, url = ${values.url},
      topics = ${values.topics}::text[], owner_role = ${values.ownerRole},
      secret = ${values.secret === undefined ? sql`n.secret` : values.secret}, updated_at = now()
    WHERE ${owned(owner)} AND n.id = ${id}::bigint`.execute(db);
  return Number(result.numAffectedRows ?? 0) > 0;
}

export async function setEnabled(db: Kysely<DB>, owner: Owner, id: string, enabled: boolean): Promise<boolean> {
  const result = await sql`UPDATE notify_endpoint n SET enabled = ${enabled}, updated_at = now()
    WHERE ${owned(owner)} AND n.id = ${id}::bigint`.execute(db);
  return Number(result.numAffectedRows ?? 0) > 0;
}

/** A webhook's new secret; false when the owner has no webhook of that id. */
export async function setSecret(db: Kysely<DB>, owner: Owner, id: string, secret: string): Promise<boolean> {
  const result = await sql`UPDATE notify_endpoint n SET secret = ${secret}, updated_at = now()
    WHERE ${owned(owner)} AND n.id = ${id}::bigint AND n.kind = 'webhook'`.execute(db);
  return Number(result.numAffectedRows ?? 0) > 0;
}

/** Every endpoint's signing secret as stored, of every tenant (the sealing of secrets written before it began). */
export function storedSecrets(db: Kysely<DB>): Promise<{ id: string; secret: string }[]> {
  return db
    .selectFrom('notify_endpoint')
    .select([sql<string>`id::text`.as('id'), 'secret'])
    .where('secret', '<>', '')
    .execute();
}

/** Replaces a stored secret when it is still `was` (another process may have sealed it first). */
export async function replaceSecret(db: Kysely<DB>, id: string, was: string, now: string): Promise<void> {
  await sql`UPDATE notify_endpoint SET secret = ${now} WHERE id = ${id}::bigint AND secret = ${was}`.execute(db);
}

export interface DeliveryRecord {
  id: string;
  eventId: string;
  topic: string;
  subject: string;
  suppCode: string;
  state: 'pending' | 'sending' | 'sent' | 'dead';
  attempts: number;
  createdAt: string;
  nextAt: string;
  sentAt: string;
  lastError: string;
  lastAt: string;
  lastStatus: number | null;
  lastDurationMs: number | null;
  lastExcerpt: string;
}

const deliveryColumns = sql`d.id::text AS id, e.txid::text || '-' || e.id AS "eventId", e.topic, e.subject,
  coalesce(e.supp_code, '') AS "suppCode", d.state, d.attempts, ${shanghaiTimeOrEmpty('d.created_at')} AS "createdAt",
  CASE WHEN d.state = 'pending' THEN ${shanghaiTimeOrEmpty('d.next_at')} ELSE '' END AS "nextAt",
  ${shanghaiTimeOrEmpty('d.sent_at')} AS "sentAt", d.last_error AS "lastError",
  coalesce(${shanghaiTimeOrEmpty('last.at')}, '') AS "lastAt", last.status AS "lastStatus", last.duration_ms AS "lastDurationMs",
  coalesce(last.excerpt, '') AS "lastExcerpt"`;

const lastAttempt = sql`LEFT JOIN LATERAL (
    SELECT a.at, a.status, a.duration_ms, a.excerpt FROM delivery_attempt a WHERE a.delivery_id = d.id ORDER BY a.id DESC LIMIT 1
  ) last ON true`;

/** An endpoint's deliveries, newest first, one page (the endpoint must be the owner's). */
export async function deliveries(
  db: Kysely<DB>,
  owner: Owner,
  query: { endpointId: string; state?: string | undefined; page: number; limit: number },
): Promise<{ total: number; list: DeliveryRecord[] }> {
  const where = sql`d.endpoint_id = ${query.endpointId}::bigint
    AND EXISTS (SELECT 1 FROM notify_endpoint n WHERE n.id = d.endpoint_id AND ${owned(owner)})
    ${query.state ? sql`AND d.state = ${query.state}` : sql``}`;
  const [count, page] = await Promise.all([
    sql<{ total: number }>`SELECT count(*)::int AS total FROM delivery d WHERE ${where}`.execute(db),
    sql<DeliveryRecord>`SELECT ${deliveryColumns} FROM delivery d JOIN event e ON e.id = d.event_id ${lastAttempt}
      WHERE ${where} ORDER BY d.id DESC LIMIT ${query.limit} OFFSET ${(query.page - 1) * query.limit}`.execute(db),
  ]);
  return { total: count.rows[0]?.total ?? 0, list: page.rows };
}

/** One delivery of the owner's endpoints. */
export async function delivery(db: Kysely<DB>, owner: Owner, id: string): Promise<DeliveryRecord | undefined> {
  const row = await sql<DeliveryRecord>`SELECT ${deliveryColumns} FROM delivery d JOIN event e ON e.id = d.event_id ${lastAttempt}
    WHERE d.id = ${id}::bigint AND EXISTS (SELECT 1 FROM notify_endpoint n WHERE n.id = d.endpoint_id AND ${owned(owner)})`.execute(db);
  return row.rows[0];
}

export async function attempts(db: Kysely<DB>, deliveryId: string) {
  const rows = await sql<{ at: string; status: number | null; ok: boolean; durationMs: number; excerpt: string; error: string }>`
    SELECT ${shanghaiTimeOrEmpty('a.at')} AS at, a.status, a.ok, a.duration_ms AS "durationMs", a.excerpt, a.error
    FROM delivery_attempt a WHERE a.delivery_id = ${deliveryId}::bigint ORDER BY a.id`.execute(db);
  return rows.rows;
}

/** Queues a delivered or given-up delivery again (its key unchanged); false when it is still queued. */
export async function requeue(db: Kysely<DB>, id: string): Promise<boolean> {
  const result = await sql`UPDATE delivery SET state = 'pending', next_at = now(), attempts = 0, last_error = '',
      locked_by = NULL, locked_until = NULL
    WHERE id = ${id}::bigint AND state IN ('sent', 'dead')`.execute(db);
  return Number(result.numAffectedRows ?? 0) > 0;
}
