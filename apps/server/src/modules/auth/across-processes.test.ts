// Two server processes on one database: a logout or a changed grant made through one is seen by the other on the
// very next call (nothing about a session or its grants is kept in a process).
import { acceptance, auth, employee, ModuleCode } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, secondApp, type TestApp, tokenFor } from '../../test/helpers';

let a: TestApp;
let b: Awaited<ReturnType<typeof secondApp>>;

beforeAll(async () => {
  a = await createTestApp();
  b = await secondApp(a);
});
afterAll(async () => {
  await b.close();
  await a.close();
});

const totals = { startDate: '2025-01-01', endDate: '2025-12-31' };

describe('sessions across server processes', () => {
  it('ends a session logged out on one process on the next call to the other', async () => {
    const token = await tokenFor(a.app, '100001');
    expect((await b.callAs({ token }, auth.getInfo, { query: {} })).data.employeeCode).toBe('100001');
    expect((await a.callAs({ token }, auth.logout, {})).status).toBe(200);
    expect((await b.callAs({ token }, auth.getInfo, { query: {} })).status).toBe(401);
  });

  it("applies a child's changed grants on the next call to the other process", async () => {
    const grant = (moduleCodes: string[]) =>
      a.callAs('100001', employee.updateSupChildRole, { body: { employeeCode: '100001-01', moduleCodes, buttons: [] } });
    expect((await grant([ModuleCode.acceptance])).status).toBe(200);
    const child = await tokenFor(a.app, '100001-01');
    expect((await b.callAs({ token: child }, acceptance.getAccCountSumByCondition, { body: totals })).status).toBe(200);
    expect((await grant([])).status).toBe(200);
    expect((await b.callAs({ token: child }, acceptance.getAccCountSumByCondition, { body: totals })).status).toBe(403);
    expect((await grant([ModuleCode.acceptance])).status).toBe(200);
    expect((await b.callAs({ token: child }, acceptance.getAccCountSumByCondition, { body: totals })).status).toBe(200);
  });

  it("shows a disabled account's end on the next call to the other process", async () => {
    const child = await tokenFor(a.app, '100001-01');
    expect((await b.callAs({ token: child }, auth.getInfo, { query: {} })).status).toBe(200);
    await a.callAs('100001', employee.changeIsUsed, { query: { employeeCode: '100001-01', isUsed: '0' } });
    expect((await b.callAs({ token: child }, auth.getInfo, { query: {} })).status).toBe(401);
  });
});
