// Calls of settlement (modules ms0031 bills and ms0032 charges) with their query keys; every change is a
// mutation that refetches what it changes (the bill, the lists, the charges).
import { type CallBody, type CallData, settlement } from '@portal/contract';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import type { RefObject } from 'react';
import { call } from '../../api/client';
import { useChange } from '../../lib/react-query';
import { dashboardKeys } from '../../lib/query-keys';
import { useViewShown } from '../../lib/use-view-shown';
import { searchOf } from '../../components/server-list/search-of';

export type BillListQuery = CallBody<typeof settlement.querySamBillQueryList>;
export type CostQuery = CallBody<typeof settlement.getSamCostData>;
export type ChargeListQuery = CallBody<typeof settlement.getChargeList>;
export type CostPage = CallData<typeof settlement.getSamCostData>;
export type Totals = CallData<typeof settlement.calcSamBillTotals>;
export type BillForm = CallBody<typeof settlement.samBillSave>;
export type InvoiceForm = CallBody<typeof settlement.saveSamBillInvoice>['invoice'];
export type PaymentForm = CallBody<typeof settlement.recordSamBillPayment>['payment'];
export type Attachment = CallData<typeof settlement.getAttachmentLisBySAMChgInv>[number];

export const settlementKeys = { all: ['settlement'] as const };
const key = (...parts: unknown[]) => [...settlementKeys.all, ...parts];

const withoutPaging = <T extends { page: number; limit: number; sort?: unknown }>(query: T) => {
  const search = searchOf(query);
  return search;
};

export const billPageQuery = (query: BillListQuery) =>
  queryOptions({
    queryKey: key('bills', query),
    queryFn: () => call(settlement.querySamBillQueryList, { body: query }),
    placeholderData: (previous) => previous,
  });

export async function billColumnValues(query: BillListQuery, field: string): Promise<string[]> {
  return (await call(settlement.getSamBillColumnValues, { body: { ...withoutPaging(query), field } }, { silent: true })).values;
}

export const advancePageQuery = (query: Omit<BillListQuery, 'billKind'>) =>
  queryOptions({
    queryKey: key('advance', query),
    queryFn: () => call(settlement.getSamAdvanceBillList, { body: query }),
    placeholderData: (previous) => previous,
  });

/** Silent: the detail page shows why a bill cannot be opened in place of the bill. */
export const billDetailQuery = (samBillNum: string) =>
  queryOptions({
    queryKey: key('bill', samBillNum),
    queryFn: () => call(settlement.getSamBillQueryDetail, { body: { samBillNum } }, { silent: true }),
    enabled: Boolean(samBillNum),
    retry: false,
  });

export const checkDetailsQuery = (samBillNum: string, page: number, limit: number) =>
  queryOptions({
    queryKey: key('bill', samBillNum, 'checks', page, limit),
    queryFn: () => call(settlement.getSamBillCheckDetails, { body: { samBillNum, page, limit } }),
    enabled: Boolean(samBillNum),
    placeholderData: (previous) => previous,
  });

export const allCheckDetailsQuery = (samBillNum: string) =>
  queryOptions({
    queryKey: key('bill', samBillNum, 'all-checks'),
    queryFn: () => call(settlement.getAllSamBillCheckDetails, { body: { samBillNum } }),
    enabled: Boolean(samBillNum),
  });

export const costPageQuery = (query: CostQuery | null) =>
  queryOptions({
    queryKey: key('costs', query),
    queryFn: () => call(settlement.getSamCostData, { body: query! }),
    enabled: query !== null,
    placeholderData: (previous) => previous,
  });

export const totalsQuery = (body: CallBody<typeof settlement.calcSamBillTotals> | null) =>
  queryOptions({
    queryKey: key('totals', body),
    queryFn: () => call(settlement.calcSamBillTotals, { body: body! }),
    enabled: body !== null && body.sources.length > 0,
    placeholderData: (previous) => previous,
  });

export async function chargeColumnValues(query: ChargeListQuery, field: string): Promise<string[]> {
  return (await call(settlement.getChargeColumnValues, { body: { ...withoutPaging(query), field } }, { silent: true })).values;
}

export const chargePageQuery = (query: ChargeListQuery) =>
  queryOptions({
    queryKey: key('charges', query),
    queryFn: () => call(settlement.getChargeList, { body: query }),
    placeholderData: (previous) => previous,
  });

export const unitsQuery = queryOptions({
  queryKey: key('units'),
  queryFn: () => call(settlement.accountingUnitPage, { body: { page: 1, limit: 200 } }),
  staleTime: 5 * 60_000,
});

export const advanceAllowedQuery = (suppCode?: string) =>
  queryOptions({
    queryKey: key('advance-allowed', suppCode ?? ''),
    queryFn: () => call(settlement.isAdvanceSAM, { query: suppCode ? { suppCode } : {} }, { silent: true }),
    staleTime: 60_000,
  });

export const contractQuery = (suppCode?: string) =>
  queryOptions({
    queryKey: key('contract', suppCode ?? ''),
    queryFn: () => call(settlement.getContractBySupp, { query: suppCode ? { suppCode } : {} }, { silent: true }),
    retry: false,
  });

export const attachmentsQuery = (billNumber: string) =>
  queryOptions({
    queryKey: key('attachments', billNumber),
    queryFn: () => call(settlement.getAttachmentLisBySAMChgInv, { query: { billNumber, invoiceInside: '1' } }),
    enabled: Boolean(billNumber),
  });

type Ref = { samBillNum: string };
type Reason = Ref & { reason: string };
type Note = Ref & { note: string };

export const useSaveBill = () =>
  useChange((form: BillForm) => call(settlement.samBillSave, { body: form }), [settlementKeys.all, dashboardKeys.all]);
export const useModifyBill = () =>
  useChange(
    (body: CallBody<typeof settlement.samBillModify>) => call(settlement.samBillModify, { body }),
    [settlementKeys.all, dashboardKeys.all],
  );
export const useApplyBill = () =>
  useChange((body: Ref & { version?: number }) => call(settlement.applySamBill, { body }), [settlementKeys.all, dashboardKeys.all]);
export const useDeleteBill = () =>
  useChange(({ samBillNum }: Ref) => call(settlement.delSamBill, { query: { samBillNum } }), [settlementKeys.all, dashboardKeys.all]);
export const useVoidBill = () =>
  useChange((body: Reason) => call(settlement.voidSamBill, { body }), [settlementKeys.all, dashboardKeys.all]);
export const useAuditBill = () =>
  useChange((body: Note) => call(settlement.auditSamBill, { body }), [settlementKeys.all, dashboardKeys.all]);
export const useRejectBill = () =>
  useChange((body: Reason) => call(settlement.rejectSamBill, { body }), [settlementKeys.all, dashboardKeys.all]);
export const useConfirmInvoice = () =>
  useChange((body: Note) => call(settlement.confirmSamBillInvoice, { body }), [settlementKeys.all, dashboardKeys.all]);
export const useReturnBill = () =>
  useChange((body: Reason) => call(settlement.returnSamBill, { body }), [settlementKeys.all, dashboardKeys.all]);
export const useApproveBill = () =>
  useChange((body: Note) => call(settlement.approveSamBill, { body }), [settlementKeys.all, dashboardKeys.all]);
export const usePayBill = () =>
  useChange(
    (body: Ref & { payment: PaymentForm }) => call(settlement.recordSamBillPayment, { body }),
    [settlementKeys.all, dashboardKeys.all],
  );
export const useSaveInvoice = () =>
  useChange(
    (body: Ref & { invoice: InvoiceForm }) => call(settlement.saveSamBillInvoice, { body }, { silent: true }),
    [settlementKeys.all, dashboardKeys.all],
  );
export const useDeleteInvoice = () =>
  useChange((body: Ref & { invoiceId: string }) => call(settlement.delSamBillInvoice, { body }), [settlementKeys.all, dashboardKeys.all]);
export const useAttachBillFiles = () =>
  useChange((body: Ref & { fileIds: string[] }) => call(settlement.attachSamBillFiles, { body }), [settlementKeys.all, dashboardKeys.all]);
export const useSaveCharge = () =>
  useChange(
    (body: CallBody<typeof settlement.saveCharge>) => call(settlement.saveCharge, { body }),
    [settlementKeys.all, dashboardKeys.all],
  );
export const useDisputeCharge = () =>
  useChange(
    (body: { chargeCode: string; note: string }) => call(settlement.disputeCharge, { body }),
    [settlementKeys.all, dashboardKeys.all],
  );
export const useAnswerDispute = () =>
  useChange(
    (body: CallBody<typeof settlement.answerChargeDispute>) => call(settlement.answerChargeDispute, { body }),
    [settlementKeys.all, dashboardKeys.all],
  );

/** Every settlement query read afresh when the page holding `element` is shown again (a kept tab). */
export function useFreshWhenShown(element: RefObject<HTMLElement | null>) {
  const client = useQueryClient();
  useViewShown(element, () => void client.invalidateQueries({ queryKey: settlementKeys.all }));
}
