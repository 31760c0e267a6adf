// @vitest-environment jsdom
// 群机器人 as a supplier's main account uses it: its robots listed; a 钉钉 robot added with its 加签 secret; a failed
// test message says why.
import { notifyDelivery } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeServer, installBrowserParts, renderPage, signIn } from '../../test/page';
import RobotsPage from './robots-page';

beforeAll(installBrowserParts);

const robot: notifyDelivery.Endpoint = {
  id: '5',
  kind: 'wecom',
  name: '禾丰对账群',
  url: 'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=bad',
  topics: ['settlement.bill.voided', 'settlement.charge.disputed', 'purchase-order.order.reopened'],
  ownerRole: '',
  ownerRoleName: '',
  enabled: true,
  signed: false,
  createdBy: '100001',
  createdAt: '2026-11-20 10:00:00',
  updatedAt: '2026-11-20 10:00:00',
  waiting: 0,
  dead: 0,
  lastAttemptAt: '2026-11-26 09:00:00',
  lastOk: true,
};

const button = (text: string) =>
  waitFor(() => {
    const found = [...document.querySelectorAll('button')].find((b) => b.textContent?.replace(/\s/g, '') === text.replace(/\s/g, ''));
    if (!found) throw new Error(`no button ${text}`);
    return found;
  });

describe('group robots page', () => {
  it('lists the robots, adds a 钉钉 robot with its secret, and says why a test failed', async () => {
    signIn();
    const calls = fakeServer([
      [notifyDelivery.listRobots, { endpoints: [robot], roles: [] }],
      [
        notifyDelivery.createRobot,
        (sent: { body: unknown }) => ({ endpoint: { ...robot, ...(sent.body as object), id: '6' }, secret: '' }),
      ],
      [notifyDelivery.testRobot, { ok: false, status: 200, durationMs: 40, excerpt: '', error: 'error 93000: invalid webhook url' }],
    ]);
    const user = userEvent.setup({ delay: null });
    renderPage(<RobotsPage />);
    const table = await screen.findByRole('table', { name: '通知渠道列表' });
    expect(await within(table).findByText('禾丰对账群', {}, { timeout: 15_000 })).toBeTruthy();
    expect(within(table).getByText('企业微信')).toBeTruthy();
    expect(within(table).getByText('3 类事件')).toBeTruthy();
    expect(within(table).getByText('最近成功 2026-11-26 09:00:00')).toBeTruthy();
    expect(within(table).queryByRole('button', { name: /更换密钥/ })).toBeNull();

    await user.click(screen.getByRole('button', { name: '测试 禾丰对账群' }));
    expect(await screen.findByText('测试消息未送达：error 93000: invalid webhook url')).toBeTruthy();

    await user.click(await button('新增群机器人'));
    const drawer = await screen.findByRole('dialog');
    await user.click(within(drawer).getByText('钉钉'));
    await user.type(within(drawer).getByLabelText('名称'), '禾丰钉钉群');
    await user.type(within(drawer).getByLabelText('地址'), 'https://oapi.dingtalk.com/robot/send?access_token=t0k');
    await user.type(within(drawer).getByLabelText('加签密钥'), 'SEC0123');
    await user.click(await button('保存'));
    await waitFor(() => expect(calls.to(notifyDelivery.createRobot)).toHaveLength(1));
    expect(calls.to(notifyDelivery.createRobot)[0]?.body).toEqual({
      kind: 'dingtalk',
      name: '禾丰钉钉群',
      url: 'https://oapi.dingtalk.com/robot/send?access_token=t0k',
      topics: [],
      secret: 'SEC0123',
    });
  }, 120_000);
});
