// Rules of "My sessions": a caller lists and ends only its own sessions; a main account ends every session of its
// own children, the tenant's staff (holding 结束会话) of any supplier account. Every ending is an audit entry.
import type { SessionRow } from '@portal/contract';
import type { AppContext } from '../../platform/context';
import { ApiError } from '../../platform/errors';
import type { SessionContext } from '../../platform/session-context';
import { deviceOf } from './device';
import * as repo from './repo';

export async function listMine(ctx: AppContext, session: SessionContext): Promise<SessionRow[]> {
  const now = ctx.now();
  const idleSince = new Date(now.getTime() - ctx.config.sessionIdleMinutes * 60_000);
  const rows = await repo.liveSessions(ctx.db, session.accountId, session.tokenHash, now, idleSince);
  return rows.map((row) => ({
    id: row.public_id,
    ...deviceOf(row.user_agent),
    clientIp: row.client_ip,
    signedInAt: row.created_at.toISOString(),
    lastSeenAt: row.last_seen_at.toISOString(),
    current: row.current,
  }));
}

const notYours = () => ApiError.notFound({ 'zh-CN': '会话不存在或已结束', en: 'No such session, or it has already ended' });

export async function endMine(ctx: AppContext, session: SessionContext, id: string): Promise<void> {
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.endOne(trx, session.accountId, id, 'ended-by-owner', now))) throw notYours();
    await repo.recordAudit(trx, {
      action: 'revoke',
      objectId: id,
      objectSupplierCode: session.suppCode,
      detail: { account: session.employeeCode },
    });
  });
}

export async function endOthers(ctx: AppContext, session: SessionContext): Promise<{ ended: number }> {
  const now = ctx.now();
  return ctx.db.transaction().execute(async (trx) => {
    const ended = await repo.endAll(trx, session.accountId, 'ended-by-owner', now, session.tokenHash);
    await repo.recordAudit(trx, {
      action: 'revoke-others',
      objectId: session.employeeCode,
      objectSupplierCode: session.suppCode,
      detail: { account: session.employeeCode, ended },
    });
    return { ended };
  });
}

/**
 * Ends every session of a supplier account (a lost phone, a leaving employee): a main account may end its own
 * children's, staff any supplier account's of their tenant; a child account none (403). Unknown or another main
 * account's child: 404.
 */
export async function endAccount(ctx: AppContext, session: SessionContext, employeeCode: string): Promise<{ ended: number }> {
  if (session.kind === 'supplier' && (session.parentCode || !session.suppCode))
    throw ApiError.forbidden({ 'zh-CN': '只有供应商主账号可以管理子账号', en: "Only a supplier's main account can manage child accounts" });
  const account = await repo.findSupplierAccount(ctx.db, session.tenantId, employeeCode);
  const reachable =
    account && (session.kind === 'staff' || (account.parent_code === session.employeeCode && account.supp_code === session.suppCode));
  if (!account || !reachable)
    throw ApiError.notFound({ 'zh-CN': `账号 ${employeeCode} 不存在`, en: `Account ${employeeCode} does not exist` });
  const now = ctx.now();
  return ctx.db.transaction().execute(async (trx) => {
    const ended = await repo.endAll(trx, account.id, 'ended-by-admin', now);
    await repo.recordAudit(trx, {
      action: 'revoke-all',
      objectId: account.employee_code,
      objectSupplierCode: account.supp_code,
      detail: { account: account.employee_code, ended },
    });
    return { ended };
  });
}
