// @vitest-environment jsdom
// 结束全部会话 on the child-account page: nothing without a selected account; with one, a confirmation naming it, then
// the call and how many sessions ended.
import { type Employee, session } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeServer, installBrowserParts, renderPage, signIn } from '../../test/page';
import { EndSessionsButton } from './end-sessions-button';

beforeAll(installBrowserParts);

const child = { employeeCode: '100001-01', employeeName: '李娜', isUsed: '1' } as Employee;

describe('end all sessions of an account', () => {
  it('is disabled until an account is selected', async () => {
    signIn();
    renderPage(<EndSessionsButton selected={undefined} />);
    expect((await screen.findByRole<HTMLButtonElement>('button', { name: '结束全部会话' })).disabled).toBe(true);
  });

  it('ends them after a confirmation naming the account', async () => {
    signIn();
    const calls = fakeServer([[session.endAccountSessions, { ended: 2 }]]);
    renderPage(<EndSessionsButton selected={child} />);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: '结束全部会话' }));
    const dialog = await screen.findByRole('dialog');
    within(dialog).getByText('100001-01 将在所有设备上立即退出登录，需要重新登录。确定结束该账号的全部会话？');
    await user.click(within(dialog).getByRole('button', { name: '确 定' }));
    await waitFor(() =>
      expect(calls.to(session.endAccountSessions)).toEqual([expect.objectContaining({ body: { employeeCode: '100001-01' } })]),
    );
    await screen.findByText('已结束 2 个会话');
  });
});
