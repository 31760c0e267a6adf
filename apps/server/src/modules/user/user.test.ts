// The user's own account: info, QR code, and the password change with its rules and effects.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, encryptPassword, login, type TestApp, tokenFor } from '../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('user info', () => {
  it("shows the caller's own account, with an empty parentCode for a main account", async () => {
    const token = await tokenFor(t.app, '100001');
    const { data } = (await t.app.inject({ method: 'GET', url: '/api/user/getUserInfo?employeeCode=100001', headers: { token } })).json();
    expect(data).toMatchObject({ employeeCode: '100001', employeeName: '张伟', movPhone: '13800138000', parentCode: '', matureDate: '' });
    expect(data.lastLoginTime).not.toBe('');
  });

  it('shows a child account to its main account, with its parent code', async () => {
    const token = await tokenFor(t.app, '100001');
    const { data } = (
      await t.app.inject({ method: 'GET', url: '/api/user/getUserInfo?employeeCode=100001-01', headers: { token } })
    ).json();
    expect(data).toMatchObject({ employeeCode: '100001-01', parentCode: '100001' });
  });

  it("refuses another supplier's account", async () => {
    const token = await tokenFor(t.app, '100001');
    const res = await t.app.inject({ method: 'GET', url: '/api/user/getUserInfo?employeeCode=100002', headers: { token } });
    expect(res.statusCode).toBe(403);
  });

  it('answers the QR code URL of the supplier', async () => {
    const token = await tokenFor(t.app, '100001');
    const { data } = (await t.app.inject({ method: 'GET', url: '/api/user/getQrCode', headers: { token } })).json();
    expect(data).toContain('100001');
  });
});

describe('password change', () => {
  const change = async (token: string, employeeCode: string, oldpassword: string, newpassword: string, password2 = newpassword) =>
    t.app.inject({
      method: 'POST',
      url: '/api/user/updatePassword',
      headers: { token },
      payload: {
        employeeCode,
        oldpassword: await encryptPassword(t.app, oldpassword),
        newpassword: await encryptPassword(t.app, newpassword),
        password2: await encryptPassword(t.app, password2),
      },
    });

  it.each([
    ['abc123', '6-20个字符,必须包含大小写字母和数字'],
    ['Abcdefghijklmnopqrstu1', '6-20个字符,必须包含大小写字母和数字'],
  ])('refuses the new password %s with the policy message', async (newpassword, message) => {
    const token = await tokenFor(t.app, '100003');
    const res = await change(token, '100003', 'Demo1234', newpassword);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('refuses a confirmation that differs', async () => {
    const token = await tokenFor(t.app, '100003');
    expect((await change(token, '100003', 'Demo1234', 'Newpass1', 'Newpass2')).json().message).toBe('两次输入密码不一致!');
  });

  it('refuses a wrong old password', async () => {
    const token = await tokenFor(t.app, '100003');
    expect((await change(token, '100003', 'Wrong1234', 'Newpass1')).json().message).toBe('原密码错误');
  });

  it("refuses to change another account's password", async () => {
    const token = await tokenFor(t.app, '100001');
    expect((await change(token, '100001-01', 'Demo1234', 'Newpass1')).statusCode).toBe(403);
  });

  it('changes it, answers 修改成功!, ends the sessions and clears the must-change flag', async () => {
    const token = await tokenFor(t.app, '100004');
    const res = await change(token, '100004', 'Demo1234', 'Newpass1');
    expect(res.json()).toMatchObject({ code: '1', message: '修改成功!', msg: '修改成功!' });
    expect((await t.app.inject({ method: 'GET', url: '/api/user/getInfo', headers: { token } })).statusCode).toBe(401);
    expect((await login(t.app, '100004')).json().code).toBe('10001');
    const relogin = (await login(t.app, '100004', { password: 'Newpass1' })).json();
    expect(relogin.data).toMatchObject({ isEditPw: '0' });
  });
});
