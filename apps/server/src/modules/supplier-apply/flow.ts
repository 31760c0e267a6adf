// The workflows of supplier admission. An application: the visitor submits it (已提交); a buyer (or admin)
// accepts it for the qualification review (资质审核) or returns it; the 资质 role (or admin) approves it
// (通过: the supplier and its main account are created) or returns it (驳回). A supplier's status:
// admitted 启用 by the approval, then 冻结, 停用 and 启用 again by staff holding the history module's button.
import { supplierApply } from '@portal/contract';
import { type Who, defineWorkflow } from '../../platform/workflow/definition';

const buyer: readonly Who[] = [
  { kind: 'staff', role: 'buyer' },
  { kind: 'staff', role: 'admin' },
];
const qualification: readonly Who[] = [
  { kind: 'staff', role: 'qualification' },
  { kind: 'staff', role: 'admin' },
];

export const applyFlow = defineWorkflow({
  record: 'supplier-apply',
  label: '合作申请',
  labelEn: 'supplier application',
  module: supplierApply.reviewModule,
  statusText: supplierApply.applyStatusText,
  statusTextEn: supplierApply.applyStatusTextEn,
  transitions: {
    // Written by the public submission itself (no session), never run by a caller.
    submit: { from: [], to: '已提交', who: [], label: '提交申请', labelEn: 'submit' },
    accept: { from: ['已提交'], to: '资质审核', who: buyer, label: '受理', labelEn: 'accept' },
    'return-submitted': { from: ['已提交'], to: '驳回', who: buyer, label: '驳回', labelEn: 'return' },
    approve: { from: ['资质审核'], to: '通过', who: qualification, label: '资质审核通过', labelEn: 'approve' },
    return: { from: ['资质审核'], to: '驳回', who: qualification, label: '驳回', labelEn: 'return' },
  },
});

const admitters: readonly Who[] = qualification;
const statusKeepers: readonly Who[] = [{ kind: 'staff', role: 'admin' }];

export const supplierFlow = defineWorkflow({
  record: 'supplier',
  label: '供应商',
  labelEn: 'supplier',
  module: supplierApply.historyModule,
  statusText: supplierApply.supplierStatusText,
  statusTextEn: supplierApply.supplierStatusTextEn,
  transitions: {
    admit: { from: [], to: '启用', who: admitters, label: '准入', labelEn: 'admit' },
    enable: { from: ['冻结', '停用'], to: '启用', who: statusKeepers, label: '启用', labelEn: 'enable' },
    freeze: { from: ['启用'], to: '冻结', who: statusKeepers, label: '冻结', labelEn: 'freeze' },
    disable: { from: ['启用', '冻结'], to: '停用', who: statusKeepers, label: '停用', labelEn: 'disable' },
  },
});

/** The transition that moves a supplier to a status. */
export const statusAction = { 启用: 'enable', 冻结: 'freeze', 停用: 'disable' } as const;
