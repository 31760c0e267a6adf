// @vitest-environment jsdom
// The order detail's answers as a supplier gives them: 确认订单 and 拒绝订单 show only with the buttons and in a
// waiting state; the confirm form fills every line as ordered, asks for a reason when a line is short, and
// sends each line's quantity, promised date and reason with the order's version.
import { businessDay, common, purchaseOrder } from '@portal/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeServer, installBrowserParts, renderPage, signIn } from '../../test/page';
import type { OrderDetail } from './api';
import OrderDetailPage from './order-detail-page';

beforeAll(installBrowserParts);
afterEach(() => vi.unstubAllGlobals());

const far = businessDay(new Date(Date.now() + 30 * 86_400_000));
const order = (status: OrderDetail['header']['status']): OrderDetail => ({
  header: {
    billNumber: 'PO-T-1',
    suppCode: '100001',
    suppName: '测试供应商',
    deptCode: 'S0101',
    deptName: '上海虹口店',
    categoryCode: '10',
    categoryName: '休闲食品',
    orderDate: far,
    deliveryDate: far,
    validDays: 7,
    deadline: far,
    deliveryMode: '直送',
    orderType: '普通',
    status,
    totalQty: '30.000',
    totalAmount: '75.00',
    receivedQty: '0.000',
    lineCount: 2,
    confirmDueAt: '2026-11-27T09:00:00+08:00',
    confirmedAt: null,
    late: false,
    overdue: false,
    changed: false,
    readAt: '2026-11-26T10:00:00+08:00',
    declineReason: '',
    declineNote: '',
    reopenedAt: null,
    version: 3,
    companyName: '华联优选',
    readBy: '100001',
    confirmedBy: '',
  },
  lines: [1, 2].map((lineNo) => ({
    lineNo,
    goodsCode: `60010${lineNo}`,
    barcode: '6923456789012',
    goodsName: `商品${lineNo}`,
    spec: '400g',
    unit: '袋',
    caseQty: 12,
    orderQty: lineNo === 1 ? '20.000' : '10.000',
    caseCount: '1.00',
    receivedQty: '0.000',
    freeQty: '0.000',
    price: '2.500000',
    taxRate: '13.00',
    amount: '25.00',
    confirmedQty: null,
    promisedDate: null,
    confirmNote: '',
    changed: false,
    isNew: false,
    prevQty: null,
    prevPrice: null,
    prevDeliveryDate: null,
  })),
});

/** The print button (a link to the preview): drawn once the account's buttons are known. */
const printLink = () =>
  waitFor(() => {
    const found = [...document.querySelectorAll('a.ant-btn')].find((b) => b.textContent?.replace(/\s/g, '') === '打印');
    if (!found) throw new Error('no print link');
    return found;
  });

const button = (text: string) =>
  waitFor(() => {
    const found = [...document.querySelectorAll('button')].find((b) => b.textContent?.replace(/\s/g, '') === text);
    if (!found) throw new Error(`no button ${text}`);
    return found;
  });

describe('answering an order', () => {
  it('confirms every line as ordered but one short, which needs a reason, and sends the version', async () => {
    signIn();
    const calls = fakeServer([
      [purchaseOrder.getPurOrderDetail, order('已阅读')],
      [purchaseOrder.getPurOrderDetailSplitSubGoods, []],
      [common.getAuthBtnList, ['print', 'confirm', 'decline']],
      [purchaseOrder.confirmPurOrder, order('部分确认')],
    ]);
    renderPage(<OrderDetailPage />, { path: '/purOrder/detail?billNumber=PO-T-1' });
    const user = userEvent.setup({ delay: null });
    await user.click(await button('确认订单'));
    await user.click(await button('全部按订单确认'));
    const qty = (await waitFor(() => document.querySelector<HTMLInputElement>('#po-confirm_lines_0_confirmedQty')!))!;
    expect(qty.value).toBe('20');
    fireEvent.change(qty, { target: { value: '15' } });
    await user.click(await button('提交确认'));
    await screen.findByText('少量或延期需填写原因');
    expect(calls.to(purchaseOrder.confirmPurOrder)).toHaveLength(0);
    fireEvent.change(document.querySelector('#po-confirm_lines_0_note')!, { target: { value: '原料不足' } });
    await user.click(await button('提交确认'));
    await waitFor(() => expect(calls.to(purchaseOrder.confirmPurOrder)).toHaveLength(1));
    expect(calls.to(purchaseOrder.confirmPurOrder)[0]!.body).toEqual({
      billNumber: 'PO-T-1',
      version: 3,
      lines: [
        { lineNo: 1, confirmedQty: '15', promisedDate: far, note: '原料不足' },
        { lineNo: 2, confirmedQty: '10', promisedDate: far, note: '' },
      ],
    });
  }, 90_000);

  it('shows no answer without the buttons, nor once the order is answered', async () => {
    signIn({ parentCode: '100001', employeeCode: '100001-01' } as never);
    fakeServer([
      [purchaseOrder.getPurOrderDetail, order('已阅读')],
      [purchaseOrder.getPurOrderDetailSplitSubGoods, []],
      [common.getAuthBtnList, ['print']],
    ]);
    const first = renderPage(<OrderDetailPage />, { path: '/purOrder/detail?billNumber=PO-T-1' });
    await printLink();
    expect(screen.queryByText('确认订单')).toBeNull();
    expect(screen.queryByText('拒绝订单')).toBeNull();
    first.unmount();
    vi.unstubAllGlobals();
    fakeServer([
      [purchaseOrder.getPurOrderDetail, order('已确认')],
      [purchaseOrder.getPurOrderDetailSplitSubGoods, []],
      [common.getAuthBtnList, ['print', 'confirm', 'decline']],
    ]);
    renderPage(<OrderDetailPage />, { path: '/purOrder/detail?billNumber=PO-T-1' });
    await printLink();
    expect(screen.queryByText('确认订单')).toBeNull();
  }, 90_000);
});
