// @vitest-environment jsdom
// The integration clients page as an admin uses it: the list shows scopes, sources and states; a new client
// is created from the drawer with its scopes and its secret shown once; a rotation sends the grace days chosen.
import { type IntegrationClient, integration } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeServer, installBrowserParts, renderPage, signIn } from '../../test/page';
import ClientsPage from './clients-page';

beforeAll(installBrowserParts);

const erp: IntegrationClient = {
  clientId: 'ic_0123456789abcdef',
  name: '总部 ERP',
  scopes: ['goods:write', 'receiving:write'],
  allowedSources: ['10.0.0.0/8'],
  ratePerMinute: 120,
  disabled: false,
  createdBy: 'admin',
  createdAt: '2026-11-20 10:00:00',
  lastUsedAt: '',
  rotatedAt: '2026-11-25 09:00:00',
  previousValidUntil: '2026-12-02 09:00:00',
};
const secret = 'isc_s3cr3t-value-shown-once_0123456789abcdefghijk';

const server = () =>
  fakeServer([
    [integration.listClients, [erp]],
    [
      integration.createClient,
      (sent: { body: unknown }) => ({
        client: { ...erp, ...(sent.body as object), clientId: 'ic_fedcba9876543210' },
        clientSecret: secret,
      }),
    ],
    [integration.rotateSecret, { client: erp, clientSecret: `${secret}-2` }],
  ]);

const button = (text: string) =>
  waitFor(() => {
    const found = [...document.querySelectorAll('button')].find((b) => b.textContent?.replace(/\s/g, '') === text.replace(/\s/g, ''));
    if (!found) throw new Error(`no button ${text}`);
    return found;
  });

describe('integration clients page', () => {
  it('lists each client with its scopes, sources, state and the end of its grace period', async () => {
    signIn({ staff: true, employeeCode: 'admin', supplierCode: '' });
    server();
    renderPage(<ClientsPage />);
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('总部 ERP', {}, { timeout: 15_000 })).toBeTruthy();
    expect(within(table).getByText('写入商品')).toBeTruthy();
    expect(within(table).getByText('10.0.0.0/8')).toBeTruthy();
    expect(within(table).getByText('启用')).toBeTruthy();
    expect(within(table).getByText('从未使用')).toBeTruthy();
    expect(within(table).getByText(/旧密钥有效至 2026-12-02/)).toBeTruthy();
  }, 90_000);

  it('creates a client with the chosen scopes and shows its secret once', async () => {
    signIn({ staff: true, employeeCode: 'admin', supplierCode: '' });
    const calls = server();
    renderPage(<ClientsPage />);
    const user = userEvent.setup({ delay: null });
    await user.click(await button('新建客户端'));
    const drawer = await screen.findByRole('dialog');
    await user.type(within(drawer).getByLabelText('名称'), '仓储 WMS');
    await user.click(within(drawer).getByRole('checkbox', { name: /写入验收单/ }));
    await user.click(within(drawer).getByRole('checkbox', { name: /读取供应商动态/ }));
    await user.click(await button('保存'));
    await waitFor(() => expect(calls.to(integration.createClient)).toHaveLength(1));
    expect(calls.to(integration.createClient)[0]?.body).toEqual({
      name: '仓储 WMS',
      scopes: ['receiving:write', 'events:read'],
      allowedSources: [],
      ratePerMinute: 120,
    });
    const shown = (await screen.findByLabelText('客户端密钥')) as HTMLInputElement;
    expect(shown.value).toBe(secret);
    expect(screen.getByText(/关闭此窗口后将无法再次查看/)).toBeTruthy();
    await user.click(await button('我已保存密钥'));
    await waitFor(() => expect(screen.queryByDisplayValue(secret)).toBeNull());
  }, 90_000);

  it('rotates a secret with the grace days chosen', async () => {
    signIn({ staff: true, employeeCode: 'admin', supplierCode: '' });
    const calls = server();
    renderPage(<ClientsPage />);
    const user = userEvent.setup({ delay: null });
    await screen.findByText('总部 ERP', {}, { timeout: 15_000 });
    await user.click(screen.getByRole('button', { name: '轮换密钥 总部 ERP' }));
    const days = await screen.findByLabelText('旧密钥宽限天数（0–30）');
    await user.clear(days);
    await user.type(days, '3');
    await user.click(await button('轮换'));
    await waitFor(() => expect(calls.to(integration.rotateSecret)).toHaveLength(1));
    expect(calls.to(integration.rotateSecret)[0]?.body).toEqual({ clientId: erp.clientId, graceDays: 3 });
    expect(((await screen.findByLabelText('客户端密钥')) as HTMLInputElement).value).toBe(`${secret}-2`);
  }, 90_000);
});
