// The confirmation workflow of a purchase order (issue 29, part A): the supplier reads it, confirms it in full or
// in part, or declines it; a changed version from the retailer (integration ingest) sends it back to 已下达.
// Receiving (部分到货, 已完成) and the retailer's closing (已过期, 已关闭) follow the documents, not this table.
import { ModuleCode, purchaseOrder } from '@portal/contract';
import { type Who, defineWorkflow } from '../../platform/workflow/definition';

type Status = (typeof purchaseOrder.orderStatuses)[number];
const waiting: readonly Status[] = purchaseOrder.waitingStatuses;
const supplierWith = (button: string): readonly Who[] => [{ kind: 'main' }, { kind: 'child', button }];
const anySupplierReader: readonly Who[] = [{ kind: 'main' }];

const statusText = Object.fromEntries(purchaseOrder.orderStatuses.map((s) => [s, s])) as Record<Status, string>;

export const orderFlow = defineWorkflow({
  record: 'pur-order',
  label: '采购订单',
  labelEn: 'purchase order',
  module: ModuleCode.purchaseOrder,
  statusText,
  statusTextEn: purchaseOrder.orderStatusTextEn,
  transitions: {
    // Reading is written by the detail call itself for main and child accounts alike (its gate let them in), never
    // run through transition(); the entry names the action and states for the history.
    read: { from: ['已下达'], to: '已阅读', who: anySupplierReader, label: '阅读', labelEn: 'read' },
    confirm: { from: waiting, to: '已确认', who: supplierWith(purchaseOrder.orderButtons.confirm), label: '确认', labelEn: 'confirm' },
    confirmPartly: {
      from: waiting,
      to: '部分确认',
      who: supplierWith(purchaseOrder.orderButtons.confirm),
      label: '部分确认',
      labelEn: 'confirm',
    },
    decline: { from: waiting, to: '已拒绝', who: supplierWith(purchaseOrder.orderButtons.decline), label: '拒绝', labelEn: 'decline' },
    reopen: {
      from: ['已阅读', '已确认', '部分确认', '已拒绝'],
      to: '已下达',
      who: [{ kind: 'client' }],
      label: '变更待重新确认',
      labelEn: 'reopen',
    },
  },
});
