// The inbound documents service (docs/integration.md "Documents"): every door (ERP call, staff import, seed, demo
// feed) hands a batch of one entity's documents to `ingest`. Per document: checked by its schema, its codes looked
// up in the sender's tenant, its version compared with the registry (created, updated, unchanged, stale), the rules
// checked, then applied. Each document is all-or-nothing; the batch is one transaction of set-based statements
// (the registry rows are locked in key order first, so concurrent batches on the same documents queue and the
// highest version wins), with one `integration_batch` row per call.
import { type Localized, fromUnits, integration, toUnits } from '@portal/contract';
import type { Kysely, Transaction } from 'kysely';
import type { DB, IntegrationRefusalRow } from '../../../db/schema';
import { ApiError } from '../../../platform/errors';
import { type EventActor, recordEvent } from '../../../platform/events';
import type { ClientActor } from '../../../platform/workflow/definition';
import { recordHistory } from '../../../platform/workflow/history';
import { orderFlow } from '../../purchase-order/flow';
import { checkNoteReceiving, markNotesReceived, type ReceivingActor } from '../../delivery-note/note-receiving';
import { paymentsOfDocuments, recordPayment } from '../../settlement/review/service';
import * as repo from './repo';
import { jobActor } from '../../../db/audit-context';
import { recordAuditEvent } from '../../audit/record';

type PurchaseOrderDoc = integration.PurchaseOrderDoc;
type ReceivingDoc = integration.ReceivingDoc;
type ReturnDoc = integration.ReturnDoc;
type ChargeDoc = integration.ChargeDoc;
type PaymentDoc = integration.PaymentDoc;
type PrepayDoc = integration.PrepayDoc;
type BillPaymentDoc = integration.BillPaymentDoc;
type SupplierDoc = integration.SupplierDoc;
type StoreDoc = integration.StoreDoc;
type AccUnitDoc = integration.AccUnitDoc;
type CategoryDoc = integration.CategoryDoc;
type BrandDoc = integration.BrandDoc;
type GoodsDoc = integration.GoodsDoc;
type ContractDoc = integration.ContractDoc;
type BatchAnswer = integration.BatchAnswer;
type BatchCounts = integration.BatchCounts;
type DocumentEntity = integration.DocumentEntity;
type DocumentOutcome = integration.DocumentOutcome;
type DocumentRefusal = integration.DocumentRefusal;
type DocumentResult = integration.DocumentResult;

/** Where a batch comes from: the tenant is always the sender's, never the payload's. */
export interface Sender {
  tenantId: string;
  source: 'api' | 'import' | 'seed' | 'feed';
  /** The integration client (API calls). */
  clientId?: string | null;
  /** Its name (API calls): a bill's history names the client that reported its payment. */
  clientName?: string | null;
  /** The staff account (imports, and receiving at the dock: modules/delivery-note). */
  accountId?: number | null;
  /** That account's code and name, for the history of what it changed (a delivery note it received). */
  account?: { code: string; name: string } | null;
}

/**
 * What the service needs: the database (an AppContext has it; the seed passes its own). A transaction works too:
 * the batch then runs in a savepoint of it and commits with it.
 */
export interface IngestContext {
  db: Kysely<DB>;
}

/** Refusals kept in a batch's log row (the answer lists them all). */
const loggedRefusals = 200;

const tooLarge = (texts: Localized) => new ApiError(413, '413', texts);

const refusal = (path: string, zh: string, en: string): DocumentRefusal => ({ path, reason: { 'zh-CN': zh, en } });

interface Parsed<D> {
  index: number;
  key: string;
  version: number;
  doc: D;
}

interface CodeSets {
  goods: Map<string, repo.GoodsFacts>;
}

/** A code a document names: its kind, field path and value. */
type Ref = [repo.CodeKind, string, string];

const codeNames: Record<repo.CodeKind, { zh: string; en: string }> = {
  supplier: { zh: '供应商编码', en: 'supplier code' },
  store: { zh: '门店编码', en: 'store code' },
  goods: { zh: '商品编码', en: 'goods code' },
  accUnit: { zh: '结算主体编码', en: 'accounting unit code' },
  category: { zh: '品类编码', en: 'category code' },
  brand: { zh: '品牌编码', en: 'brand code' },
};

/** One entity: its codes and how a batch of its documents is checked against stored rows and written. */
interface Handler<D> {
  /** The codes of the portal's master data a document names, which must exist in the sender's tenant. */
  codes(doc: D): Ref[];
  /** Checks the rules that read stored rows, writes the documents that pass and answers the refusals of the others. */
  apply(trx: Transaction<DB>, sender: Sender, docs: Parsed<D>[], codes: CodeSets): Promise<Map<string, DocumentRefusal[]>>;
}

// ---------------------------------------------------------------------------------------------------------------
// Entities

/** Supplier, store and the lines' goods of an order, receiving bill or return note. */
const documentRefs = (d: { supplierCode: string; storeCode: string; lines: { goodsCode: string }[] }): Ref[] => [
  ['supplier', 'supplierCode', d.supplierCode],
  ['store', 'storeCode', d.storeCode],
  ...d.lines.map((l, i): Ref => ['goods', `lines.${i}.goodsCode`, l.goodsCode]),
];

const sumUnits = (values: string[], places: number) =>
  fromUnits(
    values.reduce((s, v) => s + toUnits(v, places), 0n),
    places,
  );

const purchaseOrders: Handler<PurchaseOrderDoc> = {
  codes: (d) => documentRefs(d),
  async apply(trx, sender, docs, codes) {
    const refused = new Map<string, DocumentRefusal[]>();
    const lineArrays = (list: Parsed<PurchaseOrderDoc>[]): repo.OrderLineArrays => {
      const l: repo.OrderLineArrays = { key: [], lineNo: [], goodsCode: [], qty: [], freeQty: [], price: [], amount: [], taxRate: [] };
      for (const { key, doc } of list)
        for (const line of doc.lines) {
          l.key.push(key);
          l.lineNo.push(line.lineNo);
          l.goodsCode.push(line.goodsCode);
          l.qty.push(line.qty);
          l.freeQty.push(line.freeQty);
          l.price.push(line.price);
          l.amount.push(line.amount);
          l.taxRate.push(line.taxRate ?? codes.goods.get(line.goodsCode)!.tax_rate);
        }
      return l;
    };
    const below = await repo.ordersBelowReceived(
      trx,
      sender.tenantId,
      docs.map((d) => d.key),
      lineArrays(docs),
    );
    for (const [key, line] of below) {
      const index = docs.find((d) => d.key === key)!.doc.lines.findIndex((l) => l.lineNo === line.lineNo);
      refused.set(key, [
        line.qty === null
          ? refusal(
              'lines',
              `采购订单 ${key} 第 ${line.lineNo} 行已到货 ${line.received}, 不能删除`,
              `Line ${line.lineNo} of purchase order ${key} has received ${line.received} and cannot be removed`,
            )
          : refusal(
              `lines.${index}.qty`,
              `采购订单 ${key} 第 ${line.lineNo} 行的数量 ${line.qty} 不能小于已到货数量 ${line.received}`,
              `Line ${line.lineNo} of purchase order ${key}: quantity ${line.qty} cannot be below the received ${line.received}`,
            ),
      ]);
    }
    const apply = docs.filter((d) => !refused.has(d.key));
    if (apply.length === 0) return refused;
    const o: repo.OrderArrays = {
      key: [],
      state: [],
      suppCode: [],
      deptCode: [],
      categoryCode: [],
      orderDate: [],
      validDays: [],
      deliveryDate: [],
      deliveryMode: [],
      orderType: [],
      totalQty: [],
      totalAmount: [],
    };
    for (const { key, doc } of apply) {
      o.key.push(key);
      o.state.push(doc.state);
      o.suppCode.push(doc.supplierCode);
      o.deptCode.push(doc.storeCode);
      o.categoryCode.push(doc.categoryCode ?? codes.goods.get(doc.lines[0]!.goodsCode)!.category_code);
      o.orderDate.push(doc.orderDate);
      o.validDays.push(doc.validDays);
      o.deliveryDate.push(doc.deliveryDate);
      o.deliveryMode.push(doc.deliveryMode);
      o.orderType.push(doc.orderType);
      o.totalQty.push(
        sumUnits(
          doc.lines.map((l) => l.qty),
          3,
        ),
      );
      o.totalAmount.push(
        sumUnits(
          doc.lines.map((l) => l.amount),
          2,
        ),
      );
    }
    const incoming = lineArrays(apply);
    // A changed version of an order its supplier read, confirmed or declined goes back for confirmation (issue 29).
    const changes = await repo.markChangedLines(trx, sender.tenantId, o, incoming);
    // The seed's history is nobody's news; every other sender's new orders are their suppliers' (notifications).
    const existing = sender.source === 'seed' ? new Set(o.key) : await repo.existingOrders(trx, sender.tenantId, o.key);
    await repo.writeOrders(trx, sender.tenantId, o, incoming);
    await repo.markNewLines(trx, sender.tenantId, changes);
    await reopenChanged(trx, sender, changes);
    await issued(
      trx,
      sender,
      o.key.filter((key) => !existing.has(key)),
    );
    // Receiving that came before the order (or before a line) counts on it now.
    await repo.refreshReceived(trx, sender.tenantId, o.key);
    return refused;
  },
};

/** Who sent a batch, as the outbox names it. */
const eventActorOf = (sender: Sender): EventActor =>
  sender.clientId ? `client:${sender.clientId}` : sender.accountId ? `account:${sender.accountId}` : `system:${sender.source}`;

/** The events of orders the batch issued (new, waiting for confirmation), in its transaction. */
async function issued(trx: Transaction<DB>, sender: Sender, keys: string[]) {
  for (const row of await repo.issuedOrders(trx, sender.tenantId, keys))
    await recordEvent(trx, {
      tenantId: sender.tenantId,
      suppCode: row.supp_code,
      topic: 'purchase-order.order.issued',
      subject: row.key,
      payload: {
        billNumber: row.key,
        suppCode: row.supp_code,
        deptCode: row.dept_code,
        orderDate: row.order_date,
        deliveryDate: row.delivery_date,
        totalAmount: row.total_amount,
        confirmDueAt: row.confirm_due_at?.toISOString() ?? '',
      },
      actor: eventActorOf(sender),
    });
}

/** The orders a changed version sends back for confirmation: 已下达 again, its event and history in this transaction. */
async function reopenChanged(trx: Transaction<DB>, sender: Sender, changes: repo.OrderChange[]) {
  const reopened = await repo.reopenOrders(
    trx,
    sender.tenantId,
    changes.map((c) => c.key),
  );
  const actor = payingActor(sender);
  const eventActor = eventActorOf(sender);
  for (const row of reopened) {
    const change = changes.find((c) => c.key === row.key)!;
    // An order still waiting (已下达) keeps waiting with a new deadline and its marks (its supplier hears it changed);
    // the others are reopened.
    if (change.status === '已下达') {
      if (sender.source !== 'seed')
        await recordEvent(trx, {
          tenantId: sender.tenantId,
          suppCode: change.suppCode,
          topic: 'purchase-order.order.changed',
          subject: row.key,
          payload: {
            billNumber: row.key,
            suppCode: change.suppCode,
            confirmDueAt: row.confirm_due_at.toISOString(),
            version: row.version,
            changedLines: change.lines,
          },
          actor: eventActor,
        });
      continue;
    }
    await recordHistory(trx, orderFlow, {
      tenantId: sender.tenantId,
      recordId: row.key,
      action: 'reopen',
      from: change.status,
      to: '已下达',
      actor: { code: actor.employeeCode, name: actor.employeeName },
      note: `变更行 ${change.lines.join(', ') || '-'}${change.removed ? `，删除 ${change.removed} 行` : ''}`,
      detail: { changedLines: change.lines, newLines: change.newLines, removedLines: change.removed },
    });
    await recordEvent(trx, {
      tenantId: sender.tenantId,
      suppCode: change.suppCode,
      topic: 'purchase-order.order.reopened',
      subject: row.key,
      payload: {
        billNumber: row.key,
        suppCode: change.suppCode,
        previousStatus: change.status,
        confirmDueAt: row.confirm_due_at.toISOString(),
        version: row.version,
        changedLines: change.lines,
      },
      actor: eventActor,
    });
  }
}

/** Refusals of documents inside a live settlement bill whose settled lines would change. */
async function billedRefusals(
  trx: Transaction<DB>,
  tenantId: string,
  kind: 'receiving' | 'return',
  docs: Parsed<ReceivingDoc | ReturnDoc>[],
  lines: repo.LineArrays,
): Promise<Map<string, DocumentRefusal[]>> {
  const refused = new Map<string, DocumentRefusal[]>();
  const bills = await repo.liveBills(
    trx,
    tenantId,
    kind,
    docs.map((d) => d.key),
  );
  if (bills.size === 0) return refused;
  const only: repo.LineArrays = { key: [], lineNo: [], goodsCode: [], qty: [], amount: [], suppCode: [], deptCode: [], date: [] };
  lines.key.forEach((key, i) => {
    if (!bills.has(key)) return;
    for (const field of Object.keys(only) as (keyof repo.LineArrays)[]) (only[field] as unknown[]).push(lines[field][i]);
  });
  // A billed document with no lines in the batch cannot happen (a document has at least one line).
  const changed = await repo.billedChanges(trx, tenantId, kind === 'receiving' ? 'acceptance' : 'return_note', only);
  const noun = kind === 'receiving' ? { zh: '验收单', en: 'Receiving bill' } : { zh: '退货单', en: 'Return note' };
  for (const [key, lineNo] of changed) {
    const bill = bills.get(key)!;
    refused.set(key, [
      refusal(
        'lines',
        `${noun.zh} ${key} 已在结算单 ${bill} 中: 第 ${lineNo} 行的数量、金额、供应商、门店和日期不能改变, 行也不能增删`,
        `${noun.en} ${key} is in settlement bill ${bill}: line ${lineNo} cannot change its quantity, amount, supplier, store or date, and no line may be added or removed`,
      ),
    ]);
  }
  return refused;
}

/** Who a delivery note's history and event name for receiving that came through this sender. */
function receivingActor(sender: Sender): ReceivingActor {
  if (sender.clientId)
    return { event: `client:${sender.clientId}`, code: sender.clientId, name: `接口 ${sender.clientName ?? sender.clientId}` };
  if (sender.accountId)
    return {
      event: `account:${sender.accountId}`,
      code: sender.account?.code ?? String(sender.accountId),
      name: sender.account?.name ?? '',
    };
  return { event: `system:${sender.source}`, code: sender.source, name: sender.source };
}

const receiving: Handler<ReceivingDoc> = {
  codes: (d) => documentRefs(d),
  async apply(trx, sender, all, codes) {
    // Documents against a delivery note: checked against the note (its lines give each line's order).
    const notes = await checkNoteReceiving(trx, sender.tenantId, all);
    const docs = notes.refused.size === 0 ? all : all.filter((d) => !notes.refused.has(d.key));
    const l: repo.ReceivingArrays = {
      key: [],
      lineNo: [],
      goodsCode: [],
      qty: [],
      amount: [],
      suppCode: [],
      deptCode: [],
      date: [],
      poBill: [],
      categoryCode: [],
      brandCode: [],
      freeQty: [],
      rejectedQty: [],
      price: [],
      amountExcl: [],
      tax: [],
      taxRate: [],
    };
    for (const { key, doc } of docs)
      for (const line of doc.lines) {
        const goods = codes.goods.get(line.goodsCode)!;
        l.key.push(key);
        l.lineNo.push(line.lineNo);
        l.goodsCode.push(line.goodsCode);
        l.qty.push(line.qty);
        l.amount.push(line.amount);
        l.suppCode.push(doc.supplierCode);
        l.deptCode.push(doc.storeCode);
        l.date.push(doc.date);
        l.poBill.push(notes.orderOf.get(key)?.get(line.lineNo) ?? doc.purchaseOrder ?? '');
        l.categoryCode.push(goods.category_code);
        l.brandCode.push(goods.brand_code);
        l.freeQty.push(line.freeQty);
        l.rejectedQty.push(line.rejectedQty);
        l.price.push(line.price);
        l.amountExcl.push(line.amountExcl ?? null);
        l.tax.push(line.tax ?? null);
        l.taxRate.push(line.taxRate ?? goods.tax_rate);
      }
    const refused = await billedRefusals(trx, sender.tenantId, 'receiving', docs, l);
    for (const [key, refusals] of notes.refused) refused.set(key, refusals);
    const keep = refused.size === 0 ? l : filterLines(l, (key) => !refused.has(key));
    const keys = docs.map((d) => d.key).filter((k) => !refused.has(k));
    if (keys.length === 0) return refused;
    const stored = await repo.storedReceiving(trx, sender.tenantId, keys);
    const orders = new Set(stored.orders);
    for (const po of keep.poBill) if (po) orders.add(po);
    await repo.writeReceiving(trx, sender.tenantId, [...stored.bills], keep);
    await repo.refreshReceived(trx, sender.tenantId, [...orders]);
    await markNotesReceived(
      trx,
      sender.tenantId,
      docs.filter((d) => !refused.has(d.key)),
      receivingActor(sender),
    );
    return refused;
  },
};

/** The lines of the documents `keep` keeps, every array alike. */
function filterLines<L extends repo.LineArrays>(lines: L, keep: (key: string) => boolean): L {
  const out = Object.fromEntries(Object.keys(lines).map((k) => [k, []])) as unknown as L;
  lines.key.forEach((key, i) => {
    if (!keep(key)) return;
    for (const field of Object.keys(lines) as (keyof L)[]) (out[field] as unknown[]).push((lines[field] as unknown[])[i]);
  });
  return out;
}

const returns: Handler<ReturnDoc> = {
  codes: (d) => documentRefs(d),
  async apply(trx, sender, docs, codes) {
    const l: repo.ReturnArrays = {
      key: [],
      lineNo: [],
      goodsCode: [],
      qty: [],
      amount: [],
      suppCode: [],
      deptCode: [],
      date: [],
      reason: [],
      askedQty: [],
      price: [],
      amountExcl: [],
      tax: [],
      taxRate: [],
      batchNo: [],
    };
    for (const { key, doc } of docs)
      for (const line of doc.lines) {
        l.key.push(key);
        l.lineNo.push(line.lineNo);
        l.goodsCode.push(line.goodsCode);
        l.qty.push(line.returnedQty);
        l.amount.push(line.amount);
        l.suppCode.push(doc.supplierCode);
        l.deptCode.push(doc.storeCode);
        l.date.push(doc.date);
        l.reason.push(doc.reason);
        l.askedQty.push(line.askedQty);
        l.price.push(line.price);
        l.amountExcl.push(line.amountExcl ?? null);
        l.tax.push(line.tax ?? null);
        l.taxRate.push(line.taxRate ?? codes.goods.get(line.goodsCode)!.tax_rate);
        l.batchNo.push(line.batchNo);
      }
    const refused = await billedRefusals(trx, sender.tenantId, 'return', docs, l);
    const keys = docs.map((d) => d.key).filter((k) => !refused.has(k));
    if (keys.length === 0) return refused;
    await repo.writeReturns(trx, sender.tenantId, keys, refused.size === 0 ? l : filterLines(l, (key) => !refused.has(key)));
    return refused;
  },
};

const charges: Handler<ChargeDoc> = {
  codes: (d) => [
    ['supplier', 'supplierCode', d.supplierCode],
    ['store', 'storeCode', d.storeCode],
  ],
  async apply(trx, sender, docs) {
    const refused = new Map<string, DocumentRefusal[]>();
    const c: repo.ChargeArrays = {
      key: [],
      suppCode: [],
      deptCode: [],
      chargeType: [],
      chargeName: [],
      period: [],
      direction: [],
      amount: [],
      taxRate: [],
      clause: [],
      calculation: [],
      date: [],
    };
    for (const { key, doc } of docs) {
      c.key.push(key);
      c.suppCode.push(doc.supplierCode);
      c.deptCode.push(doc.storeCode);
      c.chargeType.push(doc.chargeType);
      c.chargeName.push(doc.chargeName);
      c.period.push(doc.period);
      c.direction.push(doc.direction);
      c.amount.push(doc.amount);
      c.taxRate.push(doc.taxRate);
      c.clause.push(doc.clause);
      c.calculation.push(doc.calculation);
      c.date.push(doc.date);
    }
    const bills = await repo.liveBills(trx, sender.tenantId, 'charge', c.key);
    for (const key of await repo.billedChargeChanges(trx, sender.tenantId, c, [...bills.keys()])) {
      const bill = bills.get(key)!;
      refused.set(key, [
        refusal(
          '',
          `费用单 ${key} 已在结算单 ${bill} 中: 供应商、方向、金额、税率和日期不能改变`,
          `Charge ${key} is in settlement bill ${bill}: its supplier, direction, amount, tax rate and date cannot change`,
        ),
      ]);
    }
    const keep = c.key.map((k) => !refused.has(k));
    const kept = Object.fromEntries(
      Object.entries(c).map(([field, values]) => [field, (values as string[]).filter((_, i) => keep[i])]),
    ) as unknown as repo.ChargeArrays;
    if (kept.key.length > 0) await repo.writeCharges(trx, sender.tenantId, `integration:${sender.clientId ?? sender.source}`, kept);
    return refused;
  },
};

/** Each field of a document as an array over the documents (the repo's unnest input). */
function columns<D, K extends string>(docs: Parsed<D>[], pick: (d: D, key: string) => Record<K, unknown>): Record<K, unknown[]> {
  const out = {} as Record<K, unknown[]>;
  for (const { doc, key } of docs) {
    const row = pick(doc, key);
    for (const field of Object.keys(row) as K[]) (out[field] ??= []).push(row[field]);
  }
  return out;
}

/** Who a bill's history names for a payment a batch reports: the client (API calls), else the door it came through. */
function payingActor(sender: Sender): ClientActor {
  if (sender.clientId)
    return {
      kind: 'client',
      tenantId: sender.tenantId,
      employeeCode: sender.clientId,
      employeeName: `接口 ${sender.clientName ?? sender.clientId}`,
    };
  const door = sender.accountId ? `${sender.source}:${sender.accountId}` : sender.source;
  return { kind: 'client', tenantId: sender.tenantId, employeeCode: door, employeeName: `接口 ${door}` };
}

/** Prepayments are written as sent (unless billed); bill payments are recorded one by one as the cashier's (settlement). */
const payments: Handler<PaymentDoc> = {
  codes: (d) =>
    d.kind === 'bill'
      ? [['supplier', 'supplierCode', d.supplierCode]]
      : [
          ['supplier', 'supplierCode', d.supplierCode],
          ['accUnit', 'accUnitCode', d.accUnitCode],
        ],
  async apply(trx, sender, docs) {
    const refused = new Map<string, DocumentRefusal[]>();
    const keys = docs.map((d) => d.key);
    // A key keeps its kind: a prepayment is not turned into a bill's payment, nor the other way round.
    const paid = await paymentsOfDocuments(trx, sender.tenantId, keys);
    const prepaid = await repo.prepayKeys(trx, sender.tenantId, keys);
    for (const { key, doc } of docs) {
      if (doc.kind === 'prepay' && paid.has(key))
        refused.set(key, [
          refusal(
            'kind',
            `付款单 ${key} 已作为结算单 ${paid.get(key)!.billNumber} 的付款入账, 不能改为预付款`,
            `Payment ${key} has been recorded as a payment of settlement bill ${paid.get(key)!.billNumber} and cannot become a prepayment`,
          ),
        ]);
      if (doc.kind === 'bill' && prepaid.has(key))
        refused.set(key, [
          refusal(
            'kind',
            `付款单 ${key} 已作为预付款入账, 不能改为结算单付款`,
            `Payment ${key} has been recorded as a prepayment and cannot become a payment of a settlement bill`,
          ),
        ]);
    }
    const prepays = docs.filter((d): d is Parsed<PrepayDoc> => d.doc.kind === 'prepay' && !refused.has(d.key));
    const billPayments = docs.filter((d): d is Parsed<BillPaymentDoc> => d.doc.kind === 'bill' && !refused.has(d.key));
    if (prepays.length > 0) for (const [key, refusals] of await applyPrepays(trx, sender, prepays)) refused.set(key, refusals);
    const actor = payingActor(sender);
    for (const { key, doc } of billPayments) {
      const earlier = paid.get(key);
      if (earlier) {
        // Applied already: money paid. The same bill and amount again is nothing new; anything else is refused.
        if (earlier.billNumber !== doc.billNumber || toUnits(earlier.amount, 2) !== toUnits(doc.amount, 2))
          refused.set(key, [
            refusal(
              '',
              `付款单 ${key} 已支付结算单 ${earlier.billNumber} 金额 ${earlier.amount}, 已入账的付款不能修改结算单或金额 (冲销请以新的单号发送)`,
              `Payment ${key} paid ${earlier.amount} of settlement bill ${earlier.billNumber}; a recorded payment's bill and amount cannot change (send a reversal under a new key)`,
            ),
          ]);
        continue;
      }
      try {
        await recordPayment(
          trx,
          actor,
          { tenantId: sender.tenantId, suppCode: doc.supplierCode },
          doc.billNumber,
          { payDate: doc.date, amount: doc.amount, payMethod: doc.payMethod, reference: doc.reference, note: doc.note },
          { paymentKey: key, amount: fromUnits(toUnits(doc.amount, 2), 2), source: sender.source, clientId: sender.clientId ?? null },
        );
      } catch (err) {
        // The settlement rules refuse before they write anything: the bill unknown to this supplier (404), its
        // state (409) or more than is owed (409).
        if (!(err instanceof ApiError)) throw err;
        refused.set(key, [
          {
            path: err.status === 404 ? 'billNumber' : '',
            reason: { 'zh-CN': err.messageIn('zh-CN'), en: err.messageIn('en') },
          },
        ]);
      }
    }
    return refused;
  },
};

/** Prepayments: written as sent, but one inside a live settlement bill keeps its supplier, unit, date and amount. */
async function applyPrepays(trx: Transaction<DB>, sender: Sender, docs: Parsed<PrepayDoc>[]) {
  const refused = new Map<string, DocumentRefusal[]>();
  const all = columns(docs, (d, key) => ({
    key,
    suppCode: d.supplierCode,
    nodeCode: d.accUnitCode,
    date: d.date,
    amount: d.amount,
    note: d.note,
  })) as unknown as repo.PrepayArrays;
  const bills = await repo.liveBills(trx, sender.tenantId, 'prepay', all.key);
  for (const key of await repo.billedPrepayChanges(trx, sender.tenantId, all, [...bills.keys()]))
    refused.set(key, [
      refusal(
        '',
        `预付款 ${key} 已在结算单 ${bills.get(key)!} 中: 供应商、结算主体、日期和金额不能改变`,
        `Prepayment ${key} is in settlement bill ${bills.get(key)!}: its supplier, accounting unit, date and amount cannot change`,
      ),
    ]);
  const kept = docs.filter((d) => !refused.has(d.key));
  if (kept.length > 0)
    await repo.writePrepays(
      trx,
      sender.tenantId,
      columns(kept, (d, key) => ({
        key,
        suppCode: d.supplierCode,
        nodeCode: d.accUnitCode,
        date: d.date,
        amount: d.amount,
        note: d.note,
      })) as unknown as repo.PrepayArrays,
    );
  return refused;
}

const brands: Handler<BrandDoc> = {
  codes: () => [],
  async apply(trx, sender, docs) {
    await repo.writeBrands(trx, sender.tenantId, columns(docs, (d, key) => ({ key, name: d.name })) as { key: string[]; name: string[] });
    return new Map();
  },
};

const accUnits: Handler<AccUnitDoc> = {
  codes: () => [],
  async apply(trx, sender, docs) {
    await repo.writeAccUnits(
      trx,
      sender.tenantId,
      columns(docs, (d, key) => ({
        key,
        name: d.name,
        taxNumber: d.taxNumber,
        address: d.address,
        bankName: d.bankName,
        bankAccount: d.bankAccount,
      })) as unknown as repo.AccUnitArrays,
    );
    return new Map();
  },
};

const stores: Handler<StoreDoc> = {
  codes: (d) => [['accUnit', 'accUnitCode', d.accUnitCode]],
  async apply(trx, sender, docs) {
    await repo.writeStores(
      trx,
      sender.tenantId,
      columns(docs, (d, key) => ({
        key,
        name: d.name,
        type: d.type,
        city: d.city,
        online: d.online,
        accUnit: d.accUnitCode,
      })) as unknown as repo.StoreArrays,
    );
    return new Map();
  },
};

/** A category's parent is stored already or comes earlier in the batch; its level is its parent's plus one. */
const categories: Handler<CategoryDoc> = {
  codes: () => [],
  async apply(trx, sender, docs) {
    const refused = new Map<string, DocumentRefusal[]>();
    const parents = [...new Set(docs.map((d) => d.doc.parentCode).filter((p): p is string => p !== null))];
    const stored = await repo.categoryLevels(trx, sender.tenantId, parents);
    const levels = new Map<string, number>();
    const kept: Parsed<CategoryDoc>[] = [];
    for (const d of docs) {
      const parent = d.doc.parentCode;
      const parentLevel = parent === null ? 0 : (levels.get(parent) ?? stored.get(parent));
      if (parent === d.key || parentLevel === undefined) {
        refused.set(d.key, [
          refusal(
            'parentCode',
            parent === d.key ? `品类 ${d.key} 不能是自己的上级` : `上级品类 ${parent} 不存在 (须已存在或在本批中排在前面)`,
            parent === d.key
              ? `Category ${d.key} cannot be its own parent`
              : `Parent category ${parent} does not exist (it must exist or come earlier in the batch)`,
          ),
        ]);
        continue;
      }
      levels.set(d.key, parentLevel + 1);
      kept.push(d);
    }
    if (kept.length > 0)
      await repo.writeCategories(
        trx,
        sender.tenantId,
        columns(kept, (d, key) => ({ key, name: d.name, parent: d.parentCode, level: levels.get(key)! })) as unknown as Parameters<
          typeof repo.writeCategories
        >[2],
      );
    return refused;
  },
};

const goodsItems: Handler<GoodsDoc> = {
  codes: (d) => [
    ['supplier', 'supplierCode', d.supplierCode],
    ['category', 'categoryCode', d.categoryCode],
    ['brand', 'brandCode', d.brandCode],
  ],
  async apply(trx, sender, docs) {
    await repo.writeGoods(
      trx,
      sender.tenantId,
      columns(docs, (d, key) => ({
        key,
        barcode: d.barcode,
        name: d.name,
        spec: d.spec,
        unit: d.unit,
        caseQty: d.caseQty,
        category: d.categoryCode,
        brand: d.brandCode,
        supp: d.supplierCode,
        taxRate: d.taxRate,
        price: d.price,
        retailPrice: d.retailPrice,
      })) as unknown as repo.GoodsArrays,
    );
    return new Map();
  },
};

const suppliers: Handler<SupplierDoc> = {
  codes: () => [],
  async apply(trx, sender, docs) {
    await repo.writeSuppliers(
      trx,
      sender.tenantId,
      columns(docs, (d, key) => ({
        key,
        name: d.name,
        creditCode: d.creditCode,
        businessMode: d.businessMode,
        settleCycle: d.settleCycle,
        payTermDays: d.payTermDays,
        phones: JSON.stringify(d.phone ? [{ name: d.contactName, phone: d.phone }] : []),
        emails: JSON.stringify(d.email ? [{ name: d.contactName, email: d.email }] : []),
        contactName: d.contactName,
        phone: d.phone,
        email: d.email,
      })) as unknown as repo.SupplierArrays,
    );
    return new Map();
  },
};

const contracts: Handler<ContractDoc> = {
  codes: (d) => [
    ['supplier', 'supplierCode', d.supplierCode],
    ['accUnit', 'accUnitCode', d.accUnitCode],
  ],
  async apply(trx, sender, docs) {
    await repo.writeContracts(
      trx,
      sender.tenantId,
      columns(docs, (d, key) => ({
        key,
        suppCode: d.supplierCode,
        nodeCode: d.accUnitCode,
        startDate: d.startDate,
        endDate: d.endDate,
        signedDate: d.signedDate,
        terms: d.terms,
      })) as unknown as repo.ContractArrays,
    );
    return new Map();
  },
};

const handlers: {
  'purchase-orders': Handler<PurchaseOrderDoc>;
  receiving: Handler<ReceivingDoc>;
  returns: Handler<ReturnDoc>;
  charges: Handler<ChargeDoc>;
  payments: Handler<PaymentDoc>;
  suppliers: Handler<SupplierDoc>;
  stores: Handler<StoreDoc>;
  'acc-units': Handler<AccUnitDoc>;
  categories: Handler<CategoryDoc>;
  brands: Handler<BrandDoc>;
  goods: Handler<GoodsDoc>;
  contracts: Handler<ContractDoc>;
} = {
  'purchase-orders': purchaseOrders,
  receiving,
  returns,
  charges,
  payments,
  suppliers,
  stores,
  'acc-units': accUnits,
  categories,
  brands,
  goods: goodsItems,
  contracts,
};

// ---------------------------------------------------------------------------------------------------------------
// The batch

/** What a document calls itself in the answer: its key when it has a readable one, else its place in the batch. */
function keyOf(doc: unknown, index: number): string {
  const key = doc && typeof doc === 'object' && !Array.isArray(doc) ? (doc as Record<string, unknown>).key : undefined;
  return typeof key === 'string' && integration.docKey.safeParse(key).success ? key : `#${index}`;
}

function checkLimits(documents: unknown[]): void {
  if (documents.length > integration.maxBatchDocuments)
    throw tooLarge({
      'zh-CN': `一批最多 ${integration.maxBatchDocuments} 个单据, 本批 ${documents.length} 个`,
      en: `A batch holds at most ${integration.maxBatchDocuments} documents; this one has ${documents.length}`,
    });
  let lines = 0;
  for (const doc of documents) lines += integration.linesOfDocument(doc);
  if (lines > integration.maxBatchLines)
    throw tooLarge({
      'zh-CN': `一批最多 ${integration.maxBatchLines} 行, 本批 ${lines} 行`,
      en: `A batch holds at most ${integration.maxBatchLines} lines; this one has ${lines}`,
    });
}

interface PgError {
  code?: string;
  constraint?: string;
  message?: string;
}
const pgCode = (err: unknown) => (err && typeof err === 'object' ? (err as PgError).code : undefined);
/** Deadlock or serialization failure: the batch is tried again. */
const retryable = (err: unknown) => pgCode(err) === '40P01' || pgCode(err) === '40001';
/** Data exceptions and integrity violations: a document the checks let through that the database refuses. */
const refusedByDatabase = (err: unknown) => /^2[23]/.test(pgCode(err) ?? '');

export interface IngestOptions {
  /**
   * A check (the staff import's first step): every check, look-up, version comparison and rule runs, the writes
   * too, in a transaction that is rolled back; no batch row is logged and the answer's batchId is ''.
   */
  dryRun?: boolean;
}

/** Thrown inside a dry run's transaction to roll it back with the outcomes it found. */
class DryRunRollback extends Error {
  constructor(readonly outcomes: Map<string, { outcome: DocumentOutcome; refusals?: DocumentRefusal[] }>) {
    super('dry run');
  }
}

/**
 * Takes a batch of one entity's documents from a sender and answers each document's outcome. A batch beyond the
 * limits is a 413 (ApiError); anything wrong inside a document refuses that document only.
 */
export async function ingest(
  ctx: IngestContext,
  sender: Sender,
  entity: DocumentEntity,
  documents: unknown[],
  options: IngestOptions = {},
): Promise<BatchAnswer> {
  const started = performance.now();
  checkLimits(documents);
  const schema = integration.documentSchemas[entity];
  const handler = handlers[entity] as Handler<unknown>;
  const results: DocumentResult[] = new Array<DocumentResult>(documents.length);
  const refuse = (index: number, key: string, refusals: DocumentRefusal[]) => {
    results[index] = { key, outcome: 'refused', refusals };
  };

  // The documents' own checks.
  const valid: Parsed<unknown>[] = [];
  const seen = new Set<string>();
  let lineCount = 0;
  documents.forEach((doc, index) => {
    lineCount += integration.linesOfDocument(doc);
    const parsed = schema.safeParse(doc);
    if (!parsed.success) {
      refuse(
        index,
        keyOf(doc, index),
        parsed.error.issues
          .slice(0, 20)
          .map((issue) => ({ path: issue.path.map(String).join('.'), reason: integration.issueText(issue.message) })),
      );
      return;
    }
    const { key, version } = parsed.data;
    if (seen.has(key)) {
      refuse(index, key, [
        refusal(
          'key',
          `单号 ${key} 在本批中重复 (每个单据每批只发一次)`,
          `Key ${key} appears more than once in the batch (send each document once per batch)`,
        ),
      ]);
      return;
    }
    seen.add(key);
    valid.push({ index, key, version, doc: parsed.data });
  });

  // The codes, in the sender's tenant only.
  const wanted = new Map<repo.CodeKind, Set<string>>();
  for (const p of valid)
    for (const [kind, , code] of handler.codes(p.doc)) {
      if (!wanted.has(kind)) wanted.set(kind, new Set());
      wanted.get(kind)!.add(code);
    }
  const found = new Map<repo.CodeKind, Set<string>>();
  const codes: CodeSets = { goods: new Map() };
  for (const [kind, set] of wanted) {
    if (kind === 'goods') {
      codes.goods = await repo.goodsFacts(ctx.db, sender.tenantId, [...set]);
      found.set(kind, new Set(codes.goods.keys()));
    } else found.set(kind, await repo.existingCodes(ctx.db, sender.tenantId, kind, [...set]));
  }
  const known = valid.filter((p) => {
    const unknown: DocumentRefusal[] = [];
    for (const [kind, path, code] of handler.codes(p.doc))
      if (!found.get(kind)?.has(code))
        unknown.push(refusal(path, `${codeNames[kind].zh} ${code} 不存在`, `Unknown ${codeNames[kind].en} ${code}`));
    if (unknown.length > 0) refuse(p.index, p.key, unknown.slice(0, 20));
    return unknown.length === 0;
  });

  // Versions, rules and writes: the whole batch in one transaction; a document the database still refuses is
  // found by trying the documents one by one.
  const run = async (docs: Parsed<unknown>[]): Promise<void> => {
    for (let attempt = 1; ; attempt++) {
      try {
        // The audit trail takes the batch as one entry (below), not one per row it writes.
        const outcomes = await repo.inBatchTransaction(ctx.db, (trx) =>
          repo.asAuditBulk(trx, async () => {
            const stored = await repo.lockVersions(
              trx,
              sender.tenantId,
              entity,
              docs.map((d) => ({ key: d.key, version: d.version })),
            );
            const out = new Map<string, { outcome: DocumentOutcome; refusals?: DocumentRefusal[] }>();
            const toApply: Parsed<unknown>[] = [];
            for (const d of docs) {
              const was = stored.get(d.key) ?? -1n;
              const now = BigInt(d.version);
              if (was === -1n || now > was) {
                toApply.push(d);
                out.set(d.key, { outcome: was === -1n ? 'created' : 'updated' });
              } else out.set(d.key, { outcome: now === was ? 'unchanged' : 'stale' });
            }
            const refused = toApply.length > 0 ? await handler.apply(trx, sender, toApply, codes) : new Map<string, DocumentRefusal[]>();
            for (const [key, refusals] of refused) out.set(key, { outcome: 'refused', refusals });
            await repo.settleVersions(
              trx,
              sender.tenantId,
              entity,
              // A new key's row was inserted with its version (lockVersions): only the keys seen before move on.
              toApply.filter((d) => !refused.has(d.key) && stored.get(d.key) !== -1n).map((d) => ({ key: d.key, version: d.version })),
              [...refused.keys()].filter((key) => stored.get(key) === -1n),
            );
            if (options.dryRun) throw new DryRunRollback(out);
            return out;
          }),
        );
        for (const d of docs) results[d.index] = { key: d.key, ...outcomes.get(d.key)! };
        return;
      } catch (err) {
        if (err instanceof DryRunRollback) {
          for (const d of docs) results[d.index] = { key: d.key, ...err.outcomes.get(d.key)! };
          return;
        }
        if (retryable(err) && attempt < 5) continue;
        if (!refusedByDatabase(err)) throw err;
        if (docs.length > 1) {
          for (const d of docs) await run([d]);
          return;
        }
        const pg = err as PgError;
        const what = pg.constraint ?? pg.code ?? '';
        refuse(docs[0]!.index, docs[0]!.key, [refusal('', `数据库拒绝了该单据 (${what})`, `The database refused the document (${what})`)]);
        return;
      }
    }
  };
  if (known.length > 0) await run(known);

  const counts: BatchCounts = { created: 0, updated: 0, unchanged: 0, stale: 0, refused: 0 };
  const logged: IntegrationRefusalRow[] = [];
  for (const r of results) {
    counts[r.outcome]++;
    if (r.refusals && logged.length < loggedRefusals) logged.push({ key: r.key, refusals: r.refusals });
  }
  if (options.dryRun) return { batchId: '', counts, results };
  const batchId = await repo.insertBatch(ctx.db, {
    tenant_id: sender.tenantId,
    source: sender.source,
    client_id: sender.clientId ?? null,
    account_id: sender.accountId ?? null,
    entity,
    document_count: documents.length,
    created_count: counts.created,
    updated_count: counts.updated,
    unchanged_count: counts.unchanged,
    stale_count: counts.stale,
    refused_count: counts.refused,
    line_count: lineCount,
    refusals: logged,
    duration_ms: Math.round(performance.now() - started),
  });
  // The seed writes one entry for all it loads (db/seed/demo.ts).
  if (sender.source !== 'seed')
    await recordAuditEvent(ctx.db, {
      kind: 'change',
      action: 'ingest',
      ...(sender.source === 'feed' ? { actor: jobActor(sender.tenantId, 'demo feed') } : {}),
      tenantId: sender.tenantId,
      object: { type: 'integration_batch', id: batchId },
      detail: { entity, source: sender.source, documents: documents.length, lines: lineCount, ...counts },
    });
  return { batchId, counts, results };
}
