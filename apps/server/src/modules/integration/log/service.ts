// 接口日志 (ms0112): the tenant's batches (staff only), one batch's refusals, the export, and the daily removal of
// batches older than the tenant's `integrationLogDays`.
import { type Language, integration } from '@portal/contract';
import type { Kysely } from 'kysely';
import type { DB, IntegrationRefusalRow } from '../../../db/schema';
import { businessDay } from '../../../platform/clock';
import { repeat } from '../../../platform/repeat';
import type { AppContext } from '../../../platform/context';
import { ApiError } from '../../../platform/errors';
import { datedName, exportColumnsIn, labelledRows, listExport } from '../../../platform/list-export';
import type { Download } from '../../../platform/route';
import type { SessionContext } from '../../../platform/session-context';
import * as repo from './repo';

const staffOnly = (session: SessionContext) => {
  if (session.kind !== 'staff')
    throw ApiError.forbidden({ 'zh-CN': '只有零售商员工可以查看接口日志', en: 'Only the retailer’s staff can read the integration log' });
};

export async function list(ctx: AppContext, session: SessionContext, query: integration.LogListQuery) {
  staffOnly(session);
  const { page, limit, ...filter } = query;
  return repo.page(ctx.db, session.tenantId, filter, page, limit);
}

export async function batch(ctx: AppContext, session: SessionContext, id: string) {
  staffOnly(session);
  const row = await repo.batch(ctx.db, session.tenantId, id);
  if (!row) throw ApiError.notFound({ 'zh-CN': `接口日志 ${id} 不存在`, en: `No integration log entry ${id}` });
  const { refusals, ...rest } = row;
  return {
    ...rest,
    refusals: (refusals as IntegrationRefusalRow[]).flatMap((d) => d.refusals.map((r) => ({ key: d.key, path: r.path, reason: r.reason }))),
  };
}

const entityTitles = (language: Language): Record<string, string> =>
  Object.fromEntries(integration.importEntities.map((e) => [e.entity, language === 'en' ? e.titleEn : e.title]));

export function exportLog(
  ctx: AppContext,
  session: SessionContext,
  body: integration.LogFilter & { format: 'csv' | 'xlsx' },
  language: Language,
): Download {
  staffOnly(session);
  const { format, ...filter } = body;
  const rows = labelledRows(repo.batches(ctx.db, session.tenantId, filter), language, {
    source: { 'zh-CN': integration.batchSourceText, en: integration.batchSourceTextEn },
    entity: { 'zh-CN': entityTitles('zh-CN'), en: entityTitles('en') },
  });
  const numeric = new Set<string>(['documents', 'created', 'updated', 'unchanged', 'stale', 'refused', 'lines', 'durationMs']);
  const columns = exportColumnsIn(integration.logColumns, language, (c) => numeric.has(c.field));
  const name = datedName(language === 'en' ? 'Integration log' : '接口日志', ctx.now());
  return listExport({ format, name, columns, rows: { batches: rows } });
}

const jobName = 'integration-log-retention';

/** Removes every tenant's batches older than its days, once for the day whoever calls it; null when the day was taken. */
export function runRetentionJob(db: Kysely<DB>, day: string): Promise<number | null> {
  return repo.removeOldBatches(db, jobName, day, integration.logDaysParam, integration.defaultLogDays);
}

/** Tries the day's removal at start and then every hour (cheap when the day is taken); answers a function that stops it. */
export function scheduleRetentionJob(
  db: Kysely<DB>,
  now: () => Date,
  log: { info(o: object, m: string): void; error(o: object, m: string): void },
  everyMs = 3_600_000,
): () => Promise<void> {
  return repeat(
    () => {
      const day = businessDay(now());
      return runRetentionJob(db, day)
        .then((removed) => (removed === null ? undefined : log.info({ day, removed }, 'integration log retention ran')))
        .catch((err: unknown) => log.error({ err, day }, 'integration log retention failed'));
    },
    { firstAfterMs: 1500, everyMs },
  );
}
