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
});
