// The notification screens (issue 30, docs/notifications.md): 消息中心 (ms0120, the message centre) and 通知设置
// (ms0121, preferences), open to every account: held by every role of every tenant and granted to every child
// account (a supplier main account holds every supplier module). A new tenant's seed grants them the same way
// (db/seed/notifications.ts). Two indexes for the dispatcher and the notices: the outbox across tenants in the
// feed's order (txid, id), and the notices a job gives once (an overdue order's version, a certificate's threshold,
// a password) looked up by subject.
import { type Kysely, sql } from 'kysely';

const codes = ['ms0120', 'ms0121'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`INSERT INTO module (module_code, parent_code, name, name_en, path, component, icon, kind, hidden, audience, sort_no)
    VALUES ('ms0120', NULL, '消息中心', 'Message centre', '/messages', 'notification/centre', 'message', 'page', false, 'all', 120),
           ('ms0121', NULL, '通知设置', 'Notification settings', '/notificationSettings', 'notification/settings', 'bell', 'page', false, 'all', 121)
    ON CONFLICT (module_code) DO NOTHING`.execute(db);
  await sql`INSERT INTO role_module (tenant_id, role_code, module_code)
    SELECT r.tenant_id, r.role_code, m.code FROM role r CROSS JOIN (VALUES ('ms0120'), ('ms0121')) AS m(code)
    ON CONFLICT DO NOTHING`.execute(db);
  await sql`INSERT INTO account_module (account_id, module_code)
    SELECT a.id, m.code FROM account a CROSS JOIN (VALUES ('ms0120'), ('ms0121')) AS m(code)
    WHERE a.kind = 'supplier' AND a.parent_code IS NOT NULL
    ON CONFLICT DO NOTHING`.execute(db);
  // The dispatcher reads every tenant's events in the feed's order (modules/notification/dispatcher-repo.ts).
  await sql`CREATE INDEX event_dispatch ON event (txid, id)`.execute(db);
  // A job's notice is given once: it looks for the subject's earlier notice (modules/notification/notices.ts).
  await sql`CREATE INDEX event_notice ON event (tenant_id, topic, subject)
    WHERE topic IN ('purchase-order.order.overdue', 'certificate.certificate.expiring', 'auth.password.expiring')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX event_notice`.execute(db);
  await sql`DROP INDEX event_dispatch`.execute(db);
  await sql`DELETE FROM account_module WHERE module_code IN (${sql.join(codes)})`.execute(db);
  await sql`DELETE FROM role_module WHERE module_code IN (${sql.join(codes)})`.execute(db);
  await sql`DELETE FROM module WHERE module_code IN (${sql.join(codes)})`.execute(db);
}
