// SQL of the message centre and the preferences: an account's messages with their events, the unread count,
// marking read, and the preference rows (the account's own, a supplier's defaults for its children).
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';

export interface MessageRow {
  id: string;
  topic: string;
  subject: string;
  supp_code: string | null;
  payload: Record<string, unknown>;
  at: Date;
  read_at: Date | null;
}

export interface MessageFilter {
  topics: readonly string[] | null;
  state: 'all' | 'unread' | 'read';
}

function filtered(db: Kysely<DB>, accountId: number, filter: MessageFilter) {
  let query = db.selectFrom('notification as n').where('n.account_id', '=', accountId);
  if (filter.topics) query = query.where('n.topic', 'in', filter.topics.length > 0 ? filter.topics : ['-']);
  if (filter.state === 'unread') query = query.where('n.read_at', 'is', null);
  if (filter.state === 'read') query = query.where('n.read_at', 'is not', null);
  return query;
}

/** A page of an account's messages, newest first, and how many match. */
export async function messagePage(db: Kysely<DB>, accountId: number, filter: MessageFilter, page: { offset: number; limit: number }) {
  const [rows, total] = await Promise.all([
    filtered(db, accountId, filter)
      .innerJoin('event as e', 'e.id', 'n.event_id')
      .select([
        sql<string>`n.id::text`.as('id'),
        'n.topic',
        'e.subject',
        'e.supp_code',
        sql<Record<string, unknown>>`e.payload`.as('payload'),
        'e.at',
        'n.read_at',
      ])
      .orderBy('n.id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    filtered(db, accountId, filter)
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as MessageRow[], total: Number(total.count) };
}

/** The account's unread count and its newest message's id (the bell). */
export async function unread(db: Kysely<DB>, accountId: number): Promise<{ unread: number; latestId: string | null }> {
  const { rows } = await sql<{ unread: string; latest: string | null }>`
    SELECT (SELECT count(*) FROM notification WHERE account_id = ${accountId} AND read_at IS NULL) AS unread,
      (SELECT max(id)::text FROM notification WHERE account_id = ${accountId}) AS latest`.execute(db);
  return { unread: Number(rows[0]?.unread ?? 0), latestId: rows[0]?.latest ?? null };
}

/** Marks the account's messages read: these ids (others' ids match nothing), or all (of some topics). */
export async function markRead(
  db: Kysely<DB>,
  accountId: number,
  which: { ids: string[] } | { topics: readonly string[] | null },
  at: Date,
) {
  let query = db.updateTable('notification').set({ read_at: at }).where('account_id', '=', accountId).where('read_at', 'is', null);
  if ('ids' in which) query = query.where(sql<boolean>`id = ANY(${which.ids}::bigint[])`);
  else if (which.topics) query = query.where('topic', 'in', which.topics.length > 0 ? which.topics : ['-']);
  await query.execute();
}

export interface PrefRecord {
  topic: string;
  channel: 'portal' | 'email';
  mode: 'off' | 'instant' | 'digest';
}

export function ownPrefs(db: Kysely<DB>, accountId: number): Promise<PrefRecord[]> {
  return db.selectFrom('notification_pref').select(['topic', 'channel', 'mode']).where('account_id', '=', accountId).execute();
}

export function childDefaults(db: Kysely<DB>, tenantId: string, suppCode: string): Promise<PrefRecord[]> {
  return db
    .selectFrom('notification_child_default')
    .select(['topic', 'channel', 'mode'])
    .where('tenant_id', '=', tenantId)
    .where('supp_code', '=', suppCode)
    .execute();
}

export async function account(db: Kysely<DB>, accountId: number) {
  return db.selectFrom('account').select(['language', 'email']).where('id', '=', accountId).executeTakeFirstOrThrow();
}

export async function saveOwnPrefs(db: Kysely<DB>, tenantId: string, accountId: number, rows: PrefRecord[], at: Date) {
  if (rows.length === 0) return;
  await db
    .insertInto('notification_pref')
    .values(
      rows.map((r) => ({ tenant_id: tenantId, account_id: accountId, topic: r.topic, channel: r.channel, mode: r.mode, updated_at: at })),
    )
    .onConflict((oc) =>
      oc
        .columns(['account_id', 'topic', 'channel'])
        .doUpdateSet((eb) => ({ mode: eb.ref('excluded.mode'), updated_at: eb.ref('excluded.updated_at') })),
    )
    .execute();
}

export async function saveChildDefaults(db: Kysely<DB>, tenantId: string, suppCode: string, rows: PrefRecord[], at: Date) {
  if (rows.length === 0) return;
  await db
    .insertInto('notification_child_default')
    .values(
      rows.map((r) => ({ tenant_id: tenantId, supp_code: suppCode, topic: r.topic, channel: r.channel, mode: r.mode, updated_at: at })),
    )
    .onConflict((oc) =>
      oc
        .columns(['tenant_id', 'supp_code', 'topic', 'channel'])
        .doUpdateSet((eb) => ({ mode: eb.ref('excluded.mode'), updated_at: eb.ref('excluded.updated_at') })),
    )
    .execute();
}

export async function saveLanguage(db: Kysely<DB>, accountId: number, language: 'zh-CN' | 'en') {
  await db.updateTable('account').set({ language }).where('id', '=', accountId).where('language', '<>', language).execute();
}
