// @vitest-environment jsdom
// 发货单's 查询 asks the server every time, the search unchanged included: notes another account made meanwhile
// appear (the query cache had answered an unchanged search from memory). A count stopped at the cap reads 10,000+ 张.
import { common, deliveryNote } from '@portal/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeServer, installBrowserParts, renderPage, signIn } from '../../test/page';
import NotesPage from './notes-page';

beforeAll(installBrowserParts);

describe('发货单', () => {
  it('asks the server again on each 查询 with the search unchanged', async () => {
    signIn();
    const server = fakeServer([
      [deliveryNote.getDeliveryNotePage, { total: 0, list: [] }],
      [common.getDeptList, []],
    ]);
    renderPage(<NotesPage />);
    await waitFor(() => expect(server.to(deliveryNote.getDeliveryNotePage)).toHaveLength(1));
    const search = screen.getByRole('button', { name: /查\s*询/ });
    await userEvent.click(search);
    await waitFor(() => expect(server.to(deliveryNote.getDeliveryNotePage)).toHaveLength(2));
    await userEvent.click(search);
    await waitFor(() => expect(server.to(deliveryNote.getDeliveryNotePage)).toHaveLength(3));
    expect(server.to(deliveryNote.getDeliveryNotePage).map((s) => s.body)).toEqual([
      { page: 1, limit: 20 },
      { page: 1, limit: 20 },
      { page: 1, limit: 20 },
    ]);
  });

  it('shows a count the server stopped at its cap as 10,000+ 张', async () => {
    signIn();
    fakeServer([
      [deliveryNote.getDeliveryNotePage, { total: 10_000, totalCapped: true, list: [] }],
      [common.getDeptList, []],
    ]);
    renderPage(<NotesPage />);
    expect((await screen.findAllByText('10,000+ 张')).length).toBeGreaterThan(0);
  });
});
