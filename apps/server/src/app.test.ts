// The envelope, statuses, health, OpenAPI and logging behaviour every call relies on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('envelope and statuses', () => {
  it('answers health with code 1 and the engine', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: '1', success: true, data: { status: 'ok' }, message: 'success', msg: 'success' });
  });

  it('answers an unknown API path with 404 in the envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no/such/call' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: '404', success: false, data: null });
    expect(res.json().message).toContain('/api/no/such/call');
  });

  it('answers malformed JSON with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/login?tenantid=demo',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: '400', success: false });
    expect(res.json().message).toContain('JSON');
  });

  it('names the field of a body that fails its schema', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/user/login?tenantid=demo', payload: { username: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^body\.password: /);
  });

  it('names the query parameter that is missing', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/user/login', payload: { username: 'x', password: 'y' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^querystring\.tenantid: /);
  });

  it('answers a protected call without a token with 401 and the token message', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/user/getInfo' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: '401', success: false, message: 'token失效，请重新登录。' });
  });

  it('answers a made-up token with 401', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/user/getInfo', headers: { token: 'forged' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('documentation', () => {
  it('publishes the OpenAPI document generated from the contract', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/user/login', '/user/getInfo', '/health']));
  });

  it('serves the browsable docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });
});

describe('failures', () => {
  it('hides the details of an unexpected error behind a generic 500', async () => {
    const { buildApp } = await import('./app');
    const { loadConfig } = await import('./config');
    const app = await buildApp(loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' }), { database: t.database });
    app.get('/api/boom', { config: { isPublic: true } }, async () => {
      throw new Error('secret internal detail');
    });
    const res = await app.inject({ method: 'GET', url: '/api/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ code: '500', success: false });
    expect(res.body).not.toContain('secret internal detail');
    await app.close();
  });
});
