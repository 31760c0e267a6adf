// Prometheus metrics at `${prefix}/metrics` (prom-client, one registry per app): requests by route and status,
// their latency, the database pools' connections and the downloads running. Readable with the METRICS_TOKEN
// bearer token or by a signed-in staff account of the admin role.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { PoolStats } from '../db/database';
import { tokenOf, type Gate } from './auth-hook';
import { ApiError } from './errors';

export interface MetricsSources {
  /** Connections of the database pools now. */
  pools?: () => PoolStats[];
  /** Downloads streaming now. */
  downloads: () => number;
  /** Bearer token of a scraper, when set. */
  token: string | undefined;
  gate: Gate;
}

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

export function registerMetrics(app: FastifyInstance, prefix: string, sources: MetricsSources): void {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'portal_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'portal_http_request_duration_seconds',
    help: 'Time to answer, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new Gauge({
    name: 'portal_db_pool_connections',
    help: 'Database pool connections by pool and state (max, total, idle, waiting: requests waiting for one)',
    labelNames: ['pool', 'state'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const stats of sources.pools?.() ?? []) {
        for (const state of ['max', 'total', 'idle', 'waiting'] as const) this.set({ pool: stats.pool, state }, stats[state]);
      }
    },
  });
  new Gauge({
    name: 'portal_exports_running',
    help: 'Downloads (exports) streaming now',
    registers: [registry],
    collect() {
      this.set(sources.downloads());
    },
  });

  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern, never the raw url: one series per call whatever its parameters.
    const route = request.routeOptions.url ?? 'unmatched';
    const labels = { method: request.method, route };
    requests.inc({ ...labels, status: String(reply.statusCode) });
    latency.observe(labels, reply.elapsedTime / 1000);
  });

  app.get(`${prefix}/metrics`, { schema: { hide: true } }, async (request, reply) => {
    const token = tokenOf(request, sources.gate.csrfKey);
    if (!token) throw ApiError.unauthorized();
    if (!(sources.token && sameText(token, sources.token))) {
      const session = await sources.gate.authenticate(token);
      if (session.kind !== 'staff' || session.roleCode !== 'admin') throw ApiError.forbidden();
    }
    return reply
      .header('content-type', registry.contentType)
      .header('cache-control', 'no-store')
      .send(await registry.metrics());
  });
}
