// HTTP of settlement: bills, their review, invoices and payments, charges, contracts and accounting units.
import { type Language, settlement } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { datedName, exportColumnsIn, labelledRows, listExport } from '../../platform/list-export';
import { registerCall, registerDownload } from '../../platform/route';
import { scopeOf } from '../../platform/scope';
import * as attachments from './attachments/service';
import * as read from './bills/read';
import * as repo from './bills/repo';
import * as service from './bills/service';
import * as chargeRepo from './charges/repo';
import * as charges from './charges/service';
import { contractPdf } from './contracts/contract-pdf';
import * as contracts from './contracts/service';
import * as invoices from './invoices/service';
import * as review from './review/service';

const s = settlement;
const numeric = new Set<string>([
  'goodsAmount',
  'returnAmount',
  'chargeAmount',
  'prepayAmount',
  'payableAmount',
  'paidAmount',
  'unpaidAmount',
  'invoiceAmount',
  'lineCount',
]);

/** Names of the exports (and their sheets) in each language. */
const exportNames: Record<'bills' | 'charges' | 'contract', Record<Language, string>> = {
  bills: { 'zh-CN': '结算单', en: 'Settlement bills' },
  charges: { 'zh-CN': '费用明细', en: 'Charges' },
  contract: { 'zh-CN': '合同', en: 'Contract' },
};

/** A charge's direction as the export writes it (its Chinese text), in English. */
const directionTextEn = Object.fromEntries(s.chargeDirections.map((d) => [s.chargeDirectionText[d], s.chargeDirectionTextEn[d]]));

export function settlementRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    // Settings and partner links
    registerCall(app, s.isEnableSCM, ({ session }) => contracts.isEnabled(ctx.db, session.tenantId));
    registerCall(app, s.CSFSamUrl, ({ session, query }) => contracts.partnerLink(ctx, session, 'sam', query.suppCode));
    registerCall(app, s.CSFVoiceUrl, ({ session, query }) =>
      contracts.partnerLink(ctx, session, 'invoice', query.suppCode, query.requestBody),
    );
    registerCall(app, s.isAdvanceSAM, ({ session, query }) => contracts.isAdvance(ctx, session, query.suppCode));

    // Lists
    registerCall(app, s.querySamBillQueryList, ({ session, body }) =>
      repo.billList.page(ctx.db, scopeOf(session, body.suppCode), read.billFilter(body), body),
    );
    registerCall(app, s.getSamAdvanceBillList, ({ session, body }) =>
      repo.billList.page(ctx.db, scopeOf(session, body.suppCode), { ...read.billFilter(body), billKind: 'advance' }, body),
    );
    registerCall(app, s.getSamBillColumnValues, ({ session, body }) =>
      repo.billList.columnValues(ctx.db, scopeOf(session, body.suppCode), read.billFilter(body), body.filters, body.field),
    );
    registerDownload(app, s.exportSamBillList, async ({ session, body, language }) => {
      const rows = repo.billList.exportBatches(ctx.db, scopeOf(session, body.suppCode), read.billFilter(body), body);
      const batches = labelledRows(rows, language, {
        status: { en: s.billStatusTextEn },
        billKind: { 'zh-CN': s.billKindText, en: s.billKindTextEn },
      });
      const columns = exportColumnsIn(s.billColumns, language, (c) => numeric.has(c.field));
      return listExport({ format: body.format, name: datedName(exportNames.bills[language], ctx.now()), columns, rows: { batches } });
    });
    registerDownload(app, s.exportChargeList, async ({ session, body, language }) => {
      const rows = charges.exportRows(ctx.db, scopeOf(session, body.suppCode), body, body);
      const batches = labelledRows(rows, language, {
        chargeType: { en: s.chargeTypeTextEn },
        direction: { en: directionTextEn },
        settleStatus: { en: s.settleStatusTextEn },
        disputeStatus: { en: s.disputeStatusTextEn },
      });
      const columns = exportColumnsIn(s.chargeExportColumns, language, (c) => c.field === 'signedAmount');
      return listExport({ format: body.format, name: datedName(exportNames.charges[language], ctx.now()), columns, rows: { batches } });
    });

    // One bill
    registerCall(app, s.getSamBillDetail, ({ session, body }) => read.detail(ctx, session, body.samBillNum, body.suppCode));
    registerCall(app, s.getSamBillQueryDetail, ({ session, body }) => read.detail(ctx, session, body.samBillNum, body.suppCode));
    registerCall(app, s.isExistBill, ({ session, body }) => read.isExist(ctx, session, body));
    registerCall(app, s.getSamBillPayList, ({ session, body }) => read.payList(ctx, session, body.samBillNum, body.suppCode));
    registerCall(app, s.getSamBillCheckDetails, ({ session, body }) =>
      read.checkDetails(ctx, session, body.samBillNum, body.suppCode, { page: body.page, limit: body.limit }),
    );
    registerCall(
      app,
      s.getAllSamBillCheckDetails,
      async ({ session, body }) => (await read.checkDetails(ctx, session, body.samBillNum, body.suppCode)).list,
    );
    registerCall(app, s.getSamBillCharges, ({ session, body }) => read.billCharges(ctx, session, body.samBillNum, body.suppCode));
    registerCall(app, s.getAllChargesDetailByBillNum, ({ session, query }) =>
      read.billCharges(ctx, session, query.samBillNum, query.suppCode),
    );
    registerCall(app, s.getAttachmentLisBySAMChgInv, ({ session, query }) => attachments.attachments(ctx, session, query));

    // Making a bill
    registerCall(app, s.getSamCostData, ({ session, body }) => service.costData(ctx, session, body));
    registerCall(app, s.calcSamBillTotals, ({ session, body }) => service.calcTotals(ctx, session, body));
    registerCall(app, s.newBillNumber, ({ session }) => service.newBillNumber(ctx.db, session.tenantId, ctx.now()));
    registerCall(app, s.samBillSave, ({ session, body }) => service.save(ctx, session, body));
    registerCall(app, s.samBillModify, ({ session, body }) => service.modify(ctx, session, body));
    registerCall(app, s.applySamBill, ({ session, body }) => service.apply(ctx, session, body));
    registerCall(app, s.delSamBill, ({ session, query }) => service.remove(ctx, session, query.samBillNum));
    registerCall(app, s.attachSamBillFiles, ({ session, body }) => attachments.attach(ctx, session, body));
    registerCall(app, s.saveSamBillInvoice, ({ session, body }) => invoices.saveInvoice(ctx, session, body));
    registerCall(app, s.delSamBillInvoice, ({ session, body }) => invoices.deleteInvoice(ctx, session, body));

    // Review, void, payment
    registerCall(app, s.auditSamBill, ({ session, body }) => review.review(ctx, session, 'audit', body));
    registerCall(app, s.rejectSamBill, ({ session, body }) => review.review(ctx, session, 'reject', body));
    registerCall(app, s.confirmSamBillInvoice, ({ session, body }) => review.review(ctx, session, 'confirmInvoice', body));
    registerCall(app, s.returnSamBill, ({ session, body }) => review.review(ctx, session, 'returnBack', body));
    registerCall(app, s.approveSamBill, ({ session, body }) => review.review(ctx, session, 'approve', body));
    registerCall(app, s.voidSamBill, ({ session, body }) => review.review(ctx, session, 'void', body));
    registerCall(app, s.recordSamBillPayment, ({ session, body }) => review.pay(ctx, session, body));

    // Charges
    registerCall(app, s.getChargeList, ({ session, body }) => charges.page(ctx, session, body));
    registerCall(app, s.getChargeColumnValues, ({ session, body }) =>
      chargeRepo.chargeList.columnValues(ctx.db, scopeOf(session, body.suppCode), body, body.filters, body.field),
    );
    registerCall(app, s.getChargesDetailByBillNum, ({ session, query }) => charges.detail(ctx, session, query.billNumber, query.suppCode));
    registerCall(app, s.saveCharge, ({ session, body }) => charges.create(ctx, session, body));
    registerCall(app, s.disputeCharge, ({ session, body }) => charges.dispute(ctx, session, body.chargeCode, body.note));
    registerCall(app, s.answerChargeDispute, ({ session, body }) => charges.answer(ctx, session, body));

    // Contracts and accounting units
    registerCall(app, s.getContractBySupp, ({ session, query }) => contracts.contractOf(ctx, session, query.suppCode));
    registerDownload(app, s.preViewContractPDF, async ({ session, query, language }) => {
      const contract = await contracts.contractOf(ctx, session, query.suppCode);
      const fileName = `${exportNames.contract[language]}_${contract.contractNo}.pdf`;
      return { fileName, contentType: 'application/pdf', body: contractPdf(contract) };
    });
    registerCall(app, s.accountingUnitPage, ({ session, body }) => contracts.accountingUnits(ctx, session, body));
  };
}
