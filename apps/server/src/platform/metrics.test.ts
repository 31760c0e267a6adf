// Observability: the request id in log lines, error answers and the x-request-id header; /api/metrics in
// Prometheus text, for the scraper's token and staff admins only.
import { auth } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, tokenFor } from '../test/helpers';

const metricsToken = 'scraper-token-0123456789';
const lines: string[] = [];
let t: TestApp;
let supplier: string;
let admin: string;
let buyer: string;

beforeAll(async () => {
  t = await createTestApp({
    env: { LOG_LEVEL: 'info', METRICS_TOKEN: metricsToken },
    logStream: { write: (line) => void lines.push(line) },
  });
  supplier = await tokenFor(t.app, '100001');
  admin = await tokenFor(t.app, 'admin', { staff: true });
  buyer = await tokenFor(t.app, 'buyer01', { staff: true });
});
afterAll(() => t.close());

const logsOf = (requestId: string) =>
  lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => entry.requestId === requestId);

describe('request ids', () => {
  it('names the request in its header, its error answer and every log line of it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/user/getInfo', headers: { token: 'not-a-session' } });
    expect(res.statusCode).toBe(401);
    const id = res.headers['x-request-id'];
    expect(typeof id).toBe('string');
    expect(res.json()).toMatchObject({ success: false, requestId: id });
    const logged = logsOf(String(id));
    expect(logged.length).toBeGreaterThan(0);
    expect(logged.some((entry) => entry.msg === 'request' && entry.status === 401)).toBe(true);
  });

  it("keeps a proxy's request id when it looks like one and replaces one that does not", async () => {
    const kept = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'lb-42.abc' } });
    expect(kept.headers['x-request-id']).toBe('lb-42.abc');
    expect(logsOf('lb-42.abc').length).toBeGreaterThan(0);
    const odd = 'x'.repeat(65);
    const replaced = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': odd } });
    expect(replaced.headers['x-request-id']).not.toBe(odd);
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('gives two requests two ids', async () => {
    const a = await t.app.inject({ method: 'GET', url: '/api/health' });
    const b = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });
});

describe('/api/metrics', () => {
  const scrape = (headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: '/api/metrics', headers });

  it('is refused without a token, to suppliers and to staff outside the admin role', async () => {
    expect((await scrape()).statusCode).toBe(401);
    expect((await scrape({ authorization: 'Bearer wrong-token-0123456789' })).statusCode).toBe(401);
    expect((await scrape({ token: supplier })).statusCode).toBe(403);
    expect((await scrape({ token: buyer })).statusCode).toBe(403);
  });

  it('counts requests by route pattern and status, with their latency, pools and running exports', async () => {
    for (let i = 0; i < 3; i++) await t.callAs('100001', auth.getInfo, { query: {} });
    const res = await scrape({ authorization: `Bearer ${metricsToken}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    const count = Number(/portal_http_requests_total\{method="GET",route="\/api\/user\/getInfo",status="200"\} (\d+)/.exec(text)?.[1]);
    expect(count).toBeGreaterThanOrEqual(3);
    expect(text).toMatch(/portal_http_request_duration_seconds_bucket\{le="0\.1",method="GET",route="\/api\/user\/getInfo"\} \d+/);
    expect(text).toMatch(/portal_db_pool_connections\{pool="interactive",state="max"\} [1-9]\d*/);
    expect(text).toMatch(/portal_exports_running 0/);
    // Unknown paths share one series instead of one per url.
    await t.app.inject({ method: 'GET', url: '/api/no/such/call/123' });
    const after = (await scrape({ token: admin })).body;
    expect(after).toMatch(/route="unmatched",status="404"/);
    expect(after).not.toMatch(/no\/such\/call/);
  });
});
