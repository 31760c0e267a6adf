// Settlement's refusals that clients may recognise by their exact text, in each language.
import type { Localized } from '../language';

/** Messages clients may recognise by their exact text (the Chinese one when the caller names no language). */
export const SettlementMessages = {
  settledOnce: { 'zh-CN': '已结算，无法重复结算', en: 'Already settled; a document cannot be settled twice' },
  staleVersion: { 'zh-CN': '结算单已被修改，请刷新后重试', en: 'The bill has been changed; please refresh and try again' },
  notEnabled: { 'zh-CN': '未启用供应商结算', en: 'Supplier settlement is not enabled' },
  advanceNotAllowed: { 'zh-CN': '该供应商未开通预付结算', en: 'This supplier may not make advance bills' },
  disputedCharge: { 'zh-CN': '费用有异议未答复，不能结算', en: 'A disputed charge not yet answered cannot be settled' },
  barredCharge: {
    'zh-CN': '该费用属于零供交易公平交易管理办法禁止收取的费用',
    en: 'This fee is barred by the retailer-supplier fair-trade rules',
  },
  overpaid: { 'zh-CN': '付款金额超过未付金额', en: 'The payment exceeds the unpaid amount' },
  invoiceMismatch: { 'zh-CN': '发票金额与结算单不符', en: "The invoices do not match the bill's amounts" },
  negativePayable: { 'zh-CN': '应付金额不能为负', en: 'The payable amount cannot be negative' },
} as const satisfies Record<string, Localized>;
