// @vitest-environment jsdom
// 通知渠道 as a staff admin uses it: webhooks and team robots on their tabs with their state and deliveries; a new
// webhook's secret shown once; a test message's outcome; the delivery log with its tries and a replay.
import { notifyDelivery } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeServer, installBrowserParts, renderPage, signIn } from '../../test/page';
import ChannelsPage from './channels-page';

beforeAll(installBrowserParts);

const base = {
  topics: [] as string[],
  ownerRole: '',
  ownerRoleName: '',
  enabled: true,
  signed: true,
  createdBy: 'admin',
  createdAt: '2026-11-20 10:00:00',
  updatedAt: '2026-11-20 10:00:00',
  waiting: 0,
  dead: 0,
  lastAttemptAt: '',
  lastOk: null,
};
const erp: notifyDelivery.Endpoint = {
  ...base,
  id: '1',
  kind: 'webhook',
  name: '总部 ERP',
  url: 'https://erp.example.com/hooks/portal',
  topics: ['settlement.bill.submitted'],
  waiting: 2,
  dead: 1,
  lastAttemptAt: '2026-11-26 09:00:00',
  lastOk: false,
};
const clerks: notifyDelivery.Endpoint = {
  ...base,
  id: '2',
  kind: 'dingtalk',
  name: '结算组钉钉群',
  url: 'https://oapi.dingtalk.com/robot/send?access_token=abc',
  ownerRole: 'sam-clerk',
  ownerRoleName: '结算审核员',
};
const secret = 'whsec_shown-once_0123456789abcdefghijklmnopqrstuvwxyz0';
const delivery: notifyDelivery.DeliveryRow = {
  id: '77',
  eventId: '812-55',
  topic: 'settlement.bill.submitted',
  subject: 'JS202506-0008',
  suppCode: '100001',
  state: 'dead',
  attempts: 10,
  createdAt: '2026-11-26 08:00:00',
  nextAt: '',
  sentAt: '',
  lastError: 'HTTP 502',
  lastAt: '2026-11-26 09:00:00',
  lastStatus: 502,
  lastDurationMs: 31,
  lastExcerpt: 'Bad gateway',
};

const server = () =>
  fakeServer([
    [notifyDelivery.listEndpoints, { endpoints: [erp, clerks], roles: [{ code: 'sam-clerk', name: '结算审核员' }] }],
    [notifyDelivery.createEndpoint, (sent: { body: unknown }) => ({ endpoint: { ...erp, ...(sent.body as object), id: '3' }, secret })],
    [notifyDelivery.testEndpoint, { ok: true, status: 200, durationMs: 42, excerpt: '{"ok":true}', error: '' }],
    [notifyDelivery.endpointDeliveries, { total: 1, list: [delivery] }],
    [
      notifyDelivery.endpointAttempts,
      [{ at: '2026-11-26 09:00:00', status: 502, ok: false, durationMs: 31, excerpt: 'Bad gateway', error: 'HTTP 502' }],
    ],
    [notifyDelivery.replayEndpointDelivery, { ...delivery, state: 'pending', attempts: 0 }],
  ]);

const button = (text: string) =>
  waitFor(() => {
    const found = [...document.querySelectorAll('button')].find((b) => b.textContent?.replace(/\s/g, '') === text.replace(/\s/g, ''));
    if (!found) throw new Error(`no button ${text}`);
    return found;
  });

describe('notification channels page', () => {
  it('lists webhooks and team robots on their tabs, with their events, state and deliveries', async () => {
    signIn({ staff: true, employeeCode: 'admin', supplierCode: '' });
    server();
    const user = userEvent.setup({ delay: null });
    renderPage(<ChannelsPage />);
    const webhooks = await screen.findByRole('table', { name: '通知渠道列表 · Webhook' });
    expect(await within(webhooks).findByText('总部 ERP', {}, { timeout: 15_000 })).toBeTruthy();
    expect(within(webhooks).getByText('结算单已提交')).toBeTruthy();
    expect(within(webhooks).getByText('最近失败 2026-11-26 09:00:00')).toBeTruthy();
    expect(within(webhooks).getByText('待发送 2')).toBeTruthy();
    expect(within(webhooks).getByText('已放弃 1')).toBeTruthy();
    expect(within(webhooks).queryByText('结算组钉钉群')).toBeNull();

    await user.click(screen.getByRole('tab', { name: '团队群机器人' }));
    const robots = await screen.findByRole('table', { name: '通知渠道列表 · 团队群机器人' });
    expect(within(robots).getByText('结算组钉钉群')).toBeTruthy();
    expect(within(robots).getByText('结算审核员')).toBeTruthy();
    expect(within(robots).getByText('钉钉')).toBeTruthy();
    expect(within(robots).getByText('尚未推送')).toBeTruthy();
    // Robots have no server-made secret to change.
    expect(within(robots).queryByRole('button', { name: /更换密钥/ })).toBeNull();
  }, 90_000);

  it('adds a webhook and shows its secret once, with how to verify it', async () => {
    signIn({ staff: true, employeeCode: 'admin', supplierCode: '' });
    const calls = server();
    const user = userEvent.setup({ delay: null });
    renderPage(<ChannelsPage />);
    await screen.findByText('总部 ERP', {}, { timeout: 15_000 });
    await user.click(await button('新增 Webhook'));
    const drawer = await screen.findByRole('dialog');
    await user.click(await button('保存'));
    expect(await within(drawer).findByText('请填写名称', {}, { timeout: 15_000 })).toBeTruthy();
    await user.type(within(drawer).getByLabelText('名称'), '仓储 WMS');
    await user.type(within(drawer).getByLabelText('地址'), 'ftp://wms.example.com');
    await user.click(await button('保存'));
    expect(await within(drawer).findByText('地址须以 http:// 或 https:// 开头')).toBeTruthy();
    await user.clear(within(drawer).getByLabelText('地址'));
    await user.type(within(drawer).getByLabelText('地址'), 'https://wms.example.com/portal-events');
    await user.click(await button('保存'));
    await waitFor(() => expect(calls.to(notifyDelivery.createEndpoint)).toHaveLength(1));
    expect(calls.to(notifyDelivery.createEndpoint)[0]?.body).toEqual({
      kind: 'webhook',
      name: '仓储 WMS',
      url: 'https://wms.example.com/portal-events',
      topics: [],
    });
    const shown = (await screen.findByLabelText('签名密钥')) as HTMLInputElement;
    expect(shown.value).toBe(secret);
    expect(screen.getByText(/X-Portal-Signature/)).toBeTruthy();
    await user.click(await button('我已保存密钥'));
    await waitFor(() => expect(screen.queryByDisplayValue(secret)).toBeNull());
  }, 90_000);

  it('sends a test message and says what came of it', async () => {
    signIn({ staff: true, employeeCode: 'admin', supplierCode: '' });
    const calls = server();
    const user = userEvent.setup({ delay: null });
    renderPage(<ChannelsPage />);
    await screen.findByText('总部 ERP', {}, { timeout: 15_000 });
    await user.click(screen.getByRole('button', { name: '测试 总部 ERP' }));
    await waitFor(() => expect(calls.to(notifyDelivery.testEndpoint)).toHaveLength(1));
    expect(calls.to(notifyDelivery.testEndpoint)[0]?.body).toEqual({ id: '1' });
    expect(await screen.findByText('测试消息已送达（HTTP 200，42 毫秒）')).toBeTruthy();
  }, 90_000);

  it('opens the delivery log with the last answer, the tries and a replay', async () => {
    signIn({ staff: true, employeeCode: 'admin', supplierCode: '' });
    const calls = server();
    const user = userEvent.setup({ delay: null });
    renderPage(<ChannelsPage />);
    await screen.findByText('总部 ERP', {}, { timeout: 15_000 });
    await user.click(screen.getByRole('button', { name: '推送记录 总部 ERP' }));
    const log = await screen.findByRole('table', { name: '推送记录列表' });
    await within(log).findByText('JS202506-0008');
    expect(calls.to(notifyDelivery.endpointDeliveries)[0]?.body).toEqual({ endpointId: '1', page: 1, limit: 20 });
    expect(within(log).getByText('已放弃')).toBeTruthy();
    expect(within(log).getAllByText('HTTP 502')).toHaveLength(2);
    expect(within(log).getByText('31 毫秒')).toBeTruthy();
    expect(within(log).getByText('Bad gateway')).toBeTruthy();

    await user.click(within(log).getByRole('button', { name: /展开行|Expand row/ }));
    const tries = await screen.findByRole('table', { name: '每次推送' });
    expect(await within(tries).findByText('Bad gateway')).toBeTruthy();
    expect(calls.to(notifyDelivery.endpointAttempts)[0]?.query).toEqual({ id: '77' });

    await user.click(within(log).getByRole('button', { name: '重发 JS202506-0008' }));
    await waitFor(() => expect(calls.to(notifyDelivery.replayEndpointDelivery)).toHaveLength(1));
    expect(calls.to(notifyDelivery.replayEndpointDelivery)[0]?.body).toEqual({ id: '77' });
    expect(await screen.findByText('已重新排队，将很快推送')).toBeTruthy();
  }, 90_000);
});
