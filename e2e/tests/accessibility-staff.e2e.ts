// Accessibility in Chromium, the retailer's side: axe-core scans every screen the menu gives admin (read from the
// server's menu), the query pages with their supplier and category pickers open, and the hidden supplier history.
// Critical and serious violations fail, listed by rule and target. The supplier's side: accessibility.e2e.ts.
import { describe, it } from 'vitest';
import { newPage, pickerOpen, reportFindings, scan, scanMenuScreens, useAxeBrowser, visit } from '../support/axe';
import { loginAs } from '../support/browser';

useAxeBrowser();

describe('accessibility of the staff side', () => {
  it('has no critical or serious axe violation on the screens of staff', async () => {
    const staffPage = await newPage();
    await loginAs(staffPage, 'admin', { staff: true });
    await scan(staffPage, 'admin /dashboard');
    await scanMenuScreens(staffPage, 'admin');
    // The query page's parameter pickers open: the supplier list and the category tree.
    await visit(staffPage, '/scmQuery/dynamic/query/RECV_BY_STORE_MONTH');
    await staffPage.getByRole('combobox', { name: '供应商' }).click();
    await pickerOpen(staffPage, false);
    await scan(staffPage, 'query page, supplier picker open');
    await staffPage.keyboard.press('Escape');
    await visit(staffPage, '/scmQuery/dynamic/query/SLOW_MOVERS');
    await staffPage.getByRole('combobox', { name: '商品类别' }).click();
    await pickerOpen(staffPage);
    await scan(staffPage, 'query page, category picker open');
    await staffPage.keyboard.press('Escape');
    // The hidden supplier history (a module of the menu, not shown in it).
    await visit(staffPage, '/ZeroMaster/historySupplier');
    await scan(staffPage, 'admin /ZeroMaster/historySupplier');

    reportFindings('staff');
  }, 600_000);
});
