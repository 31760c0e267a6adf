// @vitest-environment jsdom
// 收货 as the receiving desk uses it: a scanned number (with the QR code's DN: prefix) opens the note, every line
// starts at its delivered quantity, and posting sends each line's received and rejected quantities and reason.
import { common, deliveryNote } from '@portal/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeServer, installBrowserParts, renderPage, signIn } from '../../test/page';
import type { NoteDetail } from './api';
import ReceivingPage from './receiving-page';

beforeAll(installBrowserParts);
afterEach(() => vi.unstubAllGlobals());

const line = (lineNo: number, qty: string): NoteDetail['lines'][number] => ({
  lineNo,
  billNumber: 'PO20261124-8001',
  poLineNo: lineNo,
  goodsCode: `60010${lineNo}`,
  barcode: '6923456789012',
  goodsName: `商品${lineNo}`,
  spec: '400g',
  unit: '袋',
  price: '8.500000',
  qty,
  packages: 1,
  batchNo: 'B1',
  productionDate: '2026-11-01',
  expiryDate: '2027-08-01',
  receivedQty: '',
  rejectedQty: '',
  rejectReason: '',
  shortQty: '',
});

const note: NoteDetail = {
  header: {
    noteNumber: 'SH202611260001',
    suppCode: '100001',
    suppName: '上海禾丰食品有限公司',
    deptCode: 'S0101',
    deptName: '上海虹口店',
    status: '已创建',
    expectedDate: '2026-11-27',
    packages: 2,
    lineCount: 2,
    totalQty: '34.000',
    receivedQty: '',
    rejectedQty: '',
    createdBy: '100001',
    createdAt: '2026-11-26 09:00',
    orders: 'PO20261124-8001',
    companyName: '华联优选超市(上海)有限公司',
    remark: '',
    receivedAt: '',
    receivedBy: '',
    receivingBill: '',
    cancelledAt: '',
    version: 1,
  },
  lines: [line(1, '24.000'), line(2, '10.000')],
};

describe('receiving page', () => {
  it('opens a scanned note and posts each line as entered', async () => {
    signIn({ staff: true, employeeCode: 'recv01', supplierCode: '' });
    const calls = fakeServer([
      [common.getAuthBtnList, ['receive']],
      [deliveryNote.getReceivingNote, note],
      [deliveryNote.postReceiving, { ...note, header: { ...note.header, status: '已收货' } }],
    ]);
    renderPage(<ReceivingPage />, { path: '/receiving' });
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('扫描或输入送货单号'), 'DN:SH202611260001{Enter}');
    await waitFor(() => expect(calls.to(deliveryNote.getReceivingNote)).toHaveLength(1));
    expect(calls.to(deliveryNote.getReceivingNote)[0]!.query).toEqual({ noteNumber: 'SH202611260001' });
    const received = await screen.findByLabelText('实收数量 1');
    expect((received as HTMLInputElement).value).toBe('24');
    await user.clear(received);
    await user.type(received, '20');
    await user.click(await screen.findByRole('button', { name: '确认收货' }));
    await waitFor(() => expect(calls.to(deliveryNote.postReceiving)).toHaveLength(1));
    expect(calls.to(deliveryNote.postReceiving)[0]!.body).toEqual({
      noteNumber: 'SH202611260001',
      lines: [
        { lineNo: 1, receivedQty: '20', rejectedQty: '0', rejectReason: '' },
        { lineNo: 2, receivedQty: '10', rejectedQty: '0', rejectReason: '' },
      ],
    });
    // The page's answer to the post: the toast (rendered in a root of its own) comes before the test ends.
    await screen.findByText('送货单 SH202611260001 已收货');
  }, 90_000);
});
