// Usage-log records (spec section 3) and module stay records, and what staff see of them.
import { z } from 'zod';
import { defineCall } from './call';
import { isoDate } from './paging';
import { ModuleCode } from './modules';

/** The staff page of module usage (migration 0007), held by the admin role. */
export const usageStatsModule = ModuleCode.usageStats;

export const LogConstants = { platform: '04', appid: '25', loginLogType: '40000' } as const;

export const usageRecord = z.object({
  fronttime: z.string().max(40),
  guid: z.string().max(64),
  userid: z.string().max(64).default(''),
  userName: z.string().max(64).default(''),
  platform: z.string().max(8),
  platformid: z.string().max(32).default(''),
  platformname: z.string().max(64).default(''),
  envnum: z.string().max(16).default(''),
  appid: z.string().max(8),
  curpageurl: z.string().max(2000).default(''),
  os: z.string().max(64).default(''),
  display: z.string().max(32).default(''),
  devicetype: z.string().max(32).default(''),
  nettype: z.string().max(32).default(''),
  logtype: z.string().max(16),
});
export type UsageRecord = z.infer<typeof usageRecord>;

export const sendUsageLog = defineCall({
  area: 'usage-log',
  method: 'POST',
  path: '/linkdata-netflow/newflow/send',
  summary: 'Usage-log records, one or a batch; stored in batches off the request path',
  public: true,
  body: z.union([usageRecord, z.array(usageRecord).min(1).max(200)]),
  data: z.object({ accepted: z.number().int() }),
});

export const stayRecord = z.object({
  moduleCode: z.string().trim().min(1).max(32),
  moduleName: z.string().max(64).default(''),
  /** 0 entering, 5 leaving. */
  operateType: z.union([z.literal(0), z.literal(5), z.literal('0'), z.literal('5')]).transform((v) => Number(v) as 0 | 5),
  operateIP: z.string().max(64).default(''),
  /** Seconds spent in the module (leaving records). */
  stayTime: z.coerce
    .number()
    .int()
    .min(0)
    .max(7 * 86_400)
    .default(0),
});

export const saveModuleLog = defineCall({
  area: 'usage-log',
  method: 'POST',
  path: '/user/saveModuleLog',
  summary: 'A stay record: entering (0) or leaving (5) a module, with the seconds spent',
  signedIn: 'every user reports their own stays in the modules they open',
  changes: true,
  body: stayRecord,
  data: z.null(),
});

export const moduleUsage = z.object({
  moduleCode: z.string(),
  moduleName: z.string(),
  /** The module's English name (the Chinese one where it has none). */
  moduleNameEn: z.string(),
  visits: z.number().int(),
  users: z.number().int(),
  staySeconds: z.number().int(),
});

export const getModuleUsage = defineCall({
  area: 'usage-log',
  method: 'GET',
  path: '/usageLog/moduleUsage',
  summary: 'Staff: visits, distinct users and stay time per module over a date range',
  module: usageStatsModule,
  query: z.object({ startDate: isoDate, endDate: isoDate }),
  data: z.array(moduleUsage),
});
