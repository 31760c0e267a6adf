// @vitest-environment jsdom
// The query designer as staff use it: the list says which definitions are public and published and opens one
// on a click; the publish dialog starts from the current targets and sends the roles and suppliers chosen.
import { dynamicQuery } from '@portal/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeServer, installBrowserParts, renderPage, signIn } from '../../test/page';
import { DefinitionList } from './definition-list';
import { PublishDialog } from './publish-dialog';

beforeAll(installBrowserParts);

const definitions = [
  { queryCode: 'stores', title: '门店一览', titleEn: 'Stores', isPublic: true, moudleCode: 'dq0001' },
  { queryCode: 'brands', title: '品牌一览', titleEn: '', isPublic: false, moudleCode: '' },
];

describe('query designer', () => {
  it('lists each definition with its code and states, and opens the one clicked', async () => {
    signIn({ staff: true });
    fakeServer([[dynamicQuery.listDefinitions, definitions]]);
    const onSelect = vi.fn();
    renderPage(<DefinitionList selected={null} onSelect={onSelect} />);
    const user = userEvent.setup({ delay: null });
    const item = (await screen.findByText('门店一览')).closest('.ant-list-item') as HTMLElement;
    expect(item.textContent).toContain('stores');
    expect(item.textContent).toContain('公开');
    expect(item.textContent).toContain('已发布');
    const other = screen.getByText('品牌一览').closest('.ant-list-item') as HTMLElement;
    expect(other.textContent).toContain('未发布');
    expect(other.textContent).not.toContain('公开');
    await user.click(screen.getByText('品牌一览'));
    expect(onSelect).toHaveBeenLastCalledWith('brands');
  }, 90_000);

  it('publishes to the roles chosen beside the current ones', async () => {
    signIn({ staff: true });
    const server = fakeServer([
      [
        dynamicQuery.publishTargetOptions,
        {
          roles: [
            { roleCode: 'R1', roleName: '采购' },
            { roleCode: 'R2', roleName: '财务' },
          ],
        },
      ],
      [dynamicQuery.publish, { moudleCode: 'dq0001' }],
    ]);
    const onClose = vi.fn();
    renderPage(<PublishDialog queryCode="stores" targets={{ roles: ['R1'], allSuppliers: true, suppliers: [] }} onClose={onClose} />);
    const user = userEvent.setup({ delay: null });
    // The dialog opens on the current targets: 采购 ticked once the role options have come.
    await waitFor(() => expect((screen.getByLabelText('采购') as HTMLInputElement).checked).toBe(true));
    await user.click(await screen.findByText('财务'));
    await waitFor(() => expect((screen.getByLabelText('财务') as HTMLInputElement).checked).toBe(true));
    const publish = [...document.querySelectorAll('button')].find((b) => b.textContent?.replace(/\s/g, '') === '发布到菜单')!;
    await user.click(publish);
    await waitFor(() => expect(server.to(dynamicQuery.publish)).toHaveLength(1));
    expect(server.to(dynamicQuery.publish)[0]!.body).toEqual({
      queryCode: 'stores',
      roles: ['R1', 'R2'],
      allSuppliers: true,
      suppliers: [],
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  }, 90_000);
});
