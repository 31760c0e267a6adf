// The workflow module: who may run a transition, 409 naming the state, one history row per transition,
// and two concurrent transitions of one record (one wins, the other gets 409) on a real record.
import { employee } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
import type { ApiError } from '../errors';
import type { SessionContext } from '../session-context';
import { defineWorkflow } from './definition';
import { historyOf } from './history';
import { transition } from './transition';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const setUsed = (user: string, isUsed: '0' | '1') =>
  t.callAs(user, employee.changeIsUsed, { query: { employeeCode: '100001-01', isUsed } });
const historyAs = (user: string) => t.callAs(user, employee.getEmployeeHistory, { query: { employeeCode: '100001-01' } });

async function sessionOf(code: string): Promise<SessionContext> {
  const a = await t.database.db.selectFrom('account').selectAll().where('employee_code', '=', code).executeTakeFirstOrThrow();
  return {
    tokenHash: '',
    accountId: a.id,
    tenantId: a.tenant_id,
    kind: a.kind,
    employeeCode: a.employee_code,
    employeeName: a.employee_name,
    suppCode: a.supp_code,
    roleCode: a.role_code,
    parentCode: a.parent_code,
    profile: { companyName: '', suppName: '', phoneList: [], emailList: [], qrCode: '', logoIcon: '' },
  };
}

describe('a transition', () => {
  // A record kept in memory: the module's rules do not depend on where the row lives.
  const flow = defineWorkflow({
    record: 'test-doc',
    label: '测试单',
    labelEn: 'test document',
    module: 'ms0022',
    statusText: { draft: '草稿', done: '已完成' },
    statusTextEn: { draft: 'Draft', done: 'Done' },
    transitions: {
      print: {
        from: ['draft'],
        to: 'done',
        who: [
          { kind: 'child', button: 'print' },
          { kind: 'staff', role: 'buyer' },
        ],
        label: '打印',
        labelEn: 'print',
      },
      export: {
        from: ['draft'],
        to: 'done',
        who: [{ kind: 'child', button: 'export' }, { kind: 'main' }],
        label: '导出',
        labelEn: 'export',
      },
    },
  });
  const run = (actor: SessionContext, action: 'print' | 'export', id: string, status: 'draft' | 'done' = 'draft') =>
    t.database.db.transaction().execute((trx) =>
      transition(trx, flow, {
        action,
        actor,
        id,
        note: 'n',
        lock: async () => ({ status }),
        apply: async () => undefined,
      }),
    );
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (err: unknown) => err as ApiError,
    );

  it('lets a child with the button, staff of the role or the main account run it, and nobody else', async () => {
    const [child, main, buyer, admin] = await Promise.all(['100001-01', '100001', 'buyer01', 'admin'].map(sessionOf));
    await run(child!, 'print', 'a');
    await run(buyer!, 'print', 'b');
    await run(main!, 'export', 'c');
    expect(await failure(run(main!, 'print', 'd'))).toMatchObject({ status: 403, message: '无权打印测试单' });
    expect(await failure(run(admin!, 'print', 'd'))).toMatchObject({ status: 403 });
    expect(await failure(run(child!, 'export', 'd'))).toMatchObject({ status: 403, message: '无权导出测试单' });
    const history = await historyOf(t.database.db, flow, 'demo', 'a');
    expect(history).toEqual([
      expect.objectContaining({
        action: 'print',
        actionText: '打印',
        from: 'draft',
        fromText: '草稿',
        to: 'done',
        toText: '已完成',
        actorCode: '100001-01',
        note: 'n',
      }),
    ]);
    expect(await historyOf(t.database.db, flow, 'demo', 'd')).toEqual([]);
  });

  it("answers 409 naming the record's state when the action does not fit it, and records nothing", async () => {
    const child = await sessionOf('100001-01');
    expect(await failure(run(child, 'print', 'e', 'done'))).toMatchObject({
      status: 409,
      message: '测试单 e 当前状态为「已完成」，不能打印',
    });
    expect(await historyOf(t.database.db, flow, 'demo', 'e')).toEqual([]);
  });
});

describe('a child account on the workflow', () => {
  it('of two concurrent disables, one wins and the other gets 409; the history holds one row for it', async () => {
    const [a, b] = await Promise.all([setUsed('100001', '0'), setUsed('100001', '0')]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect((a.status === 409 ? a : b).envelope.message).toBe('子账号 100001-01 当前状态为「停用」，不能停用');
    const history = (await historyAs('100001')).data;
    expect(history.filter((h: { action: string }) => h.action === 'disable')).toEqual([
      expect.objectContaining({ from: '1', fromText: '启用', to: '0', toText: '停用', actionText: '停用', actorCode: '100001' }),
    ]);
  });

  it('shows the history to staff and to nobody of another supplier', async () => {
    expect((await setUsed('100001', '1')).status).toBe(200);
    const staff = (await historyAs('admin')).data;
    expect(staff.map((h: { action: string }) => h.action)).toEqual(['disable', 'enable']);
    expect((await historyAs('100002')).status).toBe(404);
  });
});
