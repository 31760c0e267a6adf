// Accessibility in Chromium, the supplier's side: axe-core scans the login pages, the public cooperation form and
// every screen the menu gives supplier 100001 (read from the server's menu, so screens added later are scanned too),
// plus the open states of the shell and the grid: the settings drawer, the password dialog, the column menu,
// find/replace, the order detail, the child-account editor, the new-product pickers and the print previews.
// Critical and serious violations fail, listed by rule and target. The staff's screens: accessibility-staff.e2e.ts.
import { describe, expect, it } from 'vitest';
import { closeDialog, newPage, pickerOpen, reportFindings, scan, scanMenuScreens, useAxeBrowser, visit } from '../support/axe';
import { loginAs } from '../support/browser';

useAxeBrowser();

describe('accessibility of the supplier side', () => {
  it('has no critical or serious axe violation on the public pages and the screens of a supplier', async () => {
    const page = await newPage();
    await page.goto('/login');
    await page.getByLabel('用户名').waitFor();
    await scan(page, '/login');
    await page.goto('/stafflogin');
    await page.getByLabel('用户名').waitFor();
    await scan(page, '/stafflogin');
    await page.goto('/coApply');
    await page.getByLabel('企业名称').waitFor();
    await scan(page, '/coApply');

    await loginAs(page, '100001');
    await scan(page, '100001 /dashboard');
    await scanMenuScreens(page, '100001');

    // The shell's dialogs and drawer.
    await page.getByRole('banner').getByLabel('系统设置').click();
    await page.locator('.ant-drawer-open').waitFor();
    await scan(page, 'settings drawer');
    await closeDialog(page);
    await page.getByRole('banner').getByLabel('用户菜单').click();
    await page.getByRole('menuitem', { name: '修改密码' }).click();
    await page.getByRole('dialog').waitFor();
    await scan(page, 'change-password dialog');
    await closeDialog(page);

    // A grid: its column menu and the find/replace dialog.
    await visit(page, '/purOrder');
    await page.getByRole('button', { name: '订单金额 筛选' }).click();
    await page.getByRole('dialog', { name: '订单金额 筛选' }).waitFor();
    await scan(page, 'grid column menu');
    await page.keyboard.press('Escape');
    await page.locator('[data-view="/purOrder"] revo-grid revogr-data[type="rgRow"] .rgCell').nth(1).click();
    await page.keyboard.press('Control+f');
    await page.getByRole('dialog', { name: '查找和替换' }).waitFor();
    await scan(page, 'grid find/replace dialog');
    await closeDialog(page);

    // The order detail and the child-account editor.
    const bill = (await page.locator('[data-view="/purOrder"] revo-grid revogr-data[type="rgRow"] .rgCell').first().textContent())?.trim();
    await visit(page, `/purOrder/detail?billNumber=${bill}`);
    await page.getByRole('button', { name: '返回列表' }).waitFor();
    await scan(page, 'order detail');
    await visit(page, '/employee/userDetail');
    // The save button waits (disabled, then spinning) until the next free account code has come.
    const save = page.locator('[data-view="/employee/userDetail"] .ant-card-extra .ant-btn-primary');
    await expect
      .poll(
        async () => (await save.isEnabled()) && (await page.locator('[data-view="/employee/userDetail"] .ant-btn-loading').count()) === 0,
      )
      .toBe(true);
    await scan(page, 'child-account editor');

    // The shared pickers open: the new-product form's category tree and brand tree.
    await visit(page, '/goodsApply');
    await page.getByRole('button', { name: '新建申请' }).click();
    const applyForm = page.getByRole('form', { name: '新建新品申请' });
    for (const label of ['商品类别', '品牌']) {
      await applyForm.getByLabel(label, { exact: true }).click();
      await pickerOpen(page);
      await scan(page, `new-product form, ${label} picker open`);
      await page.keyboard.press('Escape');
    }
    await closeDialog(page);

    // The print previews, drawn without the shell (loaded anew: they are outside the signed-in layout).
    for (const path of [`/preview?type=purOrder&billNumber=${bill}`, '/manageAdjustPrice', '/goodsChangeApproval']) {
      await page.goto(path);
      await page.locator('.print-sheet').first().waitFor();
      await scan(page, `print preview ${path}`);
    }

    reportFindings('supplier');
  }, 600_000);
});
