// @vitest-environment jsdom
// The policy screen (ms0127): the tenant's stored policy (or the default, said so) with its staff roles to tick,
// saved as one body.
import { mfa } from '@portal/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeServer, installBrowserParts, renderPage, signIn } from '../../test/page';
import MfaPolicyPage from './mfa-policy-page';

beforeAll(installBrowserParts);

const roles = [
  { code: 'admin', name: '系统管理员' },
  { code: 'buyer', name: '采购员' },
  { code: 'sam-cashier', name: '出纳' },
];

describe('two-factor policy page', () => {
  it('shows the default policy as such and saves the roles and switches chosen', async () => {
    signIn({ staff: true, employeeCode: 'admin', supplierCode: '' });
    const calls = fakeServer([
      [
        mfa.getPolicy,
        { requiredRoles: ['admin', 'sam-cashier'], supplierMainRequired: false, stepUpPassword: true, isDefault: true, roles },
      ],
      [mfa.savePolicy, null],
    ]);
    renderPage(<MfaPolicyPage />);
    expect(await screen.findByText('当前使用默认策略')).toBeTruthy();
    const cashier = await screen.findByRole('checkbox', { name: '出纳 (sam-cashier)' });
    await waitFor(() => expect((cashier as HTMLInputElement).checked).toBe(true));
    expect((screen.getByRole('checkbox', { name: '采购员 (buyer)' }) as HTMLInputElement).checked).toBe(false);
    await userEvent.click(cashier);
    await userEvent.click(screen.getByRole('checkbox', { name: '采购员 (buyer)' }));
    await userEvent.click(screen.getByRole('switch', { name: '供应商主账号必须开启' }));
    await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() =>
      expect(calls.to(mfa.savePolicy).map((c) => c.body)).toEqual([
        { requiredRoles: ['admin', 'buyer'], supplierMainRequired: true, stepUpPassword: true },
      ]),
    );
  }, 90_000);
});
