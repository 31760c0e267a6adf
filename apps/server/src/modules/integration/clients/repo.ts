// SQL of integration clients, their access tokens and their per-minute call counts.
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../../db/schema';
import { shanghaiTimeOrEmpty } from '../../../platform/sql/shanghai-time';

/** A client as the admin screen lists it (`now` decides whether its previous secret still counts). */
const listed = (now: Date) =>
  [
    'c.id as clientId',
    'c.name',
    'c.scopes',
    'c.allowed_sources as allowedSources',
    'c.rate_per_minute as ratePerMinute',
    'c.disabled',
    'c.created_by as createdBy',
    shanghaiTimeOrEmpty('c.created_at').as('createdAt'),
    shanghaiTimeOrEmpty('c.last_used_at').as('lastUsedAt'),
    shanghaiTimeOrEmpty('c.rotated_at').as('rotatedAt'),
    shanghaiTimeOrEmpty(sql`CASE WHEN c.previous_valid_until > ${now} THEN c.previous_valid_until END`).as('previousValidUntil'),
  ] as const;

export function listClients(db: Kysely<DB>, tenantId: string, now: Date) {
  return db
    .selectFrom('integration_client as c')
    .select(listed(now))
    .where('c.tenant_id', '=', tenantId)
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id')
    .execute();
}

export function findClient(db: Kysely<DB>, tenantId: string, clientId: string, now: Date) {
  return db
    .selectFrom('integration_client as c')
    .select(listed(now))
    .where('c.tenant_id', '=', tenantId)
    .where('c.id', '=', clientId)
    .executeTakeFirst();
}

export interface ClientSettings {
  name: string;
  scopes: string[];
  allowedSources: string[];
  ratePerMinute: number;
}

/** Inserts a client; undefined when the tenant already has one of that name. */
export async function insertClient(
  db: Kysely<DB>,
  client: ClientSettings & { id: string; tenantId: string; secretHash: Buffer; createdBy: string; createdAt: Date },
): Promise<boolean> {
  const row = await db
    .insertInto('integration_client')
    .values({
      id: client.id,
      tenant_id: client.tenantId,
      name: client.name,
      scopes: client.scopes,
      allowed_sources: client.allowedSources,
      rate_per_minute: client.ratePerMinute,
      secret_hash: client.secretHash,
      created_by: client.createdBy,
      created_at: client.createdAt,
    })
    .onConflict((oc) => oc.columns(['tenant_id', 'name']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether another client of the tenant has this name. */
export async function nameTaken(db: Kysely<DB>, tenantId: string, name: string, exceptId: string): Promise<boolean> {
  const row = await db
    .selectFrom('integration_client')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('name', '=', name)
    .where('id', '<>', exceptId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Changes a client's settings; false when the tenant has no such client. */
export async function updateSettings(db: Kysely<DB>, tenantId: string, clientId: string, settings: ClientSettings): Promise<boolean> {
  const result = await db
    .updateTable('integration_client')
    .set({
      name: settings.name,
      scopes: settings.scopes,
      allowed_sources: settings.allowedSources,
      rate_per_minute: settings.ratePerMinute,
    })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', clientId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Replaces a client's secret; the current one becomes the previous, valid until `previousValidUntil`. */
export async function rotateSecret(
  db: Kysely<DB>,
  tenantId: string,
  clientId: string,
  change: { secretHash: Buffer; previousValidUntil: Date; rotatedAt: Date },
): Promise<boolean> {
  const result = await db
    .updateTable('integration_client')
    .set((eb) => ({
      previous_secret_hash: eb.ref('secret_hash'),
      secret_hash: change.secretHash,
      previous_valid_until: change.previousValidUntil,
      rotated_at: change.rotatedAt,
    }))
    .where('tenant_id', '=', tenantId)
    .where('id', '=', clientId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function setDisabled(db: Kysely<DB>, tenantId: string, clientId: string, disabled: boolean): Promise<boolean> {
  const result = await db
    .updateTable('integration_client')
    .set({ disabled })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', clientId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** What the token call checks of a client, whatever its tenant (the client id names it). */
export function credentialsOf(db: Kysely<DB>, clientId: string) {
  return db
    .selectFrom('integration_client')
    .select(['id', 'tenant_id as tenantId', 'scopes', 'secret_hash as secretHash', 'previous_secret_hash as previousSecretHash'])
    .select(['previous_valid_until as previousValidUntil', 'disabled'])
    .where('id', '=', clientId)
    .executeTakeFirst();
}

/** Stores an issued token (its hash), marks the client used and drops its expired tokens and old counts. */
export async function storeToken(
  db: Kysely<DB>,
  token: { tokenHash: Buffer; clientId: string; tenantId: string; scopes: string[]; expiresAt: Date; now: Date },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('integration_token')
      .values({
        token_hash: token.tokenHash,
        client_id: token.clientId,
        tenant_id: token.tenantId,
        scopes: token.scopes,
        expires_at: token.expiresAt,
        created_at: token.now,
      })
      .execute();
    await trx.updateTable('integration_client').set({ last_used_at: token.now }).where('id', '=', token.clientId).execute();
    await trx.deleteFrom('integration_token').where('client_id', '=', token.clientId).where('expires_at', '<', token.now).execute();
    await trx
      .deleteFrom('integration_rate')
      .where('client_id', '=', token.clientId)
      .where('window_start', '<', sql<Date>`${token.now}::timestamptz - interval '1 hour'`)
      .execute();
  });
}

/** A token with its client as the gate checks them at each call. */
export function tokenWithClient(db: Kysely<DB>, tokenHash: Buffer) {
  return db
    .selectFrom('integration_token as t')
    .innerJoin('integration_client as c', 'c.id', 't.client_id')
    .select(['t.client_id as clientId', 't.tenant_id as tenantId', 't.scopes as tokenScopes', 't.expires_at as expiresAt'])
    .select(['c.name as clientName', 'c.scopes as clientScopes', 'c.disabled', 'c.allowed_sources as allowedSources'])
    .select('c.rate_per_minute as ratePerMinute')
    .where('t.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Counts one call of a client in the minute starting at `windowStart`: the count so far, this one included. */
export async function countCall(db: Kysely<DB>, clientId: string, windowStart: Date): Promise<number> {
  const row = await db
    .insertInto('integration_rate')
    .values({ client_id: clientId, window_start: windowStart, count: 1 })
    .onConflict((oc) => oc.columns(['client_id', 'window_start']).doUpdateSet({ count: sql<number>`integration_rate.count + 1` }))
    .returning('count')
    .executeTakeFirstOrThrow();
  return row.count;
}
