// 接口日志 (ms0112): every batch the documents service took (API call, staff import, seed, demo feed), one row of
// `integration_batch` each: who sent it, the entity, the counts per outcome, lines, duration and the refusals.
// Kept for the tenant's `integrationLogDays` (system parameter, default 90 days); a daily job removes older rows.
import { z } from 'zod';
import { defineCall } from '../call';
import { ModuleCode } from '../modules';
import { isoDate, pageOf, pageParams } from '../paging';
import { documentEntities, documentRefusal } from './documents';

export const logModule = ModuleCode.integrationLog;

/** The system parameter of the days a batch stays in the log, and its value when the tenant sets none. */
export const logDaysParam = 'integrationLogDays';
export const defaultLogDays = 90;

export const batchSources = ['api', 'import', 'seed', 'feed'] as const;
export type BatchSource = (typeof batchSources)[number];
export const batchSourceText: Record<BatchSource, string> = { api: '接口', import: '导入', seed: '初始化', feed: '演示数据' };
export const batchSourceTextEn: Record<BatchSource, string> = { api: 'API', import: 'Import', seed: 'Seed', feed: 'Demo feed' };

const entityParam = z.enum(documentEntities as [string, ...string[]]);

const logFilterFields = z.object({
  /** Batches on the retailer's days from / to (YYYY-MM-DD, both included). */
  dateFrom: isoDate.optional(),
  dateTo: isoDate.optional(),
  source: z.enum(batchSources).optional(),
  entity: entityParam.optional(),
  /** A part of the integration client's id or name, or of the staff account's code or name. */
  sender: z.string().trim().max(64).optional(),
  /** Only batches with refused documents. */
  refusedOnly: z.boolean().optional(),
});
const daysInOrder = (q: { dateFrom?: string | undefined; dateTo?: string | undefined }) =>
  !q.dateFrom || !q.dateTo || q.dateFrom <= q.dateTo;
const daysMessage = { message: '结束日期不能早于开始日期', path: ['dateTo'] };

export const logFilter = logFilterFields.refine(daysInOrder, daysMessage);
export type LogFilter = z.infer<typeof logFilter>;
export const logListQuery = logFilterFields.extend(pageParams).refine(daysInOrder, daysMessage);
export type LogListQuery = z.infer<typeof logListQuery>;

export const logRow = z.object({
  id: z.string(),
  /** When the batch was taken, in the retailer's clock (Asia/Shanghai), 'YYYY-MM-DD HH:mm:ss'. */
  at: z.string(),
  source: z.enum(batchSources),
  /** The client's id (API calls), '' otherwise. */
  clientId: z.string(),
  /** The client's name (id) of an API call, the staff account's name (code) of an import, '' for the seed and feed. */
  sender: z.string(),
  entity: z.string(),
  documents: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  stale: z.number().int(),
  refused: z.number().int(),
  lines: z.number().int(),
  durationMs: z.number().int(),
});
export type LogRow = z.infer<typeof logRow>;

export const getIntegrationLog = defineCall({
  area: 'integration',
  method: 'POST',
  path: '/integration/log/list',
  module: logModule,
  summary: 'The integration log of the tenant, newest first, paged, with filters (days, source, entity, sender, refusals only)',
  body: logListQuery,
  data: pageOf(logRow),
});

export const batchRefusal = documentRefusal.extend({ key: z.string() });
export type BatchRefusal = z.infer<typeof batchRefusal>;

export const getIntegrationBatch = defineCall({
  area: 'integration',
  method: 'GET',
  path: '/integration/log/batch',
  module: logModule,
  summary: 'One batch of the log with its refusals (document key, field path, reason in both languages; the first 200 kept)',
  query: z.object({ id: z.string().regex(/^\d{1,18}$/, 'id 不是有效的编号') }),
  data: logRow.extend({ refusals: z.array(batchRefusal) }),
});

/** Columns of the log's list and export (wire fields, titles in Chinese and English). */
export const logColumns = [
  { field: 'at', title: '时间', titleEn: 'Time' },
  { field: 'source', title: '来源', titleEn: 'Source' },
  { field: 'sender', title: '客户端/用户', titleEn: 'Client or user' },
  { field: 'entity', title: '业务对象', titleEn: 'Entity' },
  { field: 'documents', title: '单据数', titleEn: 'Documents' },
  { field: 'created', title: '新增', titleEn: 'Created' },
  { field: 'updated', title: '更新', titleEn: 'Updated' },
  { field: 'unchanged', title: '未变', titleEn: 'Unchanged' },
  { field: 'stale', title: '过期版本', titleEn: 'Stale' },
  { field: 'refused', title: '拒绝', titleEn: 'Refused' },
  { field: 'lines', title: '行数', titleEn: 'Lines' },
  { field: 'durationMs', title: '耗时(毫秒)', titleEn: 'Duration (ms)' },
] as const satisfies readonly { field: keyof LogRow; title: string; titleEn: string }[];

export const exportIntegrationLog = defineCall({
  area: 'integration',
  method: 'POST',
  path: '/integration/log/export',
  module: logModule,
  summary: 'Every batch of the log under the filters, newest first, as CSV (UTF-8 with BOM) or .xlsx, streamed',
  body: logFilterFields.extend({ format: z.enum(['csv', 'xlsx']).default('csv') }).refine(daysInOrder, daysMessage),
  data: z.string(),
});
