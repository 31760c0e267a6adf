// @vitest-environment jsdom
// The receiving lines' pager says how many lines there are: "共 N 条" when the server counted them all, and
// "10,000+ 条" / "10,000+ rows" when its count stopped at the cap (issue #34), in both languages; the page after
// the one shown and the one before it are asked for by the shown page's cursors (keyset), any other page by its number.
import { type AccDetail, acceptance } from '@portal/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { fakeServer, installBrowserParts, renderPage, signIn } from '../../test/page';
import { DetailPanel } from './detail-panel';

beforeAll(installBrowserParts);

const line: AccDetail = {
  billNumber: 'YB20260101-1',
  lineNo: 1,
  accDate: '2026-01-01',
  suppCode: '100001',
  deptCode: '001',
  deptName: '一号店',
  poBillNumber: '',
  goodsCode: 'G1',
  barcode: '690000000001',
  goodsName: '苹果',
  spec: '1kg',
  unit: '箱',
  categoryCode: '10',
  categoryName: '水果',
  brandCode: 'B1',
  brandName: '果园',
  acceptedQty: '2',
  freeQty: '0',
  price: '10.00',
  taxRate: '9',
  amountExcl: '18.35',
  tax: '1.65',
  amount: '20.00',
  settleStatus: '未结算',
};
const condition = { startDate: '2026-01-01', endDate: '2026-06-30' };

describe('receiving lines pager', () => {
  it('shows a capped count as 10,000+ in both languages', async () => {
    signIn();
    fakeServer([[acceptance.getAccDetailInfo, { total: 10_000, totalCapped: true, next: 'x', list: [line] }]]);
    renderPage(<DetailPanel condition={condition} />);
    expect(await screen.findByText('10,000+ 条')).toBeTruthy();
    expect(screen.queryByText(/共 10000 条/)).toBeNull();
    await i18n.changeLanguage('en');
    try {
      expect(await screen.findByText('10,000+ rows')).toBeTruthy();
    } finally {
      await i18n.changeLanguage('zh-CN');
    }
  }, 60_000);

  it('shows an exact count as it is', async () => {
    signIn();
    fakeServer([[acceptance.getAccDetailInfo, { total: 1, totalCapped: false, list: [line] }]]);
    renderPage(<DetailPanel condition={condition} />);
    expect(await screen.findByText('共 1 条')).toBeTruthy();
    expect(screen.queryByText(/\+ 条/)).toBeNull();
  }, 60_000);

  it('asks for the next page after the shown page’s last line, the previous one before its first, and another by its number', async () => {
    signIn();
    const server = fakeServer([
      [
        acceptance.getAccDetailInfo,
        ({ body }: { body: { page: number } }) => ({
          total: 10_000,
          totalCapped: true,
          next: `after-${body.page}`,
          ...(body.page > 1 ? { prev: `before-${body.page}` } : {}),
          list: [line],
        }),
      ],
    ]);
    renderPage(<DetailPanel condition={condition} />);
    expect(await screen.findByText('10,000+ 条')).toBeTruthy();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByTitle('2'));
    await waitFor(() => expect(server.sent.at(-1)?.body).toMatchObject({ page: 2, after: 'after-1' }));
    await user.click(screen.getByTitle('3'));
    await waitFor(() => expect(server.sent.at(-1)?.body).toMatchObject({ page: 3, after: 'after-2' }));
    await user.click(screen.getByTitle('2'));
    await waitFor(() => expect(server.sent.at(-1)?.body).toMatchObject({ page: 2, before: 'before-3' }));
    expect(server.sent.at(-1)?.body).not.toHaveProperty('after');
    await user.click(screen.getByTitle('1'));
    await waitFor(() => expect(server.sent.at(-1)?.body).toMatchObject({ page: 1 }));
    expect(server.sent.at(-1)?.body).not.toHaveProperty('after');
    expect(server.sent.at(-1)?.body).not.toHaveProperty('before');
  }, 60_000);
});
