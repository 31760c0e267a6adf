// @vitest-environment jsdom
// 审计日志 and 操作日志 as their users see them: the list asks for the last 7 days by default, a search sends the
// account and (staff only) the supplier, the export sends the same search without paging and shows only with the
// export button; an entry opens with its fields before and after, the change said in words as well as in colour.
import { audit, businessDay, common } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { fileTypes } from '../../api/download';
import i18n from '../../i18n';
import { fakeServer, fileAnswer, installBrowserParts, menuEntry, renderPage, savedFiles, signIn } from '../../test/page';
import ActivityPage from './activity-page';
import { EntryDrawer } from './entry-drawer';
import TrailPage from './trail-page';

beforeAll(installBrowserParts);

const row: audit.AuditRow = {
  id: '17',
  at: '2026-11-26 10:00:00',
  kind: 'change',
  action: 'update',
  actorKind: 'supplier',
  accountCode: '100001-01',
  accountName: '李娜',
  suppCode: '100001',
  suppName: '上海禾丰食品有限公司',
  roles: '',
  moduleCode: '',
  moduleName: '',
  moduleNameEn: '',
  objectType: 'account',
  objectId: '100001-01',
  clientIp: '10.0.0.7',
  requestId: 'req-1',
  callName: '/user/updateUserInfo',
};

const entry: audit.AuditEntry = {
  ...row,
  changes: [
    { field: 'email', label: '邮箱', labelEn: 'E-mail', before: null, after: 'li@example.com', change: 'added' },
    { field: 'mov_phone', label: '手机号', labelEn: 'Mobile phone', before: '13800138001', after: '13900139001', change: 'changed' },
    { field: 'remark', label: '备注', labelEn: 'Remark', before: 'old', after: '', change: 'changed' },
    { field: 'position', label: '职位', labelEn: 'Position', before: '业务员', after: '业务员', change: 'same' },
  ],
  detail: [{ key: 'note', value: 'by the child itself' }],
};

const button = (text: string) =>
  waitFor(() => {
    const found = [...document.querySelectorAll('button')].find((b) => b.textContent?.replace(/\s/g, '') === text.replace(/\s/g, ''));
    if (!found) throw new Error(`no button ${text}`);
    return found;
  });

const today = dayjs(businessDay(new Date()));
const lastWeek = { dateFrom: today.subtract(6, 'day').format('YYYY-MM-DD'), dateTo: today.format('YYYY-MM-DD') };

describe('audit trail pages', () => {
  it('staff: the last 7 days first, a search by account, the export of the same search, the supplier picker', async () => {
    signIn({ staff: true, supplierCode: '', supplierName: '' });
    const calls = fakeServer([
      [common.getAuthBtnList, ['export']],
      [audit.getAuditModules, [{ moduleCode: 'ms0031', name: '结算单', nameEn: 'Settlement bills' }]],
      [audit.getAuditTrail, { total: 1, list: [row] }],
      [audit.exportAuditTrail, fileAnswer(fileTypes.csv[0], 'audit.csv')],
    ]);
    const saved = savedFiles();
    renderPage(<TrailPage />, { path: '/auditTrail' });
    await waitFor(() => expect(calls.to(audit.getAuditTrail)).toHaveLength(1));
    expect(calls.to(audit.getAuditTrail)[0]!.body).toEqual({ page: 1, limit: 20, ...lastWeek });
    expect(await screen.findByText('审计日志')).toBeTruthy();

    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('操作人'), ' 李娜 ');
    await user.click(await button('查询'));
    await waitFor(() => expect(calls.to(audit.getAuditTrail)).toHaveLength(2));
    expect(calls.to(audit.getAuditTrail)[1]!.body).toEqual({ page: 1, limit: 20, ...lastWeek, account: '李娜' });

    await user.click(await button('导出CSV'));
    await waitFor(() => expect(calls.to(audit.exportAuditTrail)).toHaveLength(1));
    expect(calls.to(audit.exportAuditTrail)[0]!.body).toEqual({ ...lastWeek, account: '李娜', format: 'csv' });
    await waitFor(() => expect(saved).toEqual(['audit.csv']));
    // The supplier filter is the shared picker; the details button waits for a row.
    expect(screen.getByLabelText('供应商')).toBeTruthy();
    expect((await button('查看详情')).disabled).toBe(true);
  }, 90_000);

  it('a main account: no supplier filter, and no export without the button', async () => {
    signIn();
    const calls = fakeServer([
      [common.getAuthBtnList, []],
      [audit.getActivityModules, []],
      [audit.getActivityLog, { total: 1, list: [row] }],
    ]);
    renderPage(<ActivityPage />, { path: '/activityLog' });
    await waitFor(() => expect(calls.to(audit.getActivityLog)).toHaveLength(1));
    expect(calls.to(audit.getActivityLog)[0]!.body).toEqual({ page: 1, limit: 20, ...lastWeek });
    expect(await screen.findByText('操作日志')).toBeTruthy();
    await waitFor(() => expect(calls.to(common.getAuthBtnList)).toHaveLength(1));
    expect(screen.queryByLabelText('供应商')).toBeNull();
    expect([...document.querySelectorAll('button')].some((b) => b.textContent?.includes('导出'))).toBe(false);
  }, 90_000);

  it('staff opening 操作日志 are sent to 审计日志, and nothing is asked of the supplier calls', async () => {
    signIn({ staff: true, supplierCode: '', supplierName: '', menu: [menuEntry('/auditTrail', audit.auditTrailModule)] });
    const calls = fakeServer([]);
    renderPage(<ActivityPage />, { path: '/activityLog' });
    expect(await screen.findByText('零售商员工请在审计日志中查看全部操作记录，可按供应商筛选。')).toBeTruthy();
    expect(await button('打开审计日志')).toBeTruthy();
    expect(calls.to(audit.getActivityLog)).toHaveLength(0);
  });

  it('an entry shows who and where, then each field before and after, in words as well as colours', async () => {
    signIn();
    const calls = fakeServer([[audit.getActivityEntry, entry]]);
    renderPage(<EntryDrawer viewer="supplier" id="17" onClose={() => undefined} />);
    await waitFor(() => expect(calls.to(audit.getActivityEntry)).toHaveLength(1));
    expect(calls.to(audit.getActivityEntry)[0]!.query).toEqual({ id: '17' });
    const table = await screen.findByRole('table', { name: '变更前后对比' });
    const rows = within(table).getAllByRole('row').slice(1);
    const texts = rows.map((r) =>
      within(r)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    );
    expect(texts).toEqual([
      ['邮箱', '新增', '（无）', '新值 li@example.com'],
      ['手机号', '修改', '原值 13800138001', '新值 13900139001'],
      ['备注', '修改', '原值 old', '新值 （空）'],
      ['职位', '未变', '业务员', '业务员'],
    ]);
    // The old value is struck through (a <del>), the new one marked inserted (an <ins>).
    expect(rows[1]!.querySelector('del')?.textContent).toContain('13800138001');
    expect(rows[1]!.querySelector('ins')?.textContent).toContain('13900139001');
    expect(screen.getByText('李娜 (100001-01)')).toBeTruthy();
    expect(screen.getByText('10.0.0.7')).toBeTruthy();
    expect(screen.getByText('账号 100001-01')).toBeTruthy();
    expect(screen.getByText('by the child itself')).toBeTruthy();

    await i18n.changeLanguage('en');
    try {
      expect(await screen.findByRole('table', { name: 'Before and after' })).toBeTruthy();
      expect(screen.getByText('Mobile phone')).toBeTruthy();
      expect(screen.getByText('Account 100001-01')).toBeTruthy();
      expect(screen.getByText('Change · Updated')).toBeTruthy();
    } finally {
      await i18n.changeLanguage('zh-CN');
    }
  }, 90_000);

  it('an entry without fields (a failed sign-in) says so instead of an empty table', async () => {
    signIn({ staff: true, supplierCode: '', supplierName: '' });
    const failed: audit.AuditEntry = {
      ...entry,
      kind: 'sign-in-failed',
      action: 'bad-password',
      objectType: '',
      objectId: '',
      changes: [],
      detail: [],
    };
    fakeServer([[audit.getAuditEntry, failed]]);
    renderPage(<EntryDrawer viewer="staff" id="17" onClose={() => undefined} />);
    expect(await screen.findByText('这条日志没有记录字段变更')).toBeTruthy();
    expect(screen.getByText('登录失败 · 密码错误')).toBeTruthy();
    expect(screen.queryByRole('table', { name: '变更前后对比' })).toBeNull();
  }, 90_000);
});
