// The workflow of a new-product application: the supplier (main account, or a child holding the module's
// apply button) drafts, submits, withdraws and deletes; the buyer role owns the 采购审核 step and the
// qualification role the 资质审核 step. Admin reads every application but owns no step.
import { type ApplyStatus, goodsApply } from '@portal/contract';
import { type Who, defineWorkflow } from '../../platform/workflow/definition';

const { editable, underReview, stepRoles, applyButton } = goodsApply;
const supplier: readonly Who[] = [{ kind: 'main' }, { kind: 'child', button: applyButton }];
const buyer: readonly Who[] = [{ kind: 'staff', role: stepRoles['采购审核'] }];
const qualification: readonly Who[] = [{ kind: 'staff', role: stepRoles['资质审核'] }];
const atPurchase: readonly ApplyStatus[] = ['已提交', '采购审核'];

export const goodsApplyFlow = defineWorkflow({
  record: 'goods-apply',
  label: '新品申请',
  labelEn: 'new product application',
  module: goodsApply.applyModule,
  statusText: Object.fromEntries(goodsApply.applyStatuses.map((s) => [s, s])) as Record<ApplyStatus, string>,
  statusTextEn: goodsApply.applyStatusTextEn,
  transitions: {
    create: { from: [], to: '草稿', who: supplier, label: '新建', labelEn: 'create' },
    update: { from: editable, who: supplier, label: '修改', labelEn: 'edit' },
    submit: { from: editable, to: '已提交', who: supplier, label: '提交审核', labelEn: 'submit' },
    withdraw: { from: underReview, to: '草稿', who: supplier, label: '撤回', labelEn: 'withdraw' },
    delete: { from: ['草稿'], to: null, who: supplier, label: '删除', labelEn: 'delete' },
    accept: { from: ['已提交'], to: '采购审核', who: buyer, label: '受理', labelEn: 'accept' },
    purchaseApprove: { from: atPurchase, to: '资质审核', who: buyer, label: '采购审核通过', labelEn: 'approve (purchasing review)' },
    purchaseReject: { from: atPurchase, to: '驳回', who: buyer, label: '采购审核驳回', labelEn: 'reject (purchasing review)' },
    qualificationApprove: {
      from: ['资质审核'],
      to: '通过',
      who: qualification,
      label: '资质审核通过',
      labelEn: 'approve (qualification review)',
    },
    qualificationReject: {
      from: ['资质审核'],
      to: '驳回',
      who: qualification,
      label: '资质审核驳回',
      labelEn: 'reject (qualification review)',
    },
  },
});
export type ApplyAction = keyof typeof goodsApplyFlow.transitions;
