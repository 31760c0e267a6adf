// The gate: module permissions are enforced on the server for every call that names a module.
import { defineCall } from '@portal/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { authenticate } from '../modules/auth/service';
import { createTestApp, type TestApp, tokenFor } from '../test/helpers';
import { registerAuthHook } from './auth-hook';
import { registerErrorHandling } from './errors';
import { InFlight } from './in-flight';
import { registerCall } from './route';

const accountsCall = defineCall({
  area: 'user',
  method: 'GET',
  path: '/probe/accounts',
  summary: 'probe',
  module: 'ms0050',
  data: z.string(),
});
const reportCall = defineCall({
  area: 'acceptance',
  method: 'GET',
  path: '/probe/report',
  summary: 'probe',
  module: 'ms0021',
  data: z.string(),
});

let t: TestApp;
let probe: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp();
  const ctx = {
    config: t.config,
    db: t.database.db,
    copyCsv: t.database.copyCsv,
    readDb: t.database.readDb,
    reportPool: t.database.reportPool,
    transportKey: { publicPem: '', decrypt: () => null },
    identKey: 'k',
    csrfKey: 'c',
    now: () => new Date(),
  };
  probe = Fastify();
  probe.setValidatorCompiler(validatorCompiler);
  probe.setSerializerCompiler(serializerCompiler);
  probe.decorate('inFlight', new InFlight());
  registerErrorHandling(probe);
  await probe.register(
    async (api) => {
      registerAuthHook(api, { authenticate: (token, access) => authenticate(ctx, token, access), csrfKey: ctx.csrfKey });
      registerCall(api, accountsCall, async ({ session }) => session.employeeCode);
      registerCall(api, reportCall, async ({ session }) => session.employeeCode);
    },
    { prefix: '/api' },
  );
  await probe.ready();
});
afterAll(async () => {
  await probe.close();
  await t.close();
});

describe('module permissions on the server', () => {
  it('lets a main account call a module it holds', async () => {
    const token = await tokenFor(t.app, '100001');
    const res = await probe.inject({ method: 'GET', url: '/api/probe/accounts', headers: { token } });
    expect(res.json()).toMatchObject({ code: '1', data: '100001' });
  });

  it('answers 403 to a child account calling a module it was not granted', async () => {
    const token = await tokenFor(t.app, '100001-01');
    const denied = await probe.inject({ method: 'GET', url: '/api/probe/accounts', headers: { token } });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ code: '403', success: false });
    const allowed = await probe.inject({ method: 'GET', url: '/api/probe/report', headers: { token } });
    expect(allowed.statusCode).toBe(200);
  });

  it('follows a new grant on the very next call, without a new login', async () => {
    const token = await tokenFor(t.app, '100001-01');
    const child = await t.database.db.selectFrom('account').select('id').where('employee_code', '=', '100001-01').executeTakeFirstOrThrow();
    await t.database.db.insertInto('account_module').values({ account_id: child.id, module_code: 'ms0050' }).execute();
    expect((await probe.inject({ method: 'GET', url: '/api/probe/accounts', headers: { token } })).statusCode).toBe(200);
    await t.database.db.deleteFrom('account_module').where('account_id', '=', child.id).where('module_code', '=', 'ms0050').execute();
    expect((await probe.inject({ method: 'GET', url: '/api/probe/accounts', headers: { token } })).statusCode).toBe(403);
  });

  it('answers 403 to staff whose role lacks the module', async () => {
    const token = await tokenFor(t.app, 'buyer01', { staff: true });
    expect((await probe.inject({ method: 'GET', url: '/api/probe/accounts', headers: { token } })).statusCode).toBe(403);
  });

  it('answers 401 before anything else without a token', async () => {
    expect((await probe.inject({ method: 'GET', url: '/api/probe/accounts' })).statusCode).toBe(401);
  });
});
