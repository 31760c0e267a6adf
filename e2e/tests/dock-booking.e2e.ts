// 预约送货 and 月台预约 in Chromium: 100001 books a slot for a delivery note (zh-CN), the receiving desk (recv01,
// 收货员) confirms a booking on the board (en); both screens axe-clean at 1440 and 390 px (screenshots in e2e/.tmp). The delivery note heads
// are written in SQL (their own screens are another part of issue 29); the second test books through the API.
import fs from 'node:fs';
import { addDays, businessDay, dock } from '@portal/contract';
import { runningClusterUrl } from '@portal/server/src/db/embedded-postgres';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs } from '../support/api';
import { loginAs, useBrowser } from '../support/browser';
import { sharedServer } from '../support/shared-server';
import { violations } from '../support/axe';

const browser = useBrowser();
const shots = `${import.meta.dirname}/../.tmp`;

async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: `${shots}/dock-${name}.png`, fullPage: true });
}

/** A delivery note head of 100001 for D0001 and a slot of its own tomorrow evening (outside the demo's hours). */
async function setUp(tag: string): Promise<{ note: string; slotId: number; day: string }> {
  const client = new pg.Client({ connectionString: runningClusterUrl(sharedServer().dataDir) });
  await client.connect();
  try {
    const note = `E2E${tag}${Date.now().toString().slice(-8)}`;
    const day = addDays(businessDay(new Date()), 1);
    await client.query(
      `INSERT INTO delivery_note (tenant_id, note_number, supp_code, dept_code, status, packages, created_by)
       VALUES ('demo', $1, '100001', 'D0001', '已创建', 12, '100001')`,
      [note],
    );
    const hour = tag === 'zh' ? '20:00' : '21:00';
    const slot = await client.query<{ id: string }>(
      `INSERT INTO dock_slot (tenant_id, dept_code, slot_date, start_time, end_time, capacity_deliveries, capacity_packages, updated_by)
       VALUES ('demo', 'D0001', $1, $2::time, $2::time + interval '1 hour', 2, 100, 'e2e')
       ON CONFLICT (tenant_id, dept_code, slot_date, start_time) DO UPDATE SET capacity_deliveries = dock_slot.capacity_deliveries + 1
       RETURNING id`,
      [day, hour],
    );
    return { note, slotId: Number(slot.rows[0]!.id), day };
  } finally {
    await client.end();
  }
}

describe('dock booking', () => {
  it('lets 100001 book a slot for a delivery note (zh-CN)', async () => {
    const { note, day } = await setUp('zh');
    const page = await browser.page();
    await page.setViewportSize({ width: 1440, height: 900 });
    await loginAs(page, '100001', { to: '/deliveryBooking' });
    const row = page.getByRole('row').filter({ hasText: note });
    await row.getByRole('button', { name: /预\s*约/ }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByText(`选择时段：${note}`).waitFor();
    const slot = drawer.getByRole('region', { name: day }).getByRole('button').filter({ hasText: '20:00-21:00' });
    await slot.waitFor();
    expect(await violations(page, '.ant-drawer-section')).toEqual([]);
    await screenshot(page, 'booking-drawer-1440-zh-CN');
    await slot.click();
    await page.getByText(`已预约 ${day} 20:00-21:00`).first().waitFor();
    await row.getByText('待确认').waitFor();
    await row.getByRole('button', { name: /取消预约/ }).waitFor();
    expect(await violations(page)).toEqual([]);
    await screenshot(page, 'booking-1440-zh-CN');

    await page.setViewportSize({ width: 390, height: 844 });
    await row.getByText('待确认').waitFor();
    expect(await violations(page)).toEqual([]);
    await screenshot(page, 'booking-390-zh-CN');
    await row.getByRole('button', { name: /改\s*约/ }).click();
    await page.getByRole('dialog').getByText(`选择时段：${note}`).waitFor();
    expect(await violations(page, '.ant-drawer-section')).toEqual([]);
    await screenshot(page, 'booking-drawer-390-zh-CN');
  });

  it('lets the receiving desk confirm a booking on the dock board (en)', async () => {
    const { note, slotId, day } = await setUp('en');
    const booked = await apiAs('100001').call(dock.book, { body: { noteNumber: note, slotId } });
    expect(booked.status).toBe('待确认');
    const page = await browser.page();
    await page.setViewportSize({ width: 1440, height: 900 });
    await loginAs(page, 'recv01', { staff: true });
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.goto('/dockBoard');
    const date = page.getByLabel('Date');
    await date.click();
    await date.fill(day);
    await date.press('Enter');
    const booking = page.locator(`[data-booking="${note}"]`);
    await booking.getByText('Awaiting confirmation').waitFor();
    expect(await violations(page)).toEqual([]);
    await screenshot(page, 'board-1440-en');
    await page.getByRole('button', { name: 'Generate slots' }).click();
    await page.getByRole('dialog').getByText('Generate a week of slots from a pattern').waitFor();
    expect(await violations(page, '.ant-modal-container')).toEqual([]);
    await screenshot(page, 'board-generate-1440-en');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await booking.getByRole('button', { name: 'Confirm' }).click();
    await booking.getByText('Confirmed', { exact: true }).waitFor();
    const notes = await apiAs('100001').call(dock.listNotes);
    expect(notes.find((n) => n.noteNumber === note)?.booking?.status).toBe('已确认');

    await page.setViewportSize({ width: 390, height: 844 });
    await booking.getByText('Confirmed', { exact: true }).waitFor();
    expect(await violations(page)).toEqual([]);
    await screenshot(page, 'board-390-en');
    await booking.getByRole('button', { name: 'Refuse' }).click();
    await page.getByRole('dialog').getByLabel('Reason').waitFor();
    expect(await violations(page, '.ant-modal-container')).toEqual([]);
    await screenshot(page, 'board-refuse-390-en');
  });
});
