// The workflows of settlement: a bill from 草稿 to 已支付 (or 作废), and a charge's dispute. Who may run
// each step: the supplier (main account, or a child holding the button), or the staff role owning the
// review step (contract: settlement.stepRoles); admin reads every bill but owns no step, as in the other reviews.
import { type BillAction, type BillStatus, settlement } from '@portal/contract';
import { type Who, defineWorkflow } from '../../platform/workflow/definition';
import type { SessionContext } from '../../platform/session-context';

const { attachableBillStatuses, billButtons, chargeButtons, editableBillStatuses, reviewSteps, stepRoles } = settlement;
const supplierWith = (button: string): readonly Who[] => [{ kind: 'main' }, { kind: 'child', button }];
const owner = (step: settlement.ReviewStep): Who => ({ kind: 'staff', role: stepRoles[step] });
const clerk: readonly Who[] = [owner('审核')];
const invoiceDesk: readonly Who[] = [owner('发票确认')];
const finance: readonly Who[] = [owner('审批')];
const cashier: readonly Who[] = [owner('支付')];
/** Any review step's owner may add files to a bill under review. */
const reviewers: readonly Who[] = reviewSteps.map(owner);

export const billFlow = defineWorkflow({
  record: 'sam-bill',
  label: '结算单',
  module: settlement.billModule,
  statusText: settlement.billStatusText,
  transitions: {
    create: { from: [], to: '草稿', who: supplierWith(billButtons.save), label: '新建' },
    modify: { from: editableBillStatuses, who: supplierWith(billButtons.save), label: '修改' },
    attach: {
      from: attachableBillStatuses,
      who: [...supplierWith(billButtons.save), ...reviewers],
      label: '上传附件',
    },
    apply: { from: editableBillStatuses, to: '已提交', who: supplierWith(billButtons.apply), label: '提交' },
    delete: { from: ['草稿'], to: null, who: supplierWith(billButtons.delete), label: '删除' },
    discard: { from: ['草稿'], to: '作废', who: supplierWith(billButtons.delete), label: '作废' },
    invoice: { from: ['已审核'], who: supplierWith(billButtons.save), label: '录入发票' },
    audit: { from: ['已提交'], to: '已审核', who: clerk, label: '审核' },
    reject: { from: ['已提交'], to: '已驳回', who: clerk, label: '驳回' },
    rejectAudited: { from: ['已审核'], to: '已驳回', who: invoiceDesk, label: '驳回' },
    confirmInvoice: { from: ['已审核'], to: '发票确认', who: invoiceDesk, label: '发票确认' },
    returnInvoice: { from: ['发票确认'], to: '已审核', who: finance, label: '退回' },
    returnApproval: { from: ['已审批'], to: '发票确认', who: cashier, label: '退回' },
    approve: { from: ['发票确认'], to: '已审批', who: finance, label: '审批' },
    payPart: { from: ['已审批'], who: cashier, label: '部分付款' },
    payFull: { from: ['已审批'], to: '已支付', who: cashier, label: '付款' },
    void: { from: ['草稿', '已提交', '已驳回', '已审核', '发票确认'], to: '作废', who: clerk, label: '作废' },
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

function may(who: Who, actor: SessionContext, buttons: ReadonlySet<string>): boolean {
  if (who.kind === 'staff') return actor.kind === 'staff' && actor.roleCode === who.role;
  if (actor.kind !== 'supplier') return false;
  if (who.kind === 'main') return !actor.parentCode;
  return Boolean(actor.parentCode) && buttons.has(who.button);
}

/** What the caller may do to a bill in this state (`buttons`: a child account's buttons of the bill module). */
export function actionsFor(status: BillStatus, actor: SessionContext, buttons: ReadonlySet<string>): BillAction[] {
  return settlement.billActions.filter((action) =>
    stepsOf[action].some((step) => {
      const t = billFlow.transitions[step];
      return t.from.includes(status) && t.who.some((who) => may(who, actor, buttons));
    }),
  );
}

export const chargeFlow = defineWorkflow({
  record: 'sam-charge',
  label: '费用单',
  module: settlement.chargeModule,
  statusText: { 无: '无异议', 异议中: '异议中', 已答复: '已答复' },
  transitions: {
    create: { from: [], to: '无', who: clerk, label: '新建' },
    dispute: { from: ['无', '已答复'], to: '异议中', who: supplierWith(chargeButtons.dispute), label: '提出异议' },
    answer: { from: ['异议中'], to: '已答复', who: clerk, label: '答复异议' },
  },
});
