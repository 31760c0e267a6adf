// @vitest-environment jsdom
// The bill's action buttons as a user meets them: which buttons a bill in a state offers to a supplier's
// account (by its buttons) and to staff, in their order; what a confirmed action sends; a reason that must
// be given; a payment checked against what is unpaid.
import { type BillDetail, common, settlement } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeServer, installBrowserParts, renderPage, signIn } from '../../test/page';
import { BillActions } from './bill-actions';

beforeAll(installBrowserParts);

const billOf = (actions: settlement.BillAction[]) =>
  ({ actions, header: { samBillNum: 'SB202601001', version: 3, unpaidAmount: '1200.50' } }) as unknown as BillDetail;

/** The action bar's buttons by their texts, once `count` of them show. */
const shownButtons = async (count: number) => {
  const buttons = () => [...document.querySelectorAll('.ant-space')[0]!.querySelectorAll('button')];
  await waitFor(() => expect(buttons()).toHaveLength(count));
  return buttons().map((b) => b.textContent?.replace(/\s/g, ''));
};

/** The action bar's button of a text (antd spaces two-character texts: 驳 回). */
const actionButton = async (text: string) => {
  return waitFor(() => {
    const found = [...document.querySelectorAll('.ant-space')[0]!.querySelectorAll('button')].find(
      (b) => b.textContent?.replace(/\s/g, '') === text,
    );
    if (!found) throw new Error(`no button ${text}`);
    return found;
  });
};

/** The open dialog, found by a text it shows. */
const dialogWith = async (text: string) => (await screen.findByText(text)).closest('.ant-modal') as HTMLElement;
const okOf = (dialog: HTMLElement) =>
  within(dialog)
    .getByText(/^确\s*定$/)
    .closest('button')!;

describe('bill actions', () => {
  it("offers a supplier's draft the actions its account holds buttons for, in order", async () => {
    signIn({ staff: false });
    fakeServer([[common.getAuthBtnList, ['save', 'delete']]]);
    renderPage(<BillActions bill={billOf(['modify', 'apply', 'delete', 'void', 'invoice'])} onDeleted={() => undefined} />);
    // 提交 needs the apply button, which this account lacks; 作废 needs none.
    expect(await shownButtons(4)).toEqual(['修改', '录入发票', '作废', '删除']);
  });

  it('offers staff the review actions the server lists, whatever the buttons', async () => {
    signIn({ staff: true });
    fakeServer([[common.getAuthBtnList, []]]);
    renderPage(<BillActions bill={billOf(['void', 'reject', 'audit'])} onDeleted={() => undefined} />);
    expect(await shownButtons(3)).toEqual(['审核通过', '驳回', '作废']);
  });

  it('submits a draft only after the user confirms, sending its number and version', async () => {
    signIn({ staff: false });
    const server = fakeServer([[common.getAuthBtnList, ['save', 'apply', 'delete']]]);
    renderPage(<BillActions bill={billOf(['modify', 'apply'])} onDeleted={() => undefined} />);
    const user = userEvent.setup({ delay: null });
    await user.click(await actionButton('提交'));
    const dialog = await dialogWith('确定对结算单 SB202601001 执行“提交”？');
    expect(server.to(settlement.applySamBill)).toHaveLength(0);
    await user.click(okOf(dialog));
    await waitFor(() => expect(server.to(settlement.applySamBill)).toHaveLength(1));
    expect(server.to(settlement.applySamBill)[0]!.body).toEqual({ samBillNum: 'SB202601001', version: 3 });
    expect(await screen.findByText('提交成功')).toBeTruthy();
  }, 90_000);

  it('rejects only with a reason, and sends the reason trimmed', async () => {
    signIn({ staff: true });
    const server = fakeServer([[common.getAuthBtnList, []]]);
    renderPage(<BillActions bill={billOf(['audit', 'reject'])} onDeleted={() => undefined} />);
    const user = userEvent.setup({ delay: null });
    await user.click(await actionButton('驳回'));
    const dialog = await dialogWith('驳回 SB202601001');
    await user.click(okOf(dialog));
    expect(await within(dialog).findByText('请填写原因')).toBeTruthy();
    expect(server.to(settlement.rejectSamBill)).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('原因'), '  金额不符  ');
    await user.click(okOf(dialog));
    await waitFor(() => expect(server.to(settlement.rejectSamBill)).toHaveLength(1));
    expect(server.to(settlement.rejectSamBill)[0]!.body).toEqual({ samBillNum: 'SB202601001', reason: '金额不符' });
  }, 90_000);

  it('refuses a payment above what is unpaid and records one within it', async () => {
    signIn({ staff: true });
    const server = fakeServer([[common.getAuthBtnList, []]]);
    renderPage(<BillActions bill={billOf(['pay'])} onDeleted={() => undefined} />);
    const user = userEvent.setup({ delay: null });
    await user.click(await actionButton('登记付款'));
    const dialog = await dialogWith('登记付款 SB202601001');
    const amount = within(dialog).getByLabelText('付款金额');
    // The whole unpaid amount is offered.
    expect((amount as HTMLInputElement).value).toBe('1200.50');
    await user.clear(amount);
    await user.type(amount, '1200.51');
    await user.click(okOf(dialog));
    expect(await within(dialog).findByText('付款金额超过未付金额')).toBeTruthy();
    expect(server.to(settlement.recordSamBillPayment)).toHaveLength(0);
    await user.clear(amount);
    await user.type(amount, '200');
    await user.click(okOf(dialog));
    await waitFor(() => expect(server.to(settlement.recordSamBillPayment)).toHaveLength(1));
    expect(server.to(settlement.recordSamBillPayment)[0]!.body).toMatchObject({
      samBillNum: 'SB202601001',
      payment: { amount: '200', payMethod: '银行转账', reference: '', note: '' },
    });
  }, 90_000);
  it('closes the confirm dialog on a refused submit (409), shows why, and leaves no page error', async () => {
    signIn({ staff: false });
    const refusal = '已结算，无法重复结算：验收单 YS20261001-0003（结算单 JS202610-0005）';
    const server = fakeServer([
      [common.getAuthBtnList, ['save', 'apply', 'delete']],
      [
        settlement.applySamBill,
        () =>
          new Response(JSON.stringify({ code: '0', message: refusal, data: null }), {
            status: 409,
            headers: { 'content-type': 'application/json' },
          }),
      ],
    ]);
    renderPage(<BillActions bill={billOf(['modify', 'apply', 'void'])} onDeleted={() => undefined} />);
    const user = userEvent.setup({ delay: null });
    await user.click(await actionButton('提交'));
    const dialog = await dialogWith('确定对结算单 SB202601001 执行“提交”？');
    await user.click(okOf(dialog));
    await waitFor(() => expect(server.to(settlement.applySamBill)).toHaveLength(1));
    expect(await screen.findByText(refusal)).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('确定对结算单 SB202601001 执行“提交”？')).toBeNull());
    expect(screen.queryByText('提交成功')).toBeNull();
  }, 90_000);
});
