// @vitest-environment jsdom
// The bell as a user meets it: the unread count on the button (its name says it too), the latest messages in the
// panel, a message opening its object's page and being marked read, 'view all' leading to the message centre.
import { notification } from '@portal/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeServer, installBrowserParts, renderPage, signIn } from '../../test/page';
import { NotificationBell } from './bell';

beforeAll(installBrowserParts);

const message = (id: string, read: boolean): notification.Message => ({
  id,
  topic: 'settlement.bill.approved',
  group: 'settlement',
  title: `结算单已审批：JS202608-000${id}`,
  body: `结算单 JS202608-000${id} 已审批，应付 4590.10，待付款`,
  link: `/samBill/detail?samBillNum=JS202608-000${id}`,
  subject: `JS202608-000${id}`,
  at: '2026-11-26T08:00:00.000Z',
  read,
});

function Where() {
  const location = useLocation();
  return <div data-testid="where">{location.pathname + location.search}</div>;
}

const shell = (
  <>
    <NotificationBell />
    <Routes>
      <Route path="*" element={<Where />} />
    </Routes>
  </>
);

describe('the bell', () => {
  it('shows the unread count, lists the latest and opens a message on its object, marking it read', async () => {
    signIn({});
    let unread = 2;
    const calls = fakeServer([
      [notification.getUnreadCount, () => ({ unread, latestId: '2' })],
      [notification.getMessages, { total: 2, unread: 2, list: [message('2', false), message('1', false)] }],
      [
        notification.markRead,
        () => {
          unread = 1;
          return { unread };
        },
      ],
    ]);
    renderPage(shell, { path: '/dashboard' });
    const bell = await screen.findByRole('button', { name: '消息，2 条未读' });
    expect(bell.textContent).toContain('2');
    const user = userEvent.setup({ delay: null });
    await user.click(bell);
    const link = await screen.findByRole('button', { name: /结算单已审批：JS202608-0002/ });
    expect(calls.to(notification.getMessages)[0]!.body).toEqual({ page: 1, limit: 6, state: 'all' });
    await user.click(link);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/samBill/detail?samBillNum=JS202608-0002'));
    expect(calls.to(notification.markRead)[0]!.body).toEqual({ ids: ['2'] });
    await screen.findByRole('button', { name: '消息，1 条未读' });
  });

  it("leads to the message centre with 'view all', by keyboard", async () => {
    signIn({});
    fakeServer([
      [notification.getUnreadCount, { unread: 0, latestId: null }],
      [notification.getMessages, { total: 0, unread: 0, list: [] }],
    ]);
    renderPage(shell, { path: '/dashboard' });
    const bell = await screen.findByRole('button', { name: '消息' });
    const user = userEvent.setup({ delay: null });
    bell.focus();
    await user.keyboard('{Enter}');
    await screen.findByText('暂无消息');
    await user.click(await screen.findByRole('button', { name: '查看全部' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/messages'));
  });
});
