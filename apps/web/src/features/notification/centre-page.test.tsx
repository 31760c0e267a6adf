// @vitest-environment jsdom
// 消息中心 as a user uses it: the messages with their group and kind, filters sent to the server (group, kind, read
// state) starting again at page 1, mark one read, mark all read, and a message opening its object.
import { notification } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeServer, installBrowserParts, menuEntry, renderPage, signIn } from '../../test/page';
import CentrePage from './centre-page';

beforeAll(installBrowserParts);

const approved: notification.Message = {
  id: '12',
  topic: 'settlement.bill.approved',
  group: 'settlement',
  title: '结算单已审批：JS202608-0002',
  body: '结算单 JS202608-0002 已审批，应付 4590.10，待付款',
  link: '/samBill/detail?samBillNum=JS202608-0002',
  subject: 'JS202608-0002',
  at: '2026-11-26T08:00:00.000Z',
  read: false,
};
const overdue: notification.Message = {
  id: '11',
  topic: 'purchase-order.order.overdue',
  group: 'order',
  title: '采购订单确认超时：PO20261120-0003',
  body: '采购订单 PO20261120-0003 未在确认期限前确认（已下达）',
  link: '/purOrder/detail?billNumber=PO20261120-0003',
  subject: 'PO20261120-0003',
  at: '2026-11-25T08:00:00.000Z',
  read: true,
};

describe('message centre', () => {
  it('lists, filters, marks read and opens a message', async () => {
    signIn({});
    const calls = fakeServer([
      [notification.getMessages, () => ({ total: 2, unread: 1, list: [approved, overdue] })],
      [notification.markRead, { unread: 0 }],
      [notification.markAllRead, { unread: 0 }],
    ]);
    renderPage(<CentrePage />, { path: '/messages', route: '/messages' });
    await screen.findByText('结算 · 结算单已审批');
    let list = document.querySelector<HTMLElement>('.notification-list')!;
    within(list).getByText('订单 · 采购订单确认超时');
    screen.getByText('1 条未读');
    expect(calls.to(notification.getMessages)[0]!.body).toEqual({ page: 1, limit: 20, state: 'all' });

    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('radio', { name: '未读' }).closest('label')!);
    await waitFor(() => expect(calls.to(notification.getMessages).at(-1)!.body).toEqual({ page: 1, limit: 20, state: 'unread' }));
    await user.click(screen.getByRole('combobox', { name: '类别' }));
    await user.click(await screen.findByTitle('订单'));
    await waitFor(() =>
      expect(calls.to(notification.getMessages).at(-1)!.body).toEqual({ page: 1, limit: 20, state: 'unread', group: 'order' }),
    );

    // Only the unread one offers 'mark read'.
    list = document.querySelector<HTMLElement>('.notification-list')!;
    const markOne = within(list).getAllByRole('button', { name: '标为已读' });
    expect(markOne).toHaveLength(1);
    await user.click(markOne[0]!);
    await waitFor(() => expect(calls.to(notification.markRead)[0]!.body).toEqual({ ids: ['12'] }));
    await user.click(screen.getByRole('button', { name: '全部已读' }));
    await waitFor(() => expect(calls.to(notification.markAllRead)[0]!.body).toEqual({ group: 'order' }));

    await user.click(within(list).getByRole('button', { name: /采购订单确认超时/ }));
    await screen.findByText('elsewhere');
    // A read message is not marked again.
    expect(calls.to(notification.markRead)).toHaveLength(1);
  });

  it('links to 通知设置 only for an account whose menu serves it', async () => {
    fakeServer([[notification.getMessages, () => ({ total: 1, unread: 1, list: [approved] })]]);
    signIn({ menu: [menuEntry('/messages', 'ms0120')] });
    const view = renderPage(<CentrePage />, { path: '/messages', route: '/messages' });
    await screen.findByText('结算 · 结算单已审批');
    expect(screen.queryByRole('button', { name: '通知设置' })).toBeNull();
    view.unmount();

    signIn({ menu: [menuEntry('/messages', 'ms0120'), menuEntry('/notificationSettings', 'ms0121')] });
    renderPage(<CentrePage />, { path: '/messages', route: '/messages' });
    await screen.findByRole('button', { name: '通知设置' });
  });
});
