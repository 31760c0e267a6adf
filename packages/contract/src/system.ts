// Operational calls of the server itself.
import { z } from 'zod';
import { defineCall } from './call';

export const health = defineCall({
  area: 'system',
  method: 'GET',
  path: '/health',
  summary: 'Liveness and database reachability',
  public: true,
  data: z.object({ status: z.enum(['ok', 'down']), database: z.enum(['pglite', 'postgres']), uptimeSeconds: z.number() }),
});
