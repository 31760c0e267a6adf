// Usage logs and module stays: taken in without delay, counted for staff.
import type { UsageRecord } from '@portal/contract';
import { sql } from 'kysely';
import { englishName } from '../../platform/access';
import type { AppContext } from '../../platform/context';
import { ApiError } from '../../platform/errors';
import type { SessionContext } from '../../platform/session-context';
import type { UsageLogBuffer } from './buffer';

export function acceptUsage(buffer: UsageLogBuffer, session: SessionContext | undefined, records: UsageRecord[]): { accepted: number } {
  const accepted = buffer.push(
    records.map((record) => ({
      tenant_id: session?.tenantId ?? null,
      account_id: session?.accountId ?? null,
      logtype: record.logtype,
      fronttime: record.fronttime,
      guid: record.guid,
      curpageurl: record.curpageurl,
      record: JSON.stringify(record),
    })),
  );
  return { accepted };
}

export async function saveStay(
  ctx: AppContext,
  session: SessionContext,
  stay: { moduleCode: string; moduleName: string; operateType: 0 | 5; operateIP: string; stayTime: number },
  clientIp: string,
): Promise<void> {
  await ctx.db
    .insertInto('module_stay')
    .values({
      tenant_id: session.tenantId,
      account_id: session.accountId,
      module_code: stay.moduleCode,
      module_name: stay.moduleName,
      operate_type: stay.operateType,
      operate_ip: stay.operateIP || clientIp,
      stay_seconds: stay.operateType === 5 ? stay.stayTime : 0,
    })
    .execute();
}

export async function moduleUsage(ctx: AppContext, session: SessionContext, startDate: string, endDate: string) {
  if (session.kind !== 'staff') throw ApiError.forbidden('只有商户员工可以查看模块使用情况');
  if (startDate > endDate) throw ApiError.badRequest('querystring.endDate: 结束日期不能早于开始日期');
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
    -- The days are the retailer's (Asia/Shanghai), whatever the database session's time zone is.
    WHERE s.tenant_id = ${session.tenantId}
      AND s.at >= ${startDate}::date::timestamp AT TIME ZONE 'Asia/Shanghai'
      AND s.at < (${endDate}::date + 1)::timestamp AT TIME ZONE 'Asia/Shanghai'
    GROUP BY s.module_code ORDER BY visits DESC, s.module_code`.execute(ctx.db);
  return rows.map(({ nameEn, ...row }) => ({
    ...row,
    moduleNameEn: englishName({ module_code: row.moduleCode, name_en: nameEn }) ?? row.moduleName,
  }));
}
