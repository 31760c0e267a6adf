// SQL of usage: the buffered usage-log rows, module stays (one row a visit or stay), and the tenant's visits per
// module over the retailer's days.
import { type Insertable, type Kysely, sql } from 'kysely';
import type { DB, UsageLogTable } from '../../db/schema';
import { onShanghaiDays } from '../../platform/sql/shanghai-time';

export async function insertStay(
  db: Kysely<DB>,
  stay: {
    tenantId: string;
    accountId: number;
    moduleCode: string;
    moduleName: string;
    operateType: 0 | 5;
    operateIp: string;
    staySeconds: number;
  },
): Promise<void> {
  await db
    .insertInto('module_stay')
    .values({
      tenant_id: stay.tenantId,
      account_id: stay.accountId,
      module_code: stay.moduleCode,
      module_name: stay.moduleName,
      operate_type: stay.operateType,
      operate_ip: stay.operateIp,
      stay_seconds: stay.staySeconds,
    })
    .execute();
}

/** Visits, users and stay per module on the retailer's days `startDate` to `endDate`, most visited first. */
export async function moduleUsage(db: Kysely<DB>, tenantId: string, startDate: string, endDate: string) {
  const { rows } = await sql<{
    moduleCode: string;
    moduleName: string;
    nameEn: string;
    visits: number;
    users: number;
    staySeconds: number;
  }>`
    SELECT s.module_code AS "moduleCode",
           -- The menu's name of the module; the title the page sent only for a module no longer in the menu.
           coalesce(max(m.name), max(s.module_name)) AS "moduleName",
           coalesce(max(m.name_en), '') AS "nameEn",
           count(*) FILTER (WHERE s.operate_type = 0)::int AS visits,
           count(DISTINCT s.account_id)::int AS users,
           coalesce(sum(s.stay_seconds), 0)::int AS "staySeconds"
    FROM module_stay s LEFT JOIN module m ON m.module_code = s.module_code
    WHERE s.tenant_id = ${tenantId} AND ${onShanghaiDays('s.at', startDate, endDate)}
    GROUP BY s.module_code ORDER BY visits DESC, s.module_code`.execute(db);
  return rows;
}

/** Writes a batch of buffered usage-log rows. */
export async function insertUsageRows(db: Kysely<DB>, rows: Insertable<UsageLogTable>[]): Promise<void> {
  await db.insertInto('usage_log').values(rows).execute();
}
