// The tenant's settlement settings and partner links, the supplier's contract and the accounting units.
import { z } from 'zod';
import { defineCall } from '../call';
import { pageOf, pageParams } from '../paging';
import { suppCode } from './fields';
import { billModule } from './states';

export const isEnableSCM = defineCall({
  area: 'settlement',
  method: 'GET',
  path: '/samData/isEnableSCM',
  module: billModule,
  summary: 'Whether supplier settlement is enabled for the tenant (setting SAM_ENABLE)',
  data: z.boolean(),
});

export const CSFSamUrl = defineCall({
  area: 'settlement',
  method: 'GET',
  path: '/samData/CSFSamUrl',
  module: billModule,
  summary: "A signed link to the partner's settlement service for the supplier (expires after 5 minutes)",
  query: z.object(suppCode),
  data: z.string(),
});

export const CSFVoiceUrl = defineCall({
  area: 'settlement',
  method: 'GET',
  path: '/samData/CSFVoiceUrl',
  module: billModule,
  summary: "A signed link to the partner's e-invoice service for the supplier, carrying requestBody (e.g. a bill number)",
  query: z.object({ ...suppCode, requestBody: z.string().trim().max(2000).default('') }),
  data: z.string(),
});

export const isAdvanceSAM = defineCall({
  area: 'settlement',
  method: 'GET',
  path: '/samData/isAdvanceSAM',
  module: billModule,
  summary: 'Whether the supplier may make advance bills (预付结算)',
  query: z.object(suppCode),
  data: z.boolean(),
});
/** Business modes (经营方式) and settlement cycles of a contract, and its states, with their English labels. */
export const businessModeTextEn: Readonly<Record<string, string>> = {
  经销: 'Distribution',
  代销: 'Consignment',
  联营: 'Concession',
  租赁: 'Lease',
};
export const settleCycleTextEn: Readonly<Record<string, string>> = { 月结: 'Monthly', 周结: 'Weekly' };
export const contractStatuses = ['生效', '已到期', '未生效'] as const;
export const contractStatusTextEn: Record<(typeof contractStatuses)[number], string> = {
  生效: 'In force',
  已到期: 'Expired',
  未生效: 'Not yet in force',
};

export const contractTerm = z.object({
  clauseNo: z.string(),
  /** charge: a fee the retailer deducts; rebate: a rebate on a target. */
  kind: z.enum(['charge', 'rebate', 'payment', 'other']),
  name: z.string(),
  /** How it is computed, in words (e.g. '季度含税进货额的 2%，达成目标 1,200,000.00 时'). */
  basis: z.string(),
  /** A rate in percent, or '' when a fixed amount. */
  rate: z.string(),
  amount: z.string(),
});

export const supplierContract = z.object({
  contractNo: z.string(),
  suppCode: z.string(),
  suppName: z.string(),
  /** 甲方: the retailer's accounting unit. */
  nodeCode: z.string(),
  nodeName: z.string(),
  businessMode: z.string(),
  settleCycle: z.string(),
  payTermDays: z.number().int(),
  startDate: z.string(),
  endDate: z.string(),
  signedDate: z.string(),
  status: z.enum(contractStatuses),
  terms: z.array(contractTerm),
});
export type SupplierContract = z.infer<typeof supplierContract>;

export const getContractBySupp = defineCall({
  area: 'settlement',
  method: 'GET',
  path: '/samData/getContractBySupp',
  module: billModule,
  summary: "The supplier's contract: 经营方式, settlement cycle, payment term, agreed charges and rebates",
  query: z.object(suppCode),
  data: supplierContract,
});

export const preViewContractPDF = defineCall({
  area: 'settlement',
  method: 'GET',
  path: '/samData/preViewContractPDF',
  module: billModule,
  summary: "The supplier's contract as a PDF (Chinese text in an embedded font), streamed",
  query: z.object(suppCode),
  data: z.string(),
});

export const accountingUnit = z.object({
  unitCode: z.string(),
  unitName: z.string(),
  taxNumber: z.string(),
  address: z.string(),
  bankName: z.string(),
  bankAccount: z.string(),
});
export type AccountingUnit = z.infer<typeof accountingUnit>;

export const accountingUnitPage = defineCall({
  area: 'settlement',
  method: 'POST',
  path: '/accountingUnit/page',
  signedIn: "reference data of the tenant (the retailer's legal entities that settle), read by the settlement pages' filters",
  summary: 'Accounting units (结算主体), paged, optionally matching a keyword in code or name',
  body: z.object({ ...pageParams, keyword: z.string().trim().max(64).optional() }).nullish(),
  data: pageOf(accountingUnit),
});
