// Calls of the print preview: a print type's templates, one record to print (each type's own call, in the
// caller's scope) and the price adjustments or goods changes the titled previews list.
import { common, print } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../api/client';

export type PrintType = common.PrintType;
export type ListedType = (typeof print.printableListTypes)[number];

const recordCalls = {
  purOrder: print.getPurOrderPrint,
  receiving: print.getReceivingPrint,
  samBill: print.getSamBillPrint,
  adjustPrice: print.getAdjustPricePrint,
  goodsChange: print.getGoodsChangePrint,
} as const satisfies Record<PrintType, unknown>;

export const isPrintType = (value: string): value is PrintType => Object.hasOwn(common.printTypes, value);

export const templatesQuery = (printTypeCode: PrintType) =>
  queryOptions({
    queryKey: ['print', 'templates', printTypeCode],
    queryFn: () => call(common.getPrintTemplateAll, { query: { printTypeCode } }, { silent: true }),
  });

export const recordQuery = (printTypeCode: PrintType, billNumber: string, suppCode?: string) =>
  queryOptions({
    queryKey: ['print', 'record', printTypeCode, billNumber, suppCode ?? ''],
    queryFn: () => call(recordCalls[printTypeCode], { query: { billNumber, ...(suppCode ? { suppCode } : {}) } }, { silent: true }),
    enabled: billNumber !== '',
  });

export const printableRecordsQuery = (printTypeCode: ListedType) =>
  queryOptions({
    queryKey: ['print', 'records', printTypeCode],
    queryFn: () => call(print.getPrintableRecords, { query: { printTypeCode } }),
  });
