// @vitest-environment jsdom
// The dashboard's deliveries card: a supplier sees its notes to book and booked and today's and tomorrow's bookings,
// with links to the screens its menu serves; the receiving desk sees the docks' deliveries with each supplier.
import { type DeliveryOverview, dashboard } from '@portal/contract';
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeServer, installBrowserParts, menuEntry, renderPage, signIn } from '../../test/page';
import { DeliveriesCard } from './deliveries-card';

beforeAll(installBrowserParts);

const overview: DeliveryOverview = {
  today: '2026-11-26',
  notes: { toBook: 2, booked: 5 },
  deliveries: { today: 1, tomorrow: 2, waiting: 1 },
  coming: [
    {
      bookingId: 1,
      noteNumber: 'SH202611260001',
      suppCode: '100001',
      suppName: '上海禾丰食品有限公司',
      deptCode: 'S0101',
      deptName: '上海虹口店',
      slotDate: '2026-11-26',
      startTime: '07:30',
      endTime: '08:00',
      packages: 16,
      status: '已确认',
    },
    {
      bookingId: 2,
      noteNumber: 'SH202611260004',
      suppCode: '100001',
      suppName: '上海禾丰食品有限公司',
      deptCode: 'D0001',
      deptName: '嘉定常温配送中心',
      slotDate: '2026-11-27',
      startTime: '09:00',
      endTime: '10:00',
      packages: 36,
      status: '待确认',
    },
  ],
};

describe('deliveries card', () => {
  it('shows a supplier its notes and coming bookings, linking to its screens', async () => {
    signIn({ menu: [menuEntry('/deliveryNote', 'ms0114'), menuEntry('/deliveryBooking', 'ms0116')] });
    const server = fakeServer([[dashboard.getDeliveryOverview, overview]]);
    renderPage(<DeliveriesCard staff={false} />);
    const card = await screen.findByLabelText('送货与预约');
    await within(card).findByText('待预约送货单');
    expect(within(card).getByText('今明两天预约 3 个')).toBeTruthy();
    const items = within(card)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items[0]).toContain('今天 07:30-08:00 · 上海虹口店 · SH202611260001 · 16 件');
    expect(items[1]).toContain('待确认');
    expect(items[1]).toContain('明天 09:00-10:00');
    expect(within(card).getByRole('link', { name: '待预约送货单 去处理' }).getAttribute('href')).toBe('/deliveryBooking');
    expect(within(card).getByRole('link', { name: '送货单' }).getAttribute('href')).toBe('/deliveryNote');
    expect(server.to(dashboard.getDeliveryOverview)[0]!.query).toEqual({});
  });

  it('shows the receiving desk the docks’ deliveries with their suppliers, for the supplier picked', async () => {
    signIn({ staff: true, supplierCode: '', menu: [menuEntry('/dockBoard', 'ms0117'), menuEntry('/receiving', 'ms0115')] });
    const server = fakeServer([[dashboard.getDeliveryOverview, overview]]);
    renderPage(<DeliveriesCard staff suppCode="100001" />);
    const card = await screen.findByLabelText('今明两天到货');
    await within(card).findByText('今日到货');
    expect(within(card).getAllByRole('listitem')[0]!.textContent).toContain('上海禾丰食品有限公司');
    expect(within(card).getByRole('link', { name: '去收货' }).getAttribute('href')).toBe('/receiving');
    expect(within(card).getByRole('link', { name: '查看' }).getAttribute('href')).toBe('/dockBoard');
    expect(server.to(dashboard.getDeliveryOverview)[0]!.query).toEqual({ suppCode: '100001' });
  });
});
