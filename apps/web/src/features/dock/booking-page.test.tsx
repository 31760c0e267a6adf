// @vitest-environment jsdom
// 预约送货 as a supplier uses it: the buttons follow the account's (a child without `book` sees none), a slot
// picked in the drawer sends the note and the slot, and a full slot's refusal offers its next free slots.
import { type BookableNote, type Booking, type Slot, common, dock } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeServer, installBrowserParts, renderPage, signIn } from '../../test/page';
import BookingPage from './booking-page';

beforeAll(installBrowserParts);
afterEach(() => vi.unstubAllGlobals());

const note: BookableNote = {
  noteNumber: 'DN2611260006',
  deptCode: 'D0001',
  deptName: '嘉定常温配送中心',
  packages: 24,
  status: '已创建',
  createdAt: '2026-11-26 09:00:00',
  booking: null,
};
const slot = (id: number, startTime: string, endTime: string): Slot => ({
  id,
  deptCode: 'D0001',
  slotDate: '2026-11-27',
  startTime,
  endTime,
  capacityDeliveries: 4,
  capacityPackages: 400,
  bookedDeliveries: 1,
  bookedPackages: 30,
  closed: false,
  past: false,
});
const free = { deptCode: 'D0001', deptName: '嘉定常温配送中心', horizonDays: 14, packages: 24, slots: [slot(11, '09:00', '10:00')] };

const booked = {
  id: 5,
  noteNumber: note.noteNumber,
  suppCode: '100001',
  suppName: '上海禾丰食品有限公司',
  deptCode: 'D0001',
  deptName: '嘉定常温配送中心',
  slotId: 12,
  slotDate: '2026-11-27',
  startTime: '10:00',
  endTime: '11:00',
  packages: 24,
  status: '待确认',
  reason: '',
  createdBy: '100001',
  createdAt: '2026-11-26 10:00:00',
  version: 1,
} satisfies Booking;

const button = (text: string, root: ParentNode = document) =>
  waitFor(() => {
    const found = [...root.querySelectorAll('button')].find((b) => b.textContent?.replace(/\s/g, '') === text);
    if (!found) throw new Error(`no button ${text}`);
    return found;
  });

describe('delivery booking page', () => {
  it('shows no booking button to a child account without it', async () => {
    signIn({});
    const calls = fakeServer([
      [common.getAuthBtnList, []],
      [dock.listNotes, [note]],
    ]);
    renderPage(<BookingPage />, { path: '/deliveryBooking' });
    await screen.findByText(note.noteNumber);
    await waitFor(() => expect(calls.to(common.getAuthBtnList)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(document.querySelectorAll('tbody button')).toHaveLength(0);
  });

  it('books the slot picked, and offers the next free slots when that one is full', async () => {
    signIn({});
    const calls = fakeServer([
      [common.getAuthBtnList, ['book', 'cancel']],
      [dock.listNotes, [note]],
      [dock.freeSlots, free],
      [dock.book, booked],
    ]);
    // The first booking finds the slot full: 409 with the next free slots in the envelope's data.
    const served = globalThis.fetch;
    let refused = false;
    vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
      if (!refused && String(input).includes('/dock/book')) {
        refused = true;
        await served(input, init);
        const data: dock.SlotFullData = { nextFree: [slot(12, '10:00', '11:00')] };
        return new Response(JSON.stringify({ code: '409', success: false, message: '时段已约满', msg: '时段已约满', data }), {
          status: 409,
          headers: { 'content-type': 'application/json' },
        });
      }
      return served(input, init);
    });
    renderPage(<BookingPage />, { path: '/deliveryBooking' });
    const user = userEvent.setup({ delay: null });
    await user.click(await button('预约', screen.getByRole('table')));
    const drawer = await screen.findByRole('dialog');
    await user.click(await within(drawer).findByText('09:00-10:00'));
    await within(drawer).findByText('时段已约满');
    expect(calls.to(dock.book)[0]!.body).toEqual({ noteNumber: note.noteNumber, slotId: 11 });
    await user.click(await button('2026-11-2710:00-11:00', drawer));
    await waitFor(() => expect(calls.to(dock.book)).toHaveLength(2));
    expect(calls.to(dock.book)[1]!.body).toEqual({ noteNumber: note.noteNumber, slotId: 12 });
    await screen.findByText('已预约 2026-11-27 10:00-11:00');
  }, 90_000);
});
