// One session query for a burst of calls with one token, and never an answer older than that query.
import type { KyselyPlugin, RootOperationNode } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../platform/context';
import { createTestApp, type TestApp, tokenFor } from '../../test/helpers';
import { authenticate } from './service';

let t: TestApp;
let ctx: AppContext;
let sessionQueries = 0;
const readsSession = (node: RootOperationNode) => node.kind === 'SelectQueryNode' && JSON.stringify(node.from).includes('"session"');
const counter: KyselyPlugin = {
  transformQuery: ({ node }) => {
    if (readsSession(node)) sessionQueries++;
    return node;
  },
  transformResult: async ({ result }) => result,
};

beforeAll(async () => {
  t = await createTestApp();
  ctx = {
    config: t.config,
    db: t.database.db.withPlugin(counter),
    copyCsv: t.database.copyCsv,
    readDb: t.database.readDb,
    reportPool: t.database.reportPool,
    transportKey: { publicPem: '', decrypt: () => null },
    identKey: 'k',
    csrfKey: 'c',
    now: () => new Date(),
  };
});
afterAll(() => t.close());

describe('session lookups', () => {
  it('shares one query among concurrent calls with the same token and access', async () => {
    const token = await tokenFor(t.app, '100001');
    sessionQueries = 0;
    const sessions = await Promise.all(Array.from({ length: 5 }, () => authenticate(ctx, token, { module: 'ms0022' })));
    expect(sessionQueries).toBe(1);
    expect(new Set(sessions.map((s) => s.employeeCode))).toEqual(new Set(['100001']));
  });

  it('asks again for another access, and for every call that comes after an answer', async () => {
    const token = await tokenFor(t.app, '100001');
    sessionQueries = 0;
    await Promise.all([authenticate(ctx, token, { module: 'ms0022' }), authenticate(ctx, token, { module: 'ms0021' })]);
    expect(sessionQueries).toBe(2);
    await authenticate(ctx, token, { module: 'ms0022' });
    await authenticate(ctx, token, { module: 'ms0022' });
    expect(sessionQueries).toBe(4);
  });

  it('refuses a token at the first call after logout', async () => {
    const token = await tokenFor(t.app, '100002');
    await authenticate(ctx, token);
    const out = await t.app.inject({ method: 'POST', url: '/api/user/logout', headers: { token } });
    expect(out.statusCode).toBe(200);
    await expect(authenticate(ctx, token)).rejects.toMatchObject({ status: 401 });
  });
});
