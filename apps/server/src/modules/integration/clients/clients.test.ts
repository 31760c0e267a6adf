// Integration clients end to end over HTTP: the admin calls, the client-credentials token call and the
// bearer gate of /integration/v1 (token, disabled client, rotation grace, scope, source, rate, tenant).
import { integration } from '@portal/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
const logLines: string[] = [];
/** Every secret and access token the tests were given: none may reach the log. */
const credentials: string[] = [];
beforeAll(async () => {
  t = await createTestApp({ env: { LOG_LEVEL: 'info' }, logStream: { write: (line) => void logLines.push(line) } });
}, 120_000);
afterAll(() => t.close());

const tokenUrl = '/api/integration/oauth/token';
const pingUrl = '/api/integration/v1/ping';
let names = 0;

async function newClient(form: Partial<integration.ClientForm> = {}) {
  const res = await t.callAs('admin', integration.createClient, {
    body: { name: `ERP ${++names}`, scopes: ['goods:write', 'receiving:write'], ...form },
  });
  expect(res.status).toBe(200);
  credentials.push(res.data.clientSecret);
  return res.data;
}

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

async function tokenOf(clientId: string, clientSecret: string, scope?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: tokenUrl,
    payload: { grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret, ...(scope ? { scope } : {}) },
  });
  if (res.statusCode === 200) credentials.push((res.json() as { access_token: string }).access_token);
  return res;
}

async function bearer(clientId: string, clientSecret: string): Promise<string> {
  const res = await tokenOf(clientId, clientSecret);
  expect(res.statusCode).toBe(200);
  return (res.json() as { access_token: string }).access_token;
}

const ping = (token: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: pingUrl, headers: { authorization: `Bearer ${token}`, ...headers } });

describe('the admin calls', () => {
  it('answers the secret once, stores only its hash, and lists the client without it', async () => {
    const made = await newClient({ allowedSources: ['10.0.0.0/8', '127.0.0.1'], ratePerMinute: 60 });
    expect(made.clientSecret).toMatch(/^isc_[A-Za-z0-9_-]{43}$/);
    expect(made.client).toMatchObject({
      scopes: ['goods:write', 'receiving:write'],
      allowedSources: ['10.0.0.0/8', '127.0.0.1'],
      ratePerMinute: 60,
    });
    expect(made.client.clientId).toMatch(/^ic_[0-9a-f]{16}$/);
    const listed = await t.callAs('admin', integration.listClients);
    const row = listed.data.find((c) => c.clientId === made.client.clientId);
    expect(row).toMatchObject({ name: made.client.name, disabled: false, createdBy: 'admin', lastUsedAt: '' });
    expect(JSON.stringify(listed.envelope)).not.toContain(made.clientSecret);
    const stored = await t.database.db
      .selectFrom('integration_client')
      .select(['secret_hash', 'tenant_id'])
      .where('id', '=', made.client.clientId)
      .executeTakeFirstOrThrow();
    expect(stored.tenant_id).toBe('demo');
    expect(stored.secret_hash.toString('hex')).not.toContain(Buffer.from(made.clientSecret).toString('hex'));
    expect(stored.secret_hash).toHaveLength(32);
  });

  it('refuses a second client of the same name and bad sources', async () => {
    const made = await newClient();
    expect((await t.callAs('admin', integration.createClient, { body: { name: made.client.name, scopes: [] } })).status).toBe(409);
    const bad = await t.callAs('admin', integration.createClient, { body: { name: 'x', scopes: [], allowedSources: ['10.0.0.0/33'] } });
    expect(bad.status).toBe(400);
    expect(bad.envelope.message).toMatch(/^body\.allowedSources\.0: /);
    expect(
      (await t.callAs('admin', integration.createClient, { body: { name: 'y', scopes: ['nope:write' as 'goods:write'] } })).status,
    ).toBe(400);
  });

  it('updates name, scopes, sources and rate', async () => {
    const made = await newClient();
    const res = await t.callAs('admin', integration.updateClient, {
      body: {
        clientId: made.client.clientId,
        name: `${made.client.name} renamed`,
        scopes: ['events:read'],
        allowedSources: [],
        ratePerMinute: 5,
      },
    });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ name: `${made.client.name} renamed`, scopes: ['events:read'], ratePerMinute: 5 });
    const missing = await t.callAs('admin', integration.disableClient, { body: { clientId: 'ic_0000000000000000' } });
    expect(missing.status).toBe(404);
  });

  it('is refused to staff without the module and to supplier accounts', async () => {
    for (const user of ['buyer01', '100001', '100001-01']) {
      expect((await t.callAs(user, integration.listClients)).status).toBe(403);
      expect((await t.callAs(user, integration.createClient, { body: { name: 'sneaky', scopes: [] } })).status).toBe(403);
    }
    expect((await t.callAs(null, integration.listClients)).status).toBe(401);
  });
});

describe('the token call', () => {
  it('issues a bearer token by HTTP Basic with a form body, and by the JSON or form body', async () => {
    const { client, clientSecret } = await newClient();
    const byBasic = await t.app.inject({
      method: 'POST',
      url: tokenUrl,
      headers: { authorization: basic(client.clientId, clientSecret), 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=client_credentials&scope=goods%3Awrite',
    });
    expect(byBasic.statusCode).toBe(200);
    expect(byBasic.headers['cache-control']).toBe('no-store');
    expect(byBasic.json()).toMatchObject({ token_type: 'Bearer', expires_in: 900, scope: 'goods:write', code: '1', msg: 'success' });
    expect(byBasic.json().access_token).toMatch(/^iat_/);
    credentials.push(byBasic.json().access_token);

    const byJson = await tokenOf(client.clientId, clientSecret);
    expect(byJson.json()).toMatchObject({ token_type: 'Bearer', scope: 'goods:write receiving:write' });
    const byForm = await t.app.inject({
      method: 'POST',
      url: tokenUrl,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: client.clientId,
        client_secret: clientSecret,
      }).toString(),
    });
    expect(byForm.statusCode).toBe(200);

    const pinged = await ping(byBasic.json().access_token);
    expect(pinged.statusCode).toBe(200);
    expect(pinged.json().data).toEqual({ tenantId: 'demo', clientId: client.clientId, clientName: client.name, scopes: ['goods:write'] });
    const listed = await t.callAs('admin', integration.listClients);
    expect(listed.data.find((c) => c.clientId === client.clientId)?.lastUsedAt).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    // Only the hash of the token is stored.
    const tokens = await t.database.db
      .selectFrom('integration_token')
      .select('token_hash')
      .where('client_id', '=', client.clientId)
      .execute();
    expect(tokens.map((r) => r.token_hash.length)).toEqual([32, 32, 32]);
  });

  it('answers RFC 6749 errors with the envelope fields beside them', async () => {
    const { client, clientSecret } = await newClient();
    const wrong = await tokenOf(client.clientId, `${clientSecret.slice(0, -2)}xx`);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['www-authenticate']).toMatch(/^Basic/);
    expect(wrong.json()).toMatchObject({ error: 'invalid_client', code: '401', success: false });
    expect(wrong.json().msg).toBe(wrong.json().error_description);
    expect((await tokenOf('ic_0000000000000000', clientSecret)).statusCode).toBe(401);
    expect((await tokenOf('not-a-client', clientSecret)).json().error).toBe('invalid_client');

    const grant = await t.app.inject({
      method: 'POST',
      url: tokenUrl,
      payload: { grant_type: 'password', client_id: client.clientId, client_secret: clientSecret },
    });
    expect(grant.statusCode).toBe(400);
    expect(grant.json()).toMatchObject({ error: 'unsupported_grant_type', code: '400' });
    const missing = await t.app.inject({ method: 'POST', url: tokenUrl, payload: { client_id: client.clientId } });
    expect(missing.json()).toMatchObject({ error: 'invalid_request', code: '400' });
    const twice = await t.app.inject({
      method: 'POST',
      url: tokenUrl,
      headers: { authorization: basic(client.clientId, clientSecret) },
      payload: { grant_type: 'client_credentials', client_id: client.clientId, client_secret: clientSecret },
    });
    expect(twice.json().error).toBe('invalid_request');
    const scope = await tokenOf(client.clientId, clientSecret, 'goods:write payments:write');
    expect(scope.statusCode).toBe(400);
    expect(scope.json()).toMatchObject({ error: 'invalid_scope' });
    const repeated = await t.app.inject({
      method: 'POST',
      url: tokenUrl,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=client_credentials&grant_type=client_credentials',
    });
    expect(repeated.json().error).toBe('invalid_request');
  });

  it('answers bad input with a 4xx, never a 500', async () => {
    const { client } = await newClient();
    const bodies: unknown[] = [
      { grant_type: 'client_credentials', client_id: `ic_\u0000`, client_secret: 'x' },
      { grant_type: 'client_credentials', client_id: client.clientId, client_secret: 'x'.repeat(100_000) },
      { constructor: { prototype: 1 }, grant_type: 'client_credentials' },
      { grant_type: ['client_credentials'] },
      '{"grant_type":',
    ];
    for (const payload of bodies) {
      const res = await t.app.inject({
        method: 'POST',
        url: tokenUrl,
        headers: { 'content-type': 'application/json' },
        payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
      });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json()).toMatchObject({ success: false });
    }
    const forms = ['constructor=1&__proto__=2&grant_type=client_credentials', `grant_type=${'x'.repeat(20_000)}`, 'grant_type=%00'];
    for (const payload of forms) {
      const res = await t.app.inject({
        method: 'POST',
        url: tokenUrl,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload,
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    const basicNul = await t.app.inject({
      method: 'POST',
      url: tokenUrl,
      headers: { authorization: basic('ic_\u0000', 'x') },
      payload: { grant_type: 'client_credentials' },
    });
    expect(basicNul.statusCode).toBe(401);
    const badBearer = await ping('\u0000'.repeat(3));
    expect(badBearer.statusCode).toBe(401);
  });
});

describe('the gate', () => {
  it('answers 401 without a token, with a wrong one, and with a session token', async () => {
    expect((await t.app.inject({ method: 'GET', url: pingUrl })).statusCode).toBe(401);
    const wrong = await ping('iat_wrong');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['www-authenticate']).toContain('invalid_token');
    expect(wrong.json()).toMatchObject({ code: '401', success: false, data: null });
    const session = await t.callAs('admin', integration.ping);
    expect(session.status).toBe(401);
  });

  it('answers 401 once the token has expired', async () => {
    const { client, clientSecret } = await newClient();
    const token = await bearer(client.clientId, clientSecret);
    expect((await ping(token)).statusCode).toBe(200);
    await t.database.db
      .updateTable('integration_token')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('client_id', '=', client.clientId)
      .execute();
    expect((await ping(token)).statusCode).toBe(401);
  });

  it('refuses a disabled client at once, its live token included, and takes it back when enabled', async () => {
    const { client, clientSecret } = await newClient();
    const token = await bearer(client.clientId, clientSecret);
    expect((await t.callAs('admin', integration.disableClient, { body: { clientId: client.clientId } })).data.disabled).toBe(true);
    expect((await ping(token)).statusCode).toBe(401);
    expect((await tokenOf(client.clientId, clientSecret)).statusCode).toBe(401);
    await t.callAs('admin', integration.enableClient, { body: { clientId: client.clientId } });
    expect((await ping(token)).statusCode).toBe(200);
  });

  it('keeps the previous secret within the grace period of a rotation, and not after it', async () => {
    const { client, clientSecret: first } = await newClient();
    const rotated = await t.callAs('admin', integration.rotateSecret, { body: { clientId: client.clientId, graceDays: 7 } });
    expect(rotated.status).toBe(200);
    const second = rotated.data.clientSecret;
    credentials.push(second);
    expect(second).not.toBe(first);
    expect(rotated.data.client.rotatedAt).not.toBe('');
    expect(rotated.data.client.previousValidUntil).not.toBe('');
    expect((await tokenOf(client.clientId, first)).statusCode).toBe(200);
    expect((await tokenOf(client.clientId, second)).statusCode).toBe(200);
    // The grace ends: the row says so, as seven days later would.
    await t.database.db
      .updateTable('integration_client')
      .set({ previous_valid_until: sql<Date>`now() - interval '1 second'` })
      .where('id', '=', client.clientId)
      .execute();
    expect((await tokenOf(client.clientId, first)).statusCode).toBe(401);
    expect((await tokenOf(client.clientId, second)).statusCode).toBe(200);
    const listed = await t.callAs('admin', integration.listClients);
    expect(listed.data.find((c) => c.clientId === client.clientId)?.previousValidUntil).toBe('');

    // No grace: the old secret stops at once.
    const again = await t.callAs('admin', integration.rotateSecret, { body: { clientId: client.clientId, graceDays: 0 } });
    expect((await tokenOf(client.clientId, second)).statusCode).toBe(401);
    expect((await tokenOf(client.clientId, again.data.clientSecret)).statusCode).toBe(200);
    expect((await t.callAs('admin', integration.rotateSecret, { body: { clientId: client.clientId, graceDays: 31 } })).status).toBe(400);
  });

  it('answers 403 for a scope the token lacks, also when the client loses it later', async () => {
    const { client, clientSecret } = await newClient({ scopes: ['goods:write'] });
    const token = await bearer(client.clientId, clientSecret);
    const { callerOf } = await import('./service');
    const ctx = { db: t.database.db, now: () => new Date() } as Parameters<typeof callerOf>[0];
    await expect(callerOf(ctx, token, '127.0.0.1', 'receiving:write')).rejects.toMatchObject({ status: 403 });
    await expect(callerOf(ctx, token, '127.0.0.1', 'goods:write')).resolves.toMatchObject({ scopes: ['goods:write'] });
    await t.callAs('admin', integration.updateClient, { body: { clientId: client.clientId, name: client.name, scopes: ['events:read'] } });
    await expect(callerOf(ctx, token, '127.0.0.1', 'goods:write')).rejects.toMatchObject({ status: 403 });
    expect((await ping(token)).json().data.scopes).toEqual([]);
  });

  it('answers 403 over HTTP for a call whose scope the token lacks (the events feed needs events:read)', async () => {
    const writer = await newClient({ scopes: ['goods:write'] });
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/integration/v1/events?limit=5',
      headers: { authorization: `Bearer ${await bearer(writer.client.clientId, writer.clientSecret)}` },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['www-authenticate']).toContain('insufficient_scope');
    expect(refused.json()).toMatchObject({ code: '403', success: false });
    const reader = await newClient({ scopes: ['events:read'] });
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/integration/v1/events?limit=5',
      headers: { authorization: `Bearer ${await bearer(reader.client.clientId, reader.clientSecret)}` },
    });
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toHaveProperty('events');
  });

  it('answers 403 from a source address outside the client’s list', async () => {
    const elsewhere = await newClient({ allowedSources: ['10.1.0.0/16', '2001:db8::/32'] });
    const token = await bearer(elsewhere.client.clientId, elsewhere.clientSecret);
    const refused = await ping(token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain('127.0.0.1');
    const here = await newClient({ allowedSources: ['127.0.0.0/8'] });
    expect((await ping(await bearer(here.client.clientId, here.clientSecret))).statusCode).toBe(200);
    const { sourceAllowed } = await import('./service');
    expect(sourceAllowed(['10.1.0.0/16'], '::ffff:10.1.2.3')).toBe(true);
    expect(sourceAllowed(['2001:db8::/32'], '2001:db8::1')).toBe(true);
    expect(sourceAllowed(['2001:db8::/32'], '2001:db9::1')).toBe(false);
    expect(sourceAllowed([], '192.0.2.1')).toBe(true);
  });

  it('answers 429 with Retry-After beyond the client’s rate, counted in the database', async () => {
    const { client, clientSecret } = await newClient({ ratePerMinute: 3 });
    const token = await bearer(client.clientId, clientSecret);
    // Not at the very end of a minute, where the window would turn over between calls.
    if (new Date().getSeconds() > 55) await new Promise((r) => setTimeout(r, 5_000));
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await ping(token)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await ping(token);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(refused.json()).toMatchObject({ code: '429', success: false });
    const counted = await t.database.db.selectFrom('integration_rate').select('count').where('client_id', '=', client.clientId).execute();
    expect(counted.map((r) => r.count)).toEqual([5]);
    // The next minute starts a new count.
    await t.database.db.deleteFrom('integration_rate').where('client_id', '=', client.clientId).execute();
    expect((await ping(token)).statusCode).toBe(200);
  });

  it('acts in the client’s tenant whatever the request says', async () => {
    await t.database.db.insertInto('tenant').values({ id: 'other', name: '别家', company_name: '别家超市' }).execute();
    const { client, clientSecret } = await newClient();
    const token = await bearer(client.clientId, clientSecret);
    const res = await t.app.inject({
      method: 'GET',
      url: `${pingUrl}?tenantid=other`,
      headers: { authorization: `Bearer ${token}`, tenantid: 'other' },
    });
    expect(res.json().data.tenantId).toBe('demo');
    // Another tenant's admin neither sees nor changes this client.
    await t.database.db.updateTable('integration_client').set({ tenant_id: 'other' }).where('id', '=', client.clientId).execute();
    expect((await t.callAs('admin', integration.listClients)).data.some((c) => c.clientId === client.clientId)).toBe(false);
    expect((await t.callAs('admin', integration.disableClient, { body: { clientId: client.clientId } })).status).toBe(404);
  });
});

describe('the OpenAPI document', () => {
  it('documents the token call and the bearer scheme with its scopes', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.components.securitySchemes.integration.flows.clientCredentials).toMatchObject({
      tokenUrl: tokenUrl,
      scopes: expect.objectContaining({ 'goods:write': 'Write goods', 'events:read': 'Read supplier events' }),
    });
    const token = doc.paths[tokenUrl.slice(4)]?.post ?? doc.paths[tokenUrl]?.post;
    expect(Object.keys(token.requestBody.content)).toEqual(
      expect.arrayContaining(['application/x-www-form-urlencoded', 'application/json']),
    );
    expect(token.description).toContain('curl');
    const pingDoc = doc.paths['/integration/v1/ping']?.get ?? doc.paths[pingUrl]?.get;
    expect(pingDoc.security).toEqual([{ integration: [] }]);
  });
});

describe('the log', () => {
  it('holds none of the secrets and tokens given out', () => {
    expect(logLines.length).toBeGreaterThan(20);
    expect(credentials.length).toBeGreaterThan(20);
    const log = logLines.join('');
    expect(credentials.filter((c) => log.includes(c))).toEqual([]);
  });
});
