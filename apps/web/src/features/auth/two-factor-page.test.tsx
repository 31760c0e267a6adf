// @vitest-environment jsdom
// The two-factor page as a user meets it: from the user menu (off: link an authenticator by QR code or key, confirm
// with a code, keep the recovery codes shown once; on: turn it off with a code), and as the only page of a session
// that must enrol (a warning, sign-out instead of the way back, and on to the page asked for once enrolled).
import { mfa } from '@portal/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { useUserStore } from '../../stores/user';
import { fakeServer, installBrowserParts, renderPage, savedFiles, signIn } from '../../test/page';
import TwoFactorPage from './two-factor-page';

beforeAll(installBrowserParts);

const codes = Array.from({ length: 10 }, (_, i) => `abcde-fgh${String(i).padStart(2, '0')}`);
const off = { enabled: false, required: false, pending: false, recoveryCodesLeft: 0, stepUpWith: 'none' as const };

function server(initial = off) {
  let status = initial;
  return fakeServer([
    [mfa.status, () => status],
    [
      mfa.startEnrolment,
      {
        secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
        uri: 'otpauth://totp/x?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
        qrCode: 'data:image/png;base64,iVBORw0KGgo=',
        issuer: '供应商协同平台',
        account: 'admin@demo',
      },
    ],
    [
      mfa.confirmEnrolment,
      (sent: { body: unknown }) => {
        if ((sent.body as { code: string }).code !== '123456') throw new Error('动态码错误、已使用或已过期');
        status = { ...off, enabled: true, recoveryCodesLeft: 10, stepUpWith: 'code' as never };
        return { recoveryCodes: codes };
      },
    ],
    [mfa.disable, () => ((status = off), null)],
  ]);
}

const click = async (name: RegExp | string) => userEvent.click(await screen.findByRole('button', { name }));

describe('two-factor page', () => {
  it('links an authenticator: QR code and key, a wrong code refused, then the recovery codes shown once', async () => {
    signIn({ staff: true, employeeCode: 'admin', supplierCode: '' });
    const calls = server();
    const saved = savedFiles();
    renderPage(<TwoFactorPage />, { path: '/twoFactor' });
    expect(await screen.findByText('未开启')).toBeTruthy();
    await click('开始绑定');
    expect(((await screen.findByAltText('绑定身份验证器的二维码')) as HTMLImageElement).src).toMatch(/^data:image\/png/);
    expect(screen.getByTestId('totp-secret').textContent).toContain('JBSW Y3DP EHPK 3PXP');
    const input = screen.getByLabelText('动态码');
    expect(input.getAttribute('autocomplete')).toBe('one-time-code');
    expect(input.getAttribute('inputmode')).toBe('numeric');
    await userEvent.type(input, '000000');
    await click('确认绑定');
    expect(await screen.findByText('动态码错误、已使用或已过期')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('动态码'), '123456');
    await click('确认绑定');
    expect(await screen.findAllByTestId('recovery-code')).toHaveLength(10);
    expect(calls.to(mfa.confirmEnrolment).map((c) => c.body)).toEqual([{ code: '000000' }, { code: '123456' }]);
    await click(/下\s*载/);
    expect(saved).toEqual(['recovery-codes.txt']);
    await click('我已保存');
    expect(await screen.findByText('已开启')).toBeTruthy();
    expect(screen.queryByTestId('recovery-code')).toBeNull();
    expect(screen.getByText('剩余恢复码：10 个')).toBeTruthy();
  }, 90_000);

  it('turns off with a code when the policy allows', async () => {
    signIn({ staff: true, employeeCode: 'admin', supplierCode: '' });
    const calls = server({ ...off, enabled: true, recoveryCodesLeft: 9, stepUpWith: 'code' as never });
    renderPage(<TwoFactorPage />, { path: '/twoFactor' });
    await userEvent.type(await screen.findByLabelText('动态码'), '654321');
    await click('关闭双重验证');
    await waitFor(() => expect(calls.to(mfa.disable).map((c) => c.body)).toEqual([{ code: '654321' }]));
    expect(await screen.findByText('未开启')).toBeTruthy();
  }, 90_000);

  it('says why it cannot be turned off while the policy requires it', async () => {
    signIn({ staff: true, employeeCode: 'admin', supplierCode: '' });
    server({ ...off, enabled: true, required: true, recoveryCodesLeft: 9, stepUpWith: 'code' as never });
    renderPage(<TwoFactorPage />, { path: '/twoFactor' });
    expect(await screen.findByText('所在单位要求您的账号开启双重验证，不能关闭。')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '关闭双重验证' })).toBeNull();
  }, 90_000);

  it('is the only page of a session that must enrol, and goes on to the page asked for once enrolled', async () => {
    signIn({ staff: true, employeeCode: 'cashier01', supplierCode: '' });
    useUserStore.setState({ twoFactorPending: true, roles: ['sam-cashier'] });
    server({ ...off, required: true, pending: true });
    renderPage(<TwoFactorPage />, { path: '/twoFactor?redirect=%2Fsettlement', route: '/twoFactor' });
    expect(await screen.findByText(/所在单位要求您的账号开启双重验证。完成绑定后才能继续使用系统/)).toBeTruthy();
    expect(screen.getByRole('button', { name: '退出登录' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '返回系统' })).toBeNull();
    await click('开始绑定');
    await userEvent.type(await screen.findByLabelText('动态码'), '123456');
    await click('确认绑定');
    await click('我已保存');
    expect(await screen.findByText('elsewhere')).toBeTruthy();
    expect(useUserStore.getState().twoFactorPending).toBe(false);
  }, 90_000);
});
