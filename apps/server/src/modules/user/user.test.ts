// The user's own account: info, QR code, and the password change with its rules and effects.
import { auth, user } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, encryptPassword, login, type TestApp } from '../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('user info', () => {
  it("shows the caller's own account, with an empty parentCode for a main account", async () => {
    const { data } = await t.callAs('100001', user.getUserInfo, { query: { employeeCode: '100001' } });
    expect(data).toMatchObject({ employeeCode: '100001', employeeName: '张伟', movPhone: '13800138000', parentCode: '', matureDate: '' });
    expect(data.lastLoginTime).not.toBe('');
  });

  it('shows a child account to its main account, with its parent code', async () => {
    const { data } = await t.callAs('100001', user.getUserInfo, { query: { employeeCode: '100001-01' } });
    expect(data).toMatchObject({ employeeCode: '100001-01', parentCode: '100001' });
  });

  it("refuses another supplier's account", async () => {
    const res = await t.callAs('100001', user.getUserInfo, { query: { employeeCode: '100002' } });
    expect(res.status).toBe(403);
  });

  it('answers the QR code URL of the supplier', async () => {
    const { data } = await t.callAs('100001', user.getQrCode);
    expect(data).toContain('100001');
  });
});

describe('password change', () => {
  const change = async (caller: string, employeeCode: string, oldpassword: string, newpassword: string, password2 = newpassword) =>
    t.callAs(caller, user.updatePassword, {
      body: {
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
    const res = await change('100003', '100003', 'Demo1234', newpassword);
    expect(res.status).toBe(400);
    expect(res.envelope.message).toBe(message);
  });

  it('refuses a confirmation that differs', async () => {
    expect((await change('100003', '100003', 'Demo1234', 'Newpass1', 'Newpass2')).envelope.message).toBe('两次输入密码不一致!');
  });

  it('refuses a wrong old password', async () => {
    expect((await change('100003', '100003', 'Wrong1234', 'Newpass1')).envelope.message).toBe('原密码错误');
  });

  it("refuses to change another account's password", async () => {
    expect((await change('100001', '100001-01', 'Demo1234', 'Newpass1')).status).toBe(403);
  });

  it('changes it, answers 修改成功!, ends the sessions and clears the must-change flag', async () => {
    const res = await change('100004', '100004', 'Demo1234', 'Newpass1');
    expect(res.envelope).toMatchObject({ code: '1', message: '修改成功!', msg: '修改成功!' });
    // The session that made the change is ended too.
    expect((await t.callAs('100004', auth.getInfo, { query: {} })).status).toBe(401);
    expect((await login(t.app, '100004')).json().code).toBe('10001');
    const relogin = (await login(t.app, '100004', { password: 'Newpass1' })).json();
    expect(relogin.data).toMatchObject({ isEditPw: '0' });
  });
});
