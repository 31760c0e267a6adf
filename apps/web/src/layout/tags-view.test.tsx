// @vitest-environment jsdom
// A tab holding unsaved work (an editor) is not dropped without asking: Close, Delete, Close Others and Close All ask
// first and keep it on 继续编辑; a tab without unsaved work closes at once.
import { menu } from '@portal/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PageRoute } from '../lib/routes';
import { useTagsViewStore } from '../stores/tags-view';
import { fakeServer, installBrowserParts, renderPage, signIn } from '../test/page';
import { TagsView } from './tags-view';

beforeAll(installBrowserParts);

const route = (path: string, title: string): PageRoute => ({ path, title, component: 'x', moudleCode: 'm', hidden: false, noCache: false });
const routes = [route('/dashboard', '首页'), route('/samCharges', '费用明细'), route('/samBill/edit', '新建结算单')];
const view = (path: string, title: string, affix = false) => ({ path, pathname: path, title, affix, noCache: false, version: 0 });

beforeEach(() => {
  signIn();
  fakeServer([[menu.getExternalModules, []]]);
  useTagsViewStore.setState({
    views: [view('/dashboard', '首页', true), view('/samCharges', '费用明细'), view('/samBill/edit', '新建结算单')],
    unsaved: { '/samBill/edit': true },
  });
});

const open = () => useTagsViewStore.getState().views.map((v) => v.path);

describe('tags view', () => {
  it('asks before closing a tab with unsaved work, and keeps it on 继续编辑', async () => {
    renderPage(<TagsView routes={routes} />, { path: '/samBill/edit' });
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByLabelText('关闭 新建结算单'));
    await screen.findByText('新建结算单 中有未保存的内容，关闭或刷新后将丢失。');
    await user.click(screen.getByRole('button', { name: '继续编辑' }));
    expect(open()).toEqual(['/dashboard', '/samCharges', '/samBill/edit']);

    // The keyboard's Delete asks the same; 放弃 closes it.
    fireEvent.keyDown(screen.getByRole('tab', { name: /新建结算单/ }), { key: 'Delete' });
    await user.click(await screen.findByRole('button', { name: /放\s*弃/ }));
    await waitFor(() => expect(open()).toEqual(['/dashboard', '/samCharges']));
  });

  it('closes a tab without unsaved work at once', async () => {
    renderPage(<TagsView routes={routes} />, { path: '/samBill/edit' });
    await userEvent.click(screen.getByLabelText('关闭 费用明细'));
    expect(open()).toEqual(['/dashboard', '/samBill/edit']);
    expect(screen.queryByText(/未保存的内容/)).toBeNull();
  });

  it('asks before Close Others drops a tab with unsaved work', async () => {
    renderPage(<TagsView routes={routes} />, { path: '/samCharges' });
    fireEvent.contextMenu(screen.getByRole('tab', { name: /费用明细/ }));
    await userEvent.click(await screen.findByText('关闭其他'));
    await screen.findByText('新建结算单 中有未保存的内容，关闭或刷新后将丢失。');
    await userEvent.click(screen.getByRole('button', { name: '继续编辑' }));
    expect(open()).toEqual(['/dashboard', '/samCharges', '/samBill/edit']);
  });
});
