// Health reports a database that cannot be reached with HTTP 503.
import { expect, it } from 'vitest';
import { createTestApp } from './test/helpers';

it('answers 503 and a non-1 code when the database is down', async () => {
  const t = await createTestApp();
  await t.database.close();
  const res = await t.app.inject({ method: 'GET', url: '/api/health' });
  expect(res.statusCode).toBe(503);
  expect(res.json()).toMatchObject({ code: '503', success: false });
  await t.app.close();
}, 120_000); // its database may be the run's first: the template is migrated and seeded inside the test

it('answers 503 as soon as shutdown starts, while other calls are still served', async () => {
  const t = await createTestApp();
  t.app.inFlight.draining = true;
  const res = await t.app.inject({ method: 'GET', url: '/api/health' });
  expect(res.statusCode).toBe(503);
  expect(res.json()).toMatchObject({ code: '503', success: false, data: null, message: '服务暂不可用' });
  expect((await t.app.inject({ method: 'GET', url: '/api/user/publicKey' })).statusCode).toBe(200);
  t.app.inFlight.draining = false;
  await t.close();
});
