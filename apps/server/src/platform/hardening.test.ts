// Calls are granted by modules: a staff role without the module is refused; credentials never reach the
// log (the request line, query token and credential headers); every answer carries the security headers.
import { ClientKeys } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createTestApp, type TestApp, tokenFor } from '../test/helpers';

const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { LOG_LEVEL: 'info' }, logStream: { write: (line) => void lines.push(line) } });
});
afterAll(() => t.close());

const option = { busShortName: 'T1', busShortDetailName: '测试业务', permissionType: 'all', permission: [] };

describe('staff calls granted by modules', () => {
  it('refuses module usage and business options to a buyer, whose role holds neither module', async () => {
    const token = await tokenFor(t.app, 'buyer01', { staff: true });
    const usage = await t.app.inject({
      method: 'GET',
      url: '/api/usageLog/moduleUsage?startDate=2026-01-01&endDate=2026-01-31',
      headers: { token },
    });
    expect(usage.statusCode).toBe(403);
    const save = await t.app.inject({ method: 'POST', url: '/api/baseInfo/saveBusOption', headers: { token }, payload: option });
    expect(save.statusCode).toBe(403);
  });

  it('lets the admin role, which holds both, make them', async () => {
    const token = await tokenFor(t.app, 'admin', { staff: true });
    const usage = await t.app.inject({
      method: 'GET',
      url: '/api/usageLog/moduleUsage?startDate=2026-01-01&endDate=2026-01-31',
      headers: { token },
    });
    expect(usage.json().code).toBe('1');
    const save = await t.app.inject({ method: 'POST', url: '/api/baseInfo/saveBusOption', headers: { token }, payload: option });
    expect(save.json().code).toBe('1');
  });
});

describe('the log', () => {
  it('never holds a token, from the query, a header or a cookie', async () => {
    const token = await tokenFor(t.app, '100001');
    await t.app.inject({ method: 'GET', url: `/api/user/queryMerchantsModuleList?token=${token}` });
    await t.app.inject({
      method: 'GET',
      url: '/api/user/getInfo',
      headers: { token, authorization: `Bearer ${token}`, cookie: `${ClientKeys.tokenCookie}=${token}` },
    });
    await t.app.inject({ method: 'GET', url: `/api/no/such/call?token=${token}` });
    const requestLines = lines.filter((l) => l.includes('"msg":"request"'));
    expect(requestLines.some((l) => l.includes('queryMerchantsModuleList?token=[redacted]'))).toBe(true);
    expect(lines.filter((l) => l.includes(token))).toEqual([]);
  });
});

describe('security headers', () => {
  it('come with every answer, API calls and unknown paths alike', async () => {
    for (const url of ['/api/health', '/some/page']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('same-origin');
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
      expect(res.headers['permissions-policy']).toContain('camera=()');
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'");
      expect(res.headers['x-frame-options']).toBeUndefined();
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });
});

describe('security headers behind TLS and in a frame', () => {
  it('add HSTS when served over HTTPS and let the configured identity provider frame the portal', async () => {
    const tls = await createTestApp({ env: { HTTPS: 'true', FRAME_ANCESTORS: "'self' https://idp.example.com" } });
    try {
      for (const url of ['/api/health', '/some/page']) {
        const res = await tls.app.inject({ method: 'GET', url });
        expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
        expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self' https://idp.example.com;");
      }
    } finally {
      await tls.close();
    }
  });

  it('refuse a FRAME_ANCESTORS that could end the directive', () => {
    expect(() => loadConfig({ FRAME_ANCESTORS: "'self'; script-src *" })).toThrow(/FRAME_ANCESTORS/);
  });
});
