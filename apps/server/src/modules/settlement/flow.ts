// The workflows of settlement: a bill from 草稿 to 已支付 (or 作废), and a charge's dispute. Who may run
// each step: the supplier (main account, or a child holding the button), or the staff role owning the
// review step (contract: settlement.stepRoles); admin reads every bill but owns no step, as in the other reviews.
import { type BillAction, type BillStatus, settlement } from '@portal/contract';
import { type Who, defineWorkflow } from '../../platform/workflow/definition';
import type { SessionContext } from '../../platform/session-context';
import { mayRun } from '../../platform/workflow/who';

const { attachableBillStatuses, billButtons, chargeButtons, editableBillStatuses, reviewSteps, stepRoles } = settlement;
const supplierWith = (button: string): readonly Who[] => [{ kind: 'main' }, { kind: 'child', button }];
const owner = (step: settlement.ReviewStep): Who => ({ kind: 'staff', role: stepRoles[step] });
const clerk: readonly Who[] = [owner('审核')];
const invoiceDesk: readonly Who[] = [owner('发票确认')];
const finance: readonly Who[] = [owner('审批')];
const cashier: readonly Who[] = [owner('支付')];
/** A payment is the cashier's, or the finance system's reporting one through the integration API. */
const payer: readonly Who[] = [...cashier, { kind: 'client' }];
/** Any review step's owner may add files to a bill under review. */
const reviewers: readonly Who[] = reviewSteps.map(owner);

export const billFlow = defineWorkflow({
  record: 'sam-bill',
  label: '结算单',
  labelEn: 'bill',
  module: settlement.billModule,
  statusText: settlement.billStatusText,
  statusTextEn: settlement.billStatusTextEn,
  transitions: {
    create: { from: [], to: '草稿', who: supplierWith(billButtons.save), label: '新建', labelEn: 'create' },
    modify: { from: editableBillStatuses, who: supplierWith(billButtons.save), label: '修改', labelEn: 'modify' },
    attach: {
      from: attachableBillStatuses,
      who: [...supplierWith(billButtons.save), ...reviewers],
      label: '上传附件',
      labelEn: 'attach files to',
    },
    apply: { from: editableBillStatuses, to: '已提交', who: supplierWith(billButtons.apply), label: '提交', labelEn: 'submit' },
    delete: { from: ['草稿'], to: null, who: supplierWith(billButtons.delete), label: '删除', labelEn: 'delete' },
    // A rejected bill is back with its supplier, its documents released: it may drop them (modify) or void it.
    discard: { from: ['草稿', '已驳回'], to: '作废', who: supplierWith(billButtons.delete), label: '作废', labelEn: 'void' },
    invoice: { from: ['已审核'], who: supplierWith(billButtons.save), label: '录入发票', labelEn: 'enter invoices for' },
    audit: { from: ['已提交'], to: '已审核', who: clerk, label: '审核', labelEn: 'audit' },
    reject: { from: ['已提交'], to: '已驳回', who: clerk, label: '驳回', labelEn: 'reject' },
    rejectAudited: { from: ['已审核'], to: '已驳回', who: invoiceDesk, label: '驳回', labelEn: 'reject' },
    confirmInvoice: { from: ['已审核'], to: '发票确认', who: invoiceDesk, label: '发票确认', labelEn: 'confirm the invoices of' },
    returnInvoice: { from: ['发票确认'], to: '已审核', who: finance, label: '退回', labelEn: 'send back' },
    returnApproval: { from: ['已审批'], to: '发票确认', who: cashier, label: '退回', labelEn: 'send back' },
    approve: { from: ['发票确认'], to: '已审批', who: finance, label: '审批', labelEn: 'approve' },
    payPart: { from: ['已审批'], who: payer, label: '部分付款', labelEn: 'record a part payment of' },
    payFull: { from: ['已审批'], to: '已支付', who: payer, label: '付款', labelEn: 'pay' },
    void: { from: ['草稿', '已提交', '已驳回', '已审核', '发票确认'], to: '作废', who: clerk, label: '作废', labelEn: 'void' },
  },
});
export type BillFlowAction = keyof typeof billFlow.transitions;

/** The workflow steps behind each action a bill's screen offers. */
const stepsOf: Record<BillAction, readonly BillFlowAction[]> = {
  modify: ['modify'],
  apply: ['apply'],
  delete: ['delete'],
  void: ['discard', 'void'],
  invoice: ['invoice'],
  audit: ['audit'],
  reject: ['reject', 'rejectAudited'],
  confirmInvoice: ['confirmInvoice'],
  returnBack: ['returnInvoice', 'returnApproval'],
  approve: ['approve'],
  pay: ['payFull'],
};

/** What the caller may do to a bill in this state (`buttons`: a child account's buttons of the bill module). */
export function actionsFor(status: BillStatus, actor: SessionContext, buttons: ReadonlySet<string>): BillAction[] {
  return settlement.billActions.filter((action) =>
    stepsOf[action].some((step) => mayRun(billFlow.transitions[step], status, actor, buttons)),
  );
}

export const chargeFlow = defineWorkflow({
  record: 'sam-charge',
  label: '费用单',
  labelEn: 'charge',
  module: settlement.chargeModule,
  statusText: { 无: '无异议', 异议中: '异议中', 已答复: '已答复' },
  statusTextEn: { 无: 'Not disputed', 异议中: 'Disputed', 已答复: 'Answered' },
  transitions: {
    create: { from: [], to: '无', who: clerk, label: '新建', labelEn: 'raise' },
    dispute: { from: ['无', '已答复'], to: '异议中', who: supplierWith(chargeButtons.dispute), label: '提出异议', labelEn: 'dispute' },
    answer: { from: ['异议中'], to: '已答复', who: clerk, label: '答复异议', labelEn: 'answer the dispute of' },
  },
});
