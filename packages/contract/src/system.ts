// Operational calls of the server itself and the tenant's system settings.
import { z } from 'zod';
import { defineCall } from './call';

export const health = defineCall({
  area: 'system',
  method: 'GET',
  path: '/health',
  summary: 'Liveness and database reachability',
  public: true,
  data: z.object({ status: z.enum(['ok', 'down']), database: z.enum(['postgres']), uptimeSeconds: z.number() }),
});

export const useMiddlePlatform = defineCall({
  area: 'system',
  method: 'GET',
  path: '/system/useMiddlePlatform',
  signedIn: 'a tenant setting that pages read to choose their data source',
  summary: 'Whether the tenant uses the business middle platform',
  data: z.boolean(),
});

export const querySystemParam = defineCall({
  area: 'system',
  method: 'GET',
  path: '/system/querySystemParam',
  signedIn: 'tenant settings that pages read',
  summary: 'A system parameter of the tenant',
  query: z.object({ parameterCode: z.string().trim().min(1, 'parameterCode 不能为空').max(64) }),
  data: z.object({ parameterCode: z.string(), parameterName: z.string(), parameterValue: z.string() }),
});
