// Usage logs and module stays: taken in without delay, counted for staff.
import type { UsageRecord } from '@portal/contract';
import { englishName } from '../../platform/access';
import type { AppContext } from '../../platform/context';
import { ApiError } from '../../platform/errors';
import type { SessionContext } from '../../platform/session-context';
import type { UsageLogBuffer } from './buffer';
import * as repo from './repo';

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
  await repo.insertStay(ctx.db, {
    tenantId: session.tenantId,
    accountId: session.accountId,
    moduleCode: stay.moduleCode,
    moduleName: stay.moduleName,
    operateType: stay.operateType,
    operateIp: stay.operateIP || clientIp,
    staySeconds: stay.operateType === 5 ? stay.stayTime : 0,
  });
}

export async function moduleUsage(ctx: AppContext, session: SessionContext, startDate: string, endDate: string) {
  if (session.kind !== 'staff')
    throw ApiError.forbidden({ 'zh-CN': '只有商户员工可以查看模块使用情况', en: "Only the retailer's staff can view module usage" });
  if (startDate > endDate)
    throw ApiError.badRequest({
      'zh-CN': 'querystring.endDate: 结束日期不能早于开始日期',
      en: 'querystring.endDate: the end date cannot be before the start date',
    });
  const rows = await repo.moduleUsage(ctx.db, session.tenantId, startDate, endDate);
  return rows.map(({ nameEn, ...row }) => ({
    ...row,
    moduleNameEn: englishName({ module_code: row.moduleCode, name_en: nameEn }) ?? row.moduleName,
  }));
}
