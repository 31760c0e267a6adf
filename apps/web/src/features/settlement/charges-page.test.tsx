// @vitest-environment jsdom
// 费用明细 as the settlement clerk raises a charge (新增费用): only the clerk of the 审核 step is offered it; a fee
// the fair-trade rules bar is refused before anything is sent; a charge goes out with its supplier, store,
// month, clause and calculation; a refusal of the server is shown and the drawer keeps the work.
import { type Charge, common, settlement } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeServer, installBrowserParts, renderPage, signIn } from '../../test/page';
import ChargesPage from './charges-page';

beforeAll(installBrowserParts);

const clerk = { staff: true, employeeCode: 'clerk01', supplierCode: '', supplierName: '', roles: [settlement.stepRoles['审核']] };

const saved = (body: Record<string, unknown>): Charge =>
  ({
    ...body,
    chargeCode: 'FY202611-0042',
    suppName: '上海禾丰食品有限公司',
    deptName: '上海虹口店',
    signedAmount: `-${String(body.amount)}`,
    settleStatus: '未结算',
    samBillNum: '',
    disputeStatus: '无',
    disputeNote: '',
    disputeBy: '',
    disputeAt: '',
    answerNote: '',
    answerBy: '',
    answerAt: '',
    attachments: [],
  }) as unknown as Charge;

function serverFor(saveCharge: (body: Record<string, unknown>) => unknown) {
  return fakeServer([
    [settlement.getChargeList, { total: 0, list: [] }],
    [common.getAuthBtnList, []],
    [
      common.getSupplierInfo,
      { total: 1, list: [{ suppCode: '100001', suppName: '上海禾丰食品有限公司', creditCode: '', businessMode: '经销', status: '启用' }] },
    ],
    [common.getDeptList, [{ deptCode: 'S0101', deptName: '上海虹口店', deptType: 'store', city: '上海', online: true }]],
    [settlement.saveCharge, (sent: { body: unknown }) => saveCharge(sent.body as Record<string, unknown>)],
  ]);
}

const raiseButton = () => [...document.querySelectorAll('button')].find((b) => b.textContent?.replace(/\s/g, '') === '新增费用');

async function choose(user: ReturnType<typeof userEvent.setup>, form: HTMLElement, label: string, option: string) {
  await user.click(within(form).getByLabelText(label));
  await user.click(await screen.findByTitle(option));
}

async function openForm(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await waitFor(() => raiseButton() ?? Promise.reject(new Error('no 新增费用'))));
  return screen.findByRole('form', { name: '新增费用' });
}

/**
 * Types into a field as a paste, after clearing it (which focuses it): one input event, where typing character by
 * character re-renders the big form once a key (seconds on a loaded machine).
 */
async function enter(user: ReturnType<typeof userEvent.setup>, form: HTMLElement, label: string, text: string) {
  await user.clear(within(form).getByLabelText(label));
  await user.paste(text);
}

async function fillForm(user: ReturnType<typeof userEvent.setup>, form: HTMLElement, name: string) {
  await choose(user, form, '供应商', '100001 上海禾丰食品有限公司');
  await choose(user, form, '门店', 'S0101 上海虹口店');
  await enter(user, form, '费用名称', name);
  await enter(user, form, '金额（含税）', '800.00');
  await enter(user, form, '合同条款', '合同第 6.2 条 堆头陈列费');
  await enter(user, form, '计算方式', '上海虹口店 端架陈列 8 天');
}

const saveOf = (form: HTMLElement) => within(form).getByRole('button', { name: /保\s*存/ });

describe('charges page: 新增费用', () => {
  it('is offered to the settlement clerk only', async () => {
    for (const user of [
      { staff: false },
      { staff: true, employeeCode: 'admin', supplierCode: '', roles: ['admin'] },
      { staff: true, employeeCode: 'finance01', supplierCode: '', roles: [settlement.stepRoles['审批']] },
    ]) {
      signIn(user);
      const server = serverFor(() => null);
      const page = renderPage(<ChargesPage />, { path: '/samCharges' });
      await waitFor(() => expect(server.to(settlement.getChargeList)).toHaveLength(1));
      await screen.findByText('查看详情');
      expect(raiseButton(), JSON.stringify(user.roles)).toBeUndefined();
      page.unmount();
    }
    signIn(clerk);
    serverFor(() => null);
    renderPage(<ChargesPage />, { path: '/samCharges' });
    await waitFor(() => expect(raiseButton()).toBeDefined());
  }, 90_000);

  it('refuses a barred fee before sending, raises a fair one with all its facts, and keeps the work on a refusal', async () => {
    signIn(clerk);
    let refuse = true;
    const server = serverFor((body) => {
      if (refuse) throw new Error('供应商 100001 已停用，不能新增费用');
      return saved(body);
    });
    renderPage(<ChargesPage />, { path: '/samCharges' });
    const user = userEvent.setup({ delay: null });
    const form = await openForm(user);
    await fillForm(user, form, '店庆费 上海虹口店');
    await user.click(saveOf(form));
    expect(await within(form).findByText('「店庆费」属于零供交易公平交易管理办法禁止收取的费用，不能新增')).toBeTruthy();
    expect(server.to(settlement.saveCharge)).toHaveLength(0);

    await enter(user, form, '费用名称', '堆头陈列费 上海虹口店');
    const name = within(form).getByLabelText('费用名称');
    await user.click(saveOf(form));
    // The server's refusal is shown; the drawer stays open with what was typed.
    expect(await screen.findByText('供应商 100001 已停用，不能新增费用')).toBeTruthy();
    expect(server.to(settlement.saveCharge)).toHaveLength(1);
    expect((name as HTMLInputElement).value).toBe('堆头陈列费 上海虹口店');

    refuse = false;
    await user.click(saveOf(form));
    expect(await screen.findByText('费用 FY202611-0042 已新增，供应商可查看和提出异议')).toBeTruthy();
    expect(server.to(settlement.saveCharge)[1]!.body).toMatchObject({
      suppCode: '100001',
      deptCode: 'S0101',
      chargeType: settlement.chargeTypes[0],
      chargeName: '堆头陈列费 上海虹口店',
      direction: 'deduct',
      amount: '800.00',
      taxRate: '6',
      clause: '合同第 6.2 条 堆头陈列费',
      calculation: '上海虹口店 端架陈列 8 天',
      period: expect.stringMatching(/^\d{4}-\d{2}$/),
      chargeDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    // Saved: the list is asked again (the new charge shows).
    await waitFor(() => expect(server.to(settlement.getChargeList).length).toBeGreaterThan(1));
    // A big antd form in jsdom: each click re-renders it (about a second a step on a loaded 2-core machine).
  }, 120_000);
});
