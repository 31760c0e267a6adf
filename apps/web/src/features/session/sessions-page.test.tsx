// @vitest-environment jsdom
// 我的会话 as a user uses it: this device marked and not offered for sign-out, any other signed out after a
// confirmation, all others at once; a table on a wide screen, cards on a phone, in both languages.
import { session, type SessionRow } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { act } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeServer, installBrowserParts, renderPage, signIn } from '../../test/page';
import SessionsPage from './sessions-page';

const sessions: SessionRow[] = [
  {
    id: '11111111-1111-4111-8111-111111111111',
    deviceType: 'desktop',
    os: 'Windows 10',
    browser: 'Chrome 131',
    clientIp: '10.0.0.8',
    signedInAt: '2026-11-26T01:00:00.000Z',
    lastSeenAt: '2026-11-26T02:30:00.000Z',
    current: true,
  },
  {
    id: '22222222-2222-4222-8222-222222222222',
    deviceType: 'mobile',
    os: 'Android 13',
    browser: 'WeChat 8',
    clientIp: '172.16.3.4',
    signedInAt: '2026-11-25T09:00:00.000Z',
    lastSeenAt: '2026-11-25T10:00:00.000Z',
    current: false,
  },
  {
    id: '33333333-3333-4333-8333-333333333333',
    deviceType: 'unknown',
    os: '',
    browser: '',
    clientIp: '192.168.1.9',
    signedInAt: '2026-11-24T09:00:00.000Z',
    lastSeenAt: '2026-11-24T09:05:00.000Z',
    current: false,
  },
];

/** The window's width as antd's breakpoints read it (min-width and max-width queries). */
function setWidth(width: number) {
  window.matchMedia = ((query: string) => {
    const min = /min-width:\s*(\d+)px/.exec(query);
    const max = /max-width:\s*(\d+)px/.exec(query);
    const matches = (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
    return {
      matches,
      media: query,
      onchange: null,
      addListener() {},
      removeListener() {},
      addEventListener() {},
      removeEventListener() {},
      dispatchEvent: () => false,
    };
  }) as typeof window.matchMedia;
}

beforeEach(() => {
  installBrowserParts();
  signIn();
});

describe('my sessions', () => {
  it('marks this device and signs out another after a confirmation (table, 1440 px)', async () => {
    setWidth(1440);
    const calls = fakeServer([
      [session.listMine, () => sessions],
      [session.endMine, null],
    ]);
    renderPage(<SessionsPage />, { path: '/mySessions', route: '/mySessions' });
    await screen.findByText('本机');
    const table = screen.getByRole('table', { name: '会话列表' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    within(rows[0]!).getByText('本机');
    within(rows[0]!).getByText('电脑 · Windows 10');
    expect(within(rows[0]!).queryByRole('button')).toBeNull();
    within(rows[1]!).getByText('手机 · Android 13');
    within(rows[1]!).getByText('WeChat 8');
    within(rows[2]!).getByText('未知设备 · 未知系统');
    within(rows[2]!).getByText('未知浏览器');
    // The retailer's wall clock (UTC+8), as every time on screen.
    within(rows[0]!).getByText('2026-11-26 09:00:00');
    within(rows[0]!).getByText('2026-11-26 10:30:00');

    const user = userEvent.setup({ delay: null });
    await user.click(within(rows[1]!).getByRole('button', { name: '退出 手机 · Android 13（WeChat 8） 的会话' }));
    const dialog = await screen.findByRole('dialog');
    within(dialog).getByText('确定退出 手机 · Android 13（WeChat 8） 上的会话？该设备需要重新登录。');
    await user.click(within(dialog).getByRole('button', { name: '确 定' }));
    await waitFor(() => expect(calls.to(session.endMine)).toEqual([expect.objectContaining({ body: { id: sessions[1]!.id } })]));
    await screen.findByText('已退出该会话');
  });

  it('asks before signing out all others, and does nothing when cancelled', async () => {
    setWidth(1440);
    const calls = fakeServer([
      [session.listMine, () => sessions],
      [session.endOthers, { ended: 2 }],
    ]);
    renderPage(<SessionsPage />, { path: '/mySessions', route: '/mySessions' });
    await screen.findByText('本机');
    const user = userEvent.setup({ delay: null });
    const endAll = screen.getByRole<HTMLButtonElement>('button', { name: '退出其他所有会话' });
    expect(endAll.disabled).toBe(false);
    await user.click(endAll);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '取 消' }));
    expect(calls.to(session.endOthers)).toHaveLength(0);
    await user.click(endAll);
    const dialog = await screen.findByRole('dialog');
    within(dialog).getByText('确定退出除本机以外的所有会话？这些设备都需要重新登录。');
    await user.click(within(dialog).getByRole('button', { name: '确 定' }));
    await screen.findByText('已退出 2 个会话');
    expect(calls.to(session.endOthers)).toHaveLength(1);
  });

  it('offers nothing to sign out when this is the only session', async () => {
    setWidth(1440);
    fakeServer([[session.listMine, () => [sessions[0]]]]);
    renderPage(<SessionsPage />, { path: '/mySessions', route: '/mySessions' });
    await screen.findByText('本机');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: '退出其他所有会话' }).disabled).toBe(true);
  });

  it('shows cards on a phone, in English too', async () => {
    setWidth(390);
    fakeServer([[session.listMine, () => sessions]]);
    renderPage(<SessionsPage />, { path: '/mySessions', route: '/mySessions' });
    await screen.findByText('本机');
    expect(screen.queryByRole('table', { name: '会话列表' })).toBeNull();
    expect(document.querySelectorAll('.session-card')).toHaveLength(3);
    await act(() => i18n.changeLanguage('en'));
    await screen.findByText('This device');
    screen.getByText('Phone · Android 13');
    screen.getByRole('button', { name: 'Sign out the session on Phone · Android 13 (WeChat 8)' });
    screen.getByRole('button', { name: 'Sign out all other sessions' });
    await act(() => i18n.changeLanguage('zh-CN'));
  });
});
