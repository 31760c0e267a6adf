// The screens of notification channels (issue 30, delivery): 通知渠道 (ms0122, staff: the retailer's webhooks and
// its teams' group robots, their delivery logs; held by every tenant's admin role) and 群机器人 (ms0123, a
// supplier's own group robots and their log; main accounts hold it, child accounts when granted). A new tenant's
// seed grants its admin every module these rows add. Also the queue's claim index without digest rows (the
// digest's rows wait for their day and must not be walked by every claim) and the digest's own index.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`INSERT INTO module (module_code, parent_code, name, name_en, path, component, icon, kind, hidden, audience, sort_no)
    VALUES ('ms0122', NULL, '通知渠道', 'Notification channels', '/notifyChannels', 'notify-delivery/channels', 'notification', 'page', false, 'staff', 122),
           ('ms0123', NULL, '群机器人', 'Group robots', '/groupRobots', 'notify-delivery/robots', 'robot', 'page', false, 'supplier', 123)
    ON CONFLICT (module_code) DO NOTHING`.execute(db);
  await sql`INSERT INTO role_module (tenant_id, role_code, module_code)
    SELECT r.tenant_id, r.role_code, 'ms0122' FROM role r WHERE r.role_code = 'admin'
    ON CONFLICT DO NOTHING`.execute(db);
  await sql`CREATE INDEX delivery_due_now ON delivery (next_at, id) WHERE state = 'pending' AND NOT digest`.execute(db);
  await sql`CREATE INDEX delivery_digest ON delivery (account_id) WHERE digest AND state IN ('pending', 'sending')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS delivery_digest`.execute(db);
  await sql`DROP INDEX IF EXISTS delivery_due_now`.execute(db);
  await sql`DELETE FROM account_module WHERE module_code IN ('ms0122', 'ms0123')`.execute(db);
  await sql`DELETE FROM role_module WHERE module_code IN ('ms0122', 'ms0123')`.execute(db);
  await sql`DELETE FROM module WHERE module_code IN ('ms0122', 'ms0123')`.execute(db);
}
