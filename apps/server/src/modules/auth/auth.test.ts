// Sign-in as spec sections 4 and 5 describe: credentials, password and expiry states, identities, sessions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, encryptPassword, login, type TestApp, tokenFor } from '../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const dayMs = 86_400_000;

describe('supplier login', () => {
  it('signs 100001 in with the fields the client reads', async () => {
    const res = await login(t.app, '  100001  ');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ code: '1', success: true });
    expect(body.data).toMatchObject({
      employeeCode: '100001',
      employeeName: '张伟',
      supplierCode: '100001',
      supplierName: '上海禾丰食品有限公司',
      companyName: '华联优选超市(上海)有限公司',
      accountExpireWarn: '-1',
      matureDate: '',
      isEditPw: '0',
      staff: false,
    });
    expect(body.data.token).toMatch(/^[\w-]{40,}$/);
    expect(body.data.pwPeriod).toBeGreaterThan(3);
  });

  it('refuses a wrong password with a non-1 code and a Chinese message', async () => {
    const res = await login(t.app, '100001', { password: 'Wrong1234' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: '10001', success: false, message: '用户名或密码错误' });
  });

  it('refuses an unknown user the same way as a wrong password', async () => {
    const res = await login(t.app, 'nobody');
    expect(res.json()).toMatchObject({ code: '10001', message: '用户名或密码错误' });
  });

  it('refuses a password that was not encrypted with the server key', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/login?tenantid=demo',
      payload: { username: '100001', password: 'Demo1234' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^body\.password: /);
  });

  it('refuses an unknown tenant', async () => {
    const password = await encryptPassword(t.app, 'Demo1234');
    const res = await t.app.inject({ method: 'POST', url: '/api/user/login?tenantid=other', payload: { username: '100001', password } });
    expect(res.json().code).toBe('10001');
  });

  it('does not let a staff account in through the supplier login, nor the reverse', async () => {
    expect((await login(t.app, 'admin')).json().code).toBe('10001');
    expect((await login(t.app, '100001', { staff: true })).json().code).toBe('10001');
  });
});

describe('password and account states', () => {
  it('warns 100003 that the password expires in 2 days', async () => {
    const { data } = (await login(t.app, '100003')).json();
    expect(data).toMatchObject({ isEditPw: '0', pwPeriod: 2 });
  });

  it('makes 100004 change the password', async () => {
    const { data } = (await login(t.app, '100004')).json();
    expect(data.isEditPw).toBe('1');
  });

  it('warns 100005 that the account expires in 10 days', async () => {
    const { data } = (await login(t.app, '100005')).json();
    expect(data.accountExpireWarn).toBe('10');
    expect(data.matureDate).toBe(new Date(Date.now() + 10 * dayMs).toISOString().slice(0, 10));
  });
});

describe('several accounts behind one user name', () => {
  it('answers the list of identities, then signs in as the chosen one', async () => {
    const first = (await login(t.app, '13800138000')).json();
    expect(first.code).toBe('1');
    expect(Array.isArray(first.data)).toBe(true);
    expect(first.data.map((i: { supplierCode: string }) => i.supplierCode).sort()).toEqual(['100001', '100002']);
    const chosen = first.data.find((i: { supplierCode: string }) => i.supplierCode === '100002');
    const second = (await login(t.app, '13800138000', { identityId: chosen.identityId })).json();
    expect(second.data).toMatchObject({ supplierCode: '100002', employeeCode: '100002' });
  });
});

describe('staff login and sessions', () => {
  it('signs admin in and getInfo answers its roles', async () => {
    const token = await tokenFor(t.app, 'admin', { staff: true });
    const res = await t.app.inject({ method: 'GET', url: `/api/user/getInfo?token=${token}` });
    expect(res.json()).toMatchObject({ code: '1', data: { roles: ['admin'], staff: true, employeeCode: 'admin', supplierCode: '' } });
  });

  it('getInfo of a supplier carries the supplier info for the help center', async () => {
    const token = await tokenFor(t.app, '100001');
    const { data } = (await t.app.inject({ method: 'GET', url: '/api/user/getInfo', headers: { token } })).json();
    expect(data.roles).toEqual(['supplier']);
    expect(data.supInfo.phoneList.length).toBeGreaterThan(0);
    expect(data.supInfo.emailList.length).toBeGreaterThan(0);
  });

  it('gives a child account its own role', async () => {
    const token = await tokenFor(t.app, '100001-01');
    const { data } = (await t.app.inject({ method: 'GET', url: '/api/user/getInfo', headers: { token } })).json();
    expect(data).toMatchObject({ roles: ['supplier-child'], supplierCode: '100001' });
  });

  it('revokes the token on logout', async () => {
    const token = await tokenFor(t.app, '100002');
    expect((await t.app.inject({ method: 'POST', url: '/api/user/logout', headers: { token } })).json().code).toBe('1');
    const after = await t.app.inject({ method: 'GET', url: '/api/user/getInfo', headers: { token } });
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe('token失效，请重新登录。');
  });

  it('ends a session idle for longer than the idle limit', async () => {
    const token = await tokenFor(t.app, '100001');
    t.shiftClock((t.config.sessionIdleMinutes + 1) * 60_000);
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/user/getInfo', headers: { token } });
      expect(res.statusCode).toBe(401);
    } finally {
      t.shiftClock(-(t.config.sessionIdleMinutes + 1) * 60_000);
    }
  });

  it('stores tokens only as hashes', async () => {
    const token = await tokenFor(t.app, '100001');
    const rows = await t.database.db.selectFrom('session').select('token_hash').execute();
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });

  it('journals successful and failed logins', async () => {
    await login(t.app, 'buyer01', { staff: true, password: 'nope' });
    const events = await t.database.db
      .selectFrom('login_event')
      .select(['username', 'outcome'])
      .where('username', '=', 'buyer01')
      .execute();
    expect(events).toContainEqual({ username: 'buyer01', outcome: 'bad-credentials' });
  });
});

describe('disabled and expired accounts', () => {
  it('refuses a disabled account with a clear message', async () => {
    await t.database.db.updateTable('account').set({ is_used: false }).where('employee_code', '=', '100004').execute();
    const res = (await login(t.app, '100004')).json();
    expect(res).toMatchObject({ code: '10001', message: '账号已停用，请联系管理员' });
  });

  it('refuses an account past its expiry date', async () => {
    await t.database.db.updateTable('account').set({ mature_date: '2020-01-01' }).where('employee_code', '=', '100003').execute();
    const res = (await login(t.app, '100003')).json();
    expect(res.code).toBe('10001');
    expect(res.message).toContain('2020-01-01');
  });
});
