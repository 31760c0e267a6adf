// The vocabulary of a settlement bill: its modules and buttons, its states and who may edit them, what can
// be done to it, and the kinds and settle states of the source documents it settles.
import { z } from 'zod';
import { ModuleCode } from '../modules';

/** Bills (ms0031) and charges (ms0032): the modules that grant the calls below. */
export const billModule = ModuleCode.settlementBill;
export const chargeModule = ModuleCode.charges;

/** Buttons of 结算单 (ms0031) a child account needs for the calls that name them. */
export const billButtons = { save: 'save', apply: 'apply', delete: 'delete', export: 'export' } as const;
/** Buttons of 费用明细 (ms0032). */
export const chargeButtons = { dispute: 'dispute', export: 'export' } as const;

// ---------------------------------------------------------------------------------------------------------
// States and their texts

/** States of a settlement bill (domain.md): the values are the texts people read. */
export const billStatuses = ['草稿', '已提交', '已驳回', '已审核', '发票确认', '已审批', '已支付', '作废'] as const;
export const billStatus = z.enum(billStatuses);
export type BillStatus = z.infer<typeof billStatus>;
export const billStatusText: Record<BillStatus, string> = {
  草稿: '草稿',
  已提交: '已提交',
  已驳回: '已驳回',
  已审核: '已审核',
  发票确认: '发票确认',
  已审批: '已审批',
  已支付: '已支付',
  作废: '作废',
};
/** The states in English (the screens' and the exports' label; the value stays the Chinese word). */
export const billStatusTextEn: Record<BillStatus, string> = {
  草稿: 'Draft',
  已提交: 'Submitted',
  已驳回: 'Rejected',
  已审核: 'Audited',
  发票确认: 'Invoices confirmed',
  已审批: 'Approved',
  已支付: 'Paid',
  作废: 'Void',
};
/** States in which a bill holds its documents (a document is in at most one such bill). */
export const liveBillStatuses: readonly BillStatus[] = ['草稿', '已提交', '已审核', '发票确认', '已审批', '已支付'];
/** States the supplier may still edit (modify the documents, remark) and submit: the server's workflow and the screens read this one list. */
export const editableBillStatuses: readonly BillStatus[] = ['草稿', '已驳回'];
/** States in which files may still be attached to a bill (by the supplier, or staff of a review step). */
export const attachableBillStatuses: readonly BillStatus[] = ['草稿', '已驳回', '已提交', '已审核', '发票确认'];

/**
 * What can be done to a bill, by whom (the `actions` a bill's detail lists for its caller):
 * supplier: modify, apply (提交), delete (draft), void (draft), invoice (enter invoices in 已审核);
 * staff: audit (审核), reject (驳回), confirmInvoice (发票确认), returnBack (退回上一步), approve (审批), pay (付款), void (作废).
 */
export const billActions = [
  'modify',
  'apply',
  'delete',
  'void',
  'invoice',
  'audit',
  'reject',
  'confirmInvoice',
  'returnBack',
  'approve',
  'pay',
] as const;
export const billAction = z.enum(billActions);
export type BillAction = z.infer<typeof billAction>;
export const billActionText: Record<BillAction, string> = {
  modify: '修改',
  apply: '提交',
  delete: '删除',
  void: '作废',
  invoice: '录入发票',
  audit: '审核',
  reject: '驳回',
  confirmInvoice: '发票确认',
  returnBack: '退回',
  approve: '审批',
  pay: '付款',
};

/** Settle state of a source document (receiving note, return note, charge, prepayment). */
export const settleStatuses = ['未结算', '结算中', '已结算'] as const;
export const settleStatus = z.enum(settleStatuses);
export type SettleStatus = z.infer<typeof settleStatus>;
export const settleStatusTextEn: Record<SettleStatus, string> = { 未结算: 'Unsettled', 结算中: 'In a bill', 已结算: 'Settled' };

/** Kinds of source document a bill settles, with their sign: receipts +, returns -, deducted charges -, prepayment offset -. */
export const sourceTypes = ['receiving', 'return', 'charge', 'prepay'] as const;
export const sourceType = z.enum(sourceTypes);
export type SourceType = z.infer<typeof sourceType>;
export const sourceTypeText: Record<SourceType, string> = {
  receiving: '验收单',
  return: '退货单',
  charge: '费用单',
  prepay: '预付款冲销',
};
export const sourceTypeTextEn: Record<SourceType, string> = {
  receiving: 'Receiving',
  return: 'Return',
  charge: 'Charge',
  prepay: 'Prepayment offset',
};

/** Normal bills settle due documents; advance bills (预付结算) documents not yet due, for suppliers allowed to. */
export const billKinds = ['normal', 'advance'] as const;
export const billKind = z.enum(billKinds);
export const billKindText: Record<(typeof billKinds)[number], string> = { normal: '普通结算', advance: '预付结算' };
export const billKindTextEn: Record<(typeof billKinds)[number], string> = { normal: 'Normal', advance: 'Advance' };
