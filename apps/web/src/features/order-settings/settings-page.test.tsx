// @vitest-environment jsdom
// 订单协同设置 as admin uses it: the stored values and their changes shown, a value out of its range refused before
// anything is sent (the contract's message), a change sent with every setting.
import { type OrderSettings, orderSettings } from '@portal/contract';
import { fireEvent, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeServer, installBrowserParts, renderPage, signIn } from '../../test/page';
import SettingsPage from './settings-page';

beforeAll(installBrowserParts);

const stored: OrderSettings = { orderConfirmHours: 24, overDeliveryPercent: '0', minShelfLifeRatio: '0', bookingHorizonDays: 14 };
const history = [
  {
    at: '2026-11-20T02:00:00.000Z',
    actorCode: 'admin',
    actorName: '系统管理员',
    changes: [{ code: 'bookingHorizonDays' as const, before: '7', after: '14' }],
  },
];

describe('order collaboration settings', () => {
  it('shows the values and their changes, refuses an out-of-range value, and saves every setting', async () => {
    signIn({ staff: true, employeeCode: 'admin', supplierCode: '' });
    const server = fakeServer([
      [orderSettings.getOrderSettings, { settings: stored, history }],
      [orderSettings.saveOrderSettings, ({ body }: { body: unknown }) => ({ settings: body, history })],
    ]);
    renderPage(<SettingsPage />);
    const hours = await screen.findByLabelText('接单确认时限（小时）');
    expect((hours as HTMLInputElement).value).toBe('24');
    expect(screen.getByText('预约送货最远天数：7 → 14')).toBeTruthy();
    expect(screen.getByText(/系统管理员/)).toBeTruthy();

    const ratio = screen.getByLabelText('到货最低剩余保质期比例');
    const saveButton = screen.getByRole('button', { name: /保\s*存/ });
    fireEvent.change(ratio, { target: { value: '0.333' } });
    fireEvent.click(saveButton);
    await screen.findByText('请填写 0 到 0.99 之间的比例，最多两位小数');
    expect(server.to(orderSettings.saveOrderSettings)).toHaveLength(0);

    fireEvent.change(ratio, { target: { value: '0.3' } });
    fireEvent.change(hours, { target: { value: '48' } });
    fireEvent.click(saveButton);
    await screen.findByText('设置已保存');
    expect(server.to(orderSettings.saveOrderSettings)[0]!.body).toEqual({
      orderConfirmHours: 48,
      overDeliveryPercent: '0',
      minShelfLifeRatio: '0.3',
      bookingHorizonDays: 14,
    });
  });
});
