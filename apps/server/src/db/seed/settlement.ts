// Settlement demo data: the tenant's settings, units and contracts; and, from the receiving lines, return
// notes, charges (some disputed), prepayments and a year of monthly bills per supplier and accounting unit in
// every state, each document in at most one live bill and every total the sum of its lines.
import { type Kysely, sql } from 'kysely';
import { bulkInsert } from '../bulk';
import { byBill, type SeedIngest, sendAll } from './ingest';
import type { DB } from '../schema';
import { settlement } from '@portal/contract';
import { depts, settlementRoles, suppliers } from './catalog';
import { centsToString, lineAmountCents, splitTax } from './money';
import { seededRandom } from './random';

type Row = Record<string, string | number | boolean | null>;
const dayMs = 86_400_000;
const isoDate = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (iso: string, days: number) => isoDate(new Date(Date.parse(`${iso}T00:00:00Z`) + days * dayMs));
const compact = (iso: string) => iso.replaceAll('-', '');
const cents = (text: string) => Math.round(Number(text) * 100);
const rateText = (rate: string | number) => String(Number(rate));

/** Hangzhou and Ningbo settle through the Hangzhou company (U02), the rest through Shanghai (U01). */
export const unitOfDept = (code: string) =>
  depts.find((d) => d.code === code)?.city === '杭州' || depts.find((d) => d.code === code)?.city === '宁波' ? 'U02' : 'U01';

/** Settings, units, contracts: the tenant's configuration, seeded with or without the business data. */
export async function seedSettlementSetup(db: Kysely<DB>, tenantId: string, today: Date): Promise<void> {
  for (const d of depts) {
    await db
      .updateTable('dept')
      .set({ acc_unit_code: unitOfDept(d.code) })
      .where('tenant_id', '=', tenantId)
      .where('dept_code', '=', d.code)
      .execute();
  }
  await db
    .updateTable('acc_unit')
    .set({ address: '上海市虹口区四川北路 1688 号', bank_name: '中国工商银行上海虹口支行', bank_account: '1001 2345 0900 1234 567' })
    .where('tenant_id', '=', tenantId)
    .where('unit_code', '=', 'U01')
    .execute();
  await db
    .updateTable('acc_unit')
    .set({ address: '杭州市西湖区文三路 478 号', bank_name: '招商银行杭州西湖支行', bank_account: '5719 0812 3410 601' })
    .where('tenant_id', '=', tenantId)
    .where('unit_code', '=', 'U02')
    .execute();
  await db.updateTable('supplier').set({ advance_sam: true }).where('tenant_id', '=', tenantId).where('supp_code', '=', '100001').execute();
  await db
    .insertInto('sam_setting')
    .values({
      tenant_id: tenantId,
      sam_url: 'https://sam.hualian-demo.cn/portal',
      invoice_url: 'https://einvoice.hualian-demo.cn/entry',
      signing_key: 'demo-sam-signing-key',
    })
    .execute();
  const year = today.getUTCFullYear();
  await db
    .insertInto('supplier_contract')
    .values(
      suppliers.map((s) => ({
        tenant_id: tenantId,
        contract_no: `HT${year - 1}-${s.code}`,
        supp_code: s.code,
        node_code: 'U01',
        start_date: `${year - 1}-01-01`,
        end_date: `${year}-12-31`,
        signed_date: `${year - 2}-12-15`,
        terms: JSON.stringify([
          {
            clauseNo: '5.1',
            kind: 'payment',
            name: '付款期限',
            basis: `${s.cycle}，收货后 ${s.termDays} 天内付款，以验收单为准`,
            rate: '',
            amount: '',
          },
          { clauseNo: '6.1', kind: 'charge', name: 'DM海报费', basis: '参加甲方 DM 海报档期，每档按单品收取', rate: '', amount: '2000.00' },
          { clauseNo: '6.2', kind: 'charge', name: '堆头陈列费', basis: '门店端架或堆头陈列，每店每月', rate: '', amount: '3000.00' },
          {
            clauseNo: '6.3',
            kind: 'charge',
            name: '缺货扣款',
            basis: '月度到货满足率低于 95% 时，按缺货金额的 10% 扣款',
            rate: '10',
            amount: '',
          },
          {
            clauseNo: '7.1',
            kind: 'rebate',
            name: '年度目标返利',
            basis: '年度含税进货额达成 1,200,000.00 元时，按全年进货额返利',
            rate: '2',
            amount: '',
          },
        ]),
      })),
    )
    .execute();
}

interface Doc {
  type: 'receiving' | 'return' | 'charge' | 'prepay';
  id: string;
  supp: string;
  dept: string;
  node: string;
  date: string;
  due: string;
  /** Signed amounts, in cents, by tax rate (null: the prepayment offset). */
  byRate: Map<string | null, { amount: number; excl: number; tax: number }>;
  note: string;
  disputed: boolean;
}

function add(doc: Doc, rate: string | null, amount: number, excl: number, tax: number) {
  const at = doc.byRate.get(rate) ?? { amount: 0, excl: 0, tax: 0 };
  doc.byRate.set(rate, { amount: at.amount + amount, excl: at.excl + excl, tax: at.tax + tax });
}
const total = (doc: Doc) =>
  [...doc.byRate.values()].reduce((s, r) => ({ amount: s.amount + r.amount, excl: s.excl + r.excl, tax: s.tax + r.tax }), {
    amount: 0,
    excl: 0,
    tax: 0,
  });

/** The state of a supplier's bill of a month `monthsAgo` and a unit: every state appears for 100001 and 100002. */
function stateOf(supp: string, node: string, monthsAgo: number): string {
  const plan: Record<string, Record<number, [string, string]>> = {
    '100001': { 1: ['草稿', '已驳回'], 2: ['已审核', '已提交'], 3: ['发票确认', '已审批'], 4: ['已审批', '已支付'], 5: ['已支付', '作废'] },
    '100002': { 1: ['草稿', '作废'], 2: ['已提交', '已审核'], 3: ['已审批', '发票确认'], 4: ['已支付', '已支付'], 5: ['已驳回', '已支付'] },
  };
  const pair = plan[supp]?.[monthsAgo];
  if (pair) return node === 'U01' ? pair[0] : pair[1];
  return monthsAgo === 1 ? '草稿' : monthsAgo === 2 ? '已审批' : '已支付';
}

/** The workflow path that leads to a state, as (action, from, to) steps. */
const paths: Record<string, [string, string | null, string][]> = {
  草稿: [['create', null, '草稿']],
  已提交: [
    ['create', null, '草稿'],
    ['apply', '草稿', '已提交'],
  ],
  已驳回: [
    ['create', null, '草稿'],
    ['apply', '草稿', '已提交'],
    ['reject', '已提交', '已驳回'],
  ],
  已审核: [
    ['create', null, '草稿'],
    ['apply', '草稿', '已提交'],
    ['audit', '已提交', '已审核'],
  ],
  发票确认: [
    ['create', null, '草稿'],
    ['apply', '草稿', '已提交'],
    ['audit', '已提交', '已审核'],
    ['confirmInvoice', '已审核', '发票确认'],
  ],
  已审批: [
    ['create', null, '草稿'],
    ['apply', '草稿', '已提交'],
    ['audit', '已提交', '已审核'],
    ['confirmInvoice', '已审核', '发票确认'],
    ['approve', '发票确认', '已审批'],
  ],
  已支付: [
    ['create', null, '草稿'],
    ['apply', '草稿', '已提交'],
    ['audit', '已提交', '已审核'],
    ['confirmInvoice', '已审核', '发票确认'],
    ['approve', '发票确认', '已审批'],
    ['payFull', '已审批', '已支付'],
  ],
  作废: [
    ['create', null, '草稿'],
    ['apply', '草稿', '已提交'],
    ['void', '已提交', '作废'],
  ],
};
/** The staff account that ran each review action: the demo holder of the step's role (settlement.stepRoles). */
const stepOfAction: Record<string, settlement.ReviewStep> = {
  audit: '审核',
  reject: '审核',
  void: '审核',
  confirmInvoice: '发票确认',
  approve: '审批',
  payFull: '支付',
  payPart: '支付',
};
const reviewerOf = (action: string) => {
  const step = stepOfAction[action];
  return step ? settlementRoles.find((r) => r.code === settlement.stepRoles[step]) : undefined;
};
const clerk = reviewerOf('audit')!;
const cashier = reviewerOf('payFull')!;
const notes: Record<string, string> = { reject: '退货单未计入，请补充后重新提交', void: '结算主体选错，作废重开' };

export async function seedSettlement(
  db: Kysely<DB>,
  tenantId: string,
  today: Date,
  acceptance: readonly Row[],
  ingest?: SeedIngest,
): Promise<void> {
  const random = seededRandom(20250612);
  const todayIso = isoDate(today);
  const currentMonth = todayIso.slice(0, 7);
  const monthsAgoOf = (iso: string) => {
    const [y, m] = iso.split('-').map(Number) as [number, number];
    const [cy, cm] = currentMonth.split('-').map(Number) as [number, number];
    return (cy - y) * 12 + cm - m;
  };
  const termOf = new Map(suppliers.map((s) => [s.code, s.termDays]));
  const docs: Doc[] = [];
  const returns: Row[] = [];
  const charges: Row[] = [];
  const prepays: Row[] = [];

  // Receiving notes, one document per note.
  const byNote = new Map<string, Doc>();
  for (const line of acceptance) {
    const id = String(line.bill_number);
    if (monthsAgoOf(String(line.acc_date)) > 13) continue;
    let doc = byNote.get(id);
    if (!doc) {
      const date = String(line.acc_date);
      doc = {
        type: 'receiving',
        id,
        supp: String(line.supp_code),
        dept: String(line.dept_code),
        node: unitOfDept(String(line.dept_code)),
        date,
        due: addDays(date, termOf.get(String(line.supp_code))!),
        byRate: new Map(),
        note: '',
        disputed: false,
      };
      byNote.set(id, doc);
      docs.push(doc);
    }
    add(doc, rateText(String(line.tax_rate)), cents(String(line.amount)), cents(String(line.amount_excl)), cents(String(line.tax)));
  }

  // Return notes: about one receiving note in fifteen sends some goods back a few days later.
  const reasons = ['临期退货', '包装破损', '质量问题', '滞销退货'];
  const seqByDay = new Map<string, number>();
  const nextNumber = (prefix: string, day: string) => {
    const key = `${prefix}${day}`;
    const seq = (seqByDay.get(key) ?? 0) + 1;
    seqByDay.set(key, seq);
    return `${prefix}${compact(day)}-${String(seq).padStart(4, '0')}`;
  };
  for (const line of acceptance) {
    if (Number(line.line_no) !== 1 || monthsAgoOf(String(line.acc_date)) > 12 || !random.chance(0.07)) continue;
    const date = addDays(String(line.acc_date), random.int(4, 9));
    if (date > todayIso) continue;
    const accepted = Number(line.accepted_qty);
    const qty = Math.max(1, Math.min(accepted, random.int(2, 12)));
    const priceMicros = Math.round(Number(line.price) * 1_000_000);
    const amount = lineAmountCents(priceMicros, qty);
    const rate = Number(line.tax_rate);
    const { exclCents, taxCents } = splitTax(amount, rate);
    const id = nextNumber('TH', date);
    const reason = random.pick(reasons);
    returns.push({
      tenant_id: tenantId,
      bill_number: id,
      line_no: 1,
      supp_code: String(line.supp_code),
      dept_code: String(line.dept_code),
      return_date: date,
      goods_code: String(line.goods_code),
      asked_qty: String(qty),
      returned_qty: String(qty),
      price: String(line.price),
      amount: centsToString(amount),
      amount_excl: centsToString(exclCents),
      tax: centsToString(taxCents),
      tax_rate: String(line.tax_rate),
      reason,
      batch_no: `B${compact(String(line.acc_date))}`,
    });
    const doc: Doc = {
      type: 'return',
      id,
      supp: String(line.supp_code),
      dept: String(line.dept_code),
      node: unitOfDept(String(line.dept_code)),
      date,
      due: addDays(date, termOf.get(String(line.supp_code))!),
      byRate: new Map(),
      note: reason,
      disputed: false,
    };
    add(doc, rateText(rate), -amount, -exclCents, -taxCents);
    docs.push(doc);
  }

  // Charges: a DM poster fee most months, display fees at a store, a shortage deduction now and then.
  for (const supplier of suppliers) {
    const rich = supplier.code === '100001' || supplier.code === '100002';
    for (let monthsAgo = 12; monthsAgo >= 1; monthsAgo--) {
      const monthStart = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - monthsAgo, 1));
      const period = isoDate(monthStart).slice(0, 7);
      const month = Number(period.slice(5));
      // What a supplier disputes of each kind of charge, and the clerk's answer: about this charge's own month,
      // citing only what the charge itself carries (no attachment is claimed; the demo charges have none).
      const made: {
        type: string;
        name: string;
        dept: string;
        amount: number;
        clause: string;
        calc: string;
        dispute: string;
        answer: string;
      }[] = [];
      if (random.chance(rich ? 0.9 : 0.5))
        made.push({
          type: 'DM海报费',
          name: `DM海报费 ${Number(period.slice(5))}月档`,
          dept: 'S0101',
          amount: 200000,
          clause: '合同第 6.1 条 DM海报费',
          calc: '参加 1 期 DM 海报，每期 2,000.00 元',
          dispute: `${month} 月未参加该档 DM 海报，请核实`,
          answer: `经核实已参加 ${month} 月第 2 档 DM 海报（上海虹口店），维持扣款`,
        });
      if (rich && random.chance(0.6)) {
        const dept = random.pick(depts.filter((d) => d.type === 'store'));
        made.push({
          type: '堆头陈列费',
          name: `堆头陈列费 ${dept.name}`,
          dept: dept.code,
          amount: 300000,
          clause: '合同第 6.2 条 堆头陈列费',
          calc: `${dept.name} 端架陈列 1 个月，3,000.00 元/月`,
          dispute: `${month} 月端架陈列未满一个月，请核实`,
          answer: `经核实${dept.name}端架 ${month} 月整月陈列，维持扣款`,
        });
      }
      if (rich && random.chance(0.35)) {
        const shortage = random.int(1500, 6000) * 100;
        made.push({
          type: '缺货扣款',
          name: '缺货扣款',
          dept: 'S0201',
          amount: Math.round(shortage / 10),
          clause: '合同第 6.3 条 缺货扣款',
          calc: `到货满足率 90% 低于 95%，缺货金额 ${centsToString(shortage)} × 10%`,
          dispute: `${month} 月到货满足率有误，请核实`,
          answer: `经核实 ${month} 月到货满足率为 90%，低于合同约定的 95%，维持扣款`,
        });
      }
      made.forEach((m, index) => {
        const date = addDays(isoDate(monthStart), 24 + index);
        const code = nextNumber('FY', date);
        // The latest month's first charge of each of the two demo suppliers is under dispute; one earlier was answered.
        const disputed = rich && monthsAgo === 1 && index === 0;
        const answered = rich && monthsAgo === 3 && index === 0;
        charges.push({
          tenant_id: tenantId,
          charge_code: code,
          supp_code: supplier.code,
          dept_code: m.dept,
          charge_type: m.type,
          charge_name: m.name,
          period,
          direction: 'deduct',
          amount: centsToString(m.amount),
          tax_rate: '6',
          clause: m.clause,
          calculation: m.calc,
          charge_date: date,
          dispute_status: disputed ? '异议中' : answered ? '已答复' : '无',
          dispute_note: disputed || answered ? m.dispute : '',
          dispute_by: disputed || answered ? supplier.code : '',
          dispute_at: disputed || answered ? `${addDays(date, 2)}T02:00:00Z` : null,
          answer_note: answered ? m.answer : '',
          answer_by: answered ? clerk.account : '',
          answer_at: answered ? `${addDays(date, 4)}T06:00:00Z` : null,
          created_by: clerk.account,
        });
        const { exclCents, taxCents } = splitTax(m.amount, 6);
        const doc: Doc = {
          type: 'charge',
          id: code,
          supp: supplier.code,
          dept: m.dept,
          node: unitOfDept(m.dept),
          date,
          due: date,
          byRate: new Map(),
          note: m.name,
          disputed,
        };
        add(doc, '6', -m.amount, -exclCents, -taxCents);
        docs.push(doc);
      });
    }
  }

  // Prepayments of 100001: one offset in a paid bill, one still open.
  for (const [monthsAgo, amount] of [
    [8, 2_000_000],
    [2, 1_000_000],
  ] as const) {
    const date = isoDate(new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - monthsAgo, 10)));
    const id = nextNumber('YF', date);
    prepays.push({
      tenant_id: tenantId,
      prepay_number: id,
      supp_code: '100001',
      node_code: 'U01',
      pay_date: date,
      amount: centsToString(amount),
      note: '年度合作预付货款',
    });
    const doc: Doc = {
      type: 'prepay',
      id,
      supp: '100001',
      dept: '',
      node: 'U01',
      date,
      due: date,
      byRate: new Map(),
      note: '年度合作预付货款',
      disputed: false,
    };
    add(doc, null, -amount, -amount, 0);
    docs.push(doc);
  }
  const openPrepay = prepays[1]!.prepay_number as string;

  // Bills: per supplier, unit and closed month of the last twelve, the month's due documents.
  const bills: Row[] = [];
  const lines: Row[] = [];
  const totals: Row[] = [];
  const invoices: Row[] = [];
  const payments: Row[] = [];
  const history: Row[] = [];
  const billSeq = new Map<string, number>();
  let invoiceNo = 10_000_000;
  const taken = new Set<string>();
  for (let monthsAgo = 12; monthsAgo >= 1; monthsAgo--) {
    const start = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - monthsAgo, 1));
    const periodStart = isoDate(start);
    const periodEnd = isoDate(new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 0)));
    const month = periodStart.slice(0, 7);
    for (const supplier of suppliers) {
      for (const node of ['U01', 'U02']) {
        const status = stateOf(supplier.code, node, monthsAgo);
        const chosen = docs.filter(
          (d) =>
            d.supp === supplier.code &&
            d.node === node &&
            !taken.has(`${d.type}:${d.id}`) &&
            !d.disputed &&
            (d.type === 'prepay' ? d.id !== openPrepay && d.date <= periodEnd : d.date >= periodStart && d.date <= periodEnd) &&
            (d.type !== 'receiving' || d.due <= todayIso),
        );
        if (!chosen.some((d) => d.type === 'receiving')) continue;
        const sum = chosen.reduce((s, d) => s + total(d).amount, 0);
        // A prepayment is offset only where the bill stays well above zero.
        const content = sum < 0 ? chosen.filter((d) => d.type !== 'prepay') : chosen;
        const live = status !== '作废' && status !== '已驳回';
        const seq = (billSeq.get(month) ?? 0) + 1;
        billSeq.set(month, seq);
        const billNumber = `JS${compact(month)}-${String(seq).padStart(4, '0')}`;
        if (live) for (const d of content) taken.add(`${d.type}:${d.id}`);

        const rates = new Map<string | null, { goods: number; ret: number; chg: number; pre: number; excl: number; tax: number }>();
        for (const d of content) {
          for (const [rate, r] of d.byRate) {
            const at = rates.get(rate) ?? { goods: 0, ret: 0, chg: 0, pre: 0, excl: 0, tax: 0 };
            const key = d.type === 'receiving' ? 'goods' : d.type === 'return' ? 'ret' : d.type === 'charge' ? 'chg' : 'pre';
            at[key] += r.amount;
            at.excl += r.excl;
            at.tax += r.tax;
            rates.set(rate, at);
          }
        }
        const sums = { goods: 0, ret: 0, chg: 0, pre: 0 };
        for (const r of rates.values()) {
          sums.goods += r.goods;
          sums.ret += r.ret;
          sums.chg += r.chg;
          sums.pre += r.pre;
        }
        const payable = sums.goods + sums.ret + sums.chg + sums.pre;
        const invoiced = ['发票确认', '已审批', '已支付', '已审核'].includes(status);
        let invoiceSum = 0;
        for (const [rate, r] of rates) {
          const due = r.goods + r.ret;
          let invoiceAmount = 0;
          if (invoiced && rate !== null && due > 0) {
            invoiceAmount = due;
            const { exclCents, taxCents } = splitTax(due, Number(rate));
            invoices.push({
              tenant_id: tenantId,
              supp_code: supplier.code,
              bill_number: billNumber,
              invoice_type: monthsAgo <= 3 ? '数电发票(专用)' : '增值税专用发票',
              invoice_code: monthsAgo <= 3 ? '' : `3100${compact(month).slice(2)}0030`,
              invoice_number:
                monthsAgo <= 3
                  ? `${compact(addDays(periodEnd, 5))}${String(invoiceNo++).padStart(12, '0')}`
                  : String(invoiceNo++).slice(-8),
              invoice_date: addDays(periodEnd, 5),
              tax_rate: rate,
              amount_excl: centsToString(exclCents),
              tax: centsToString(taxCents),
              amount: centsToString(due),
              confirmed: status !== '已审核',
              created_by: supplier.code,
            });
            invoiceSum += due;
          }
          totals.push({
            tenant_id: tenantId,
            bill_number: billNumber,
            tax_rate: rate,
            goods_amount: centsToString(r.goods),
            return_amount: centsToString(r.ret),
            charge_amount: centsToString(r.chg),
            prepay_amount: centsToString(r.pre),
            payable_amount: centsToString(r.goods + r.ret + r.chg + r.pre),
            payable_excl: centsToString(r.excl),
            payable_tax: centsToString(r.tax),
            invoice_amount: centsToString(invoiceAmount),
          });
        }
        for (const d of content) {
          const t = total(d);
          lines.push({
            tenant_id: tenantId,
            bill_number: billNumber,
            source_type: d.type,
            source_id: d.id,
            dept_code: d.dept,
            doc_date: d.date,
            due_date: d.due,
            tax_rates: [...d.byRate.keys()]
              .filter((r) => r !== null)
              .sort()
              .join(','),
            amount: centsToString(t.amount),
            amount_excl: centsToString(t.excl),
            tax: centsToString(t.tax),
            note: d.note,
            live,
          });
        }
        let paid = 0;
        const payDay = addDays(periodEnd, supplier.termDays);
        if (status === '已支付') {
          const first = monthsAgo % 3 === 0 ? Math.floor(payable / 2) : payable;
          payments.push({
            tenant_id: tenantId,
            bill_number: billNumber,
            pay_date: payDay,
            amount: centsToString(first),
            pay_method: '银企直连',
            reference: `ZF${compact(payDay)}${seq}`,
            note: '',
            created_by: cashier.account,
          });
          if (first < payable)
            payments.push({
              tenant_id: tenantId,
              bill_number: billNumber,
              pay_date: addDays(payDay, 7),
              amount: centsToString(payable - first),
              pay_method: '银行转账',
              reference: `ZF${compact(addDays(payDay, 7))}${seq}`,
              note: '尾款',
              created_by: cashier.account,
            });
          paid = payable;
        } else if (status === '已审批' && supplier.code === '100001' && monthsAgo === 4) {
          paid = Math.floor(payable / 2);
          payments.push({
            tenant_id: tenantId,
            bill_number: billNumber,
            pay_date: addDays(periodEnd, 40),
            amount: centsToString(paid),
            pay_method: '银企直连',
            reference: `ZF${compact(addDays(periodEnd, 40))}${seq}`,
            note: '首付 50%',
            created_by: cashier.account,
          });
        } else if (status === '已审批' && supplier.code === '100002' && monthsAgo === 3) {
          paid = Math.floor(payable * 0.3);
          payments.push({
            tenant_id: tenantId,
            bill_number: billNumber,
            pay_date: addDays(periodEnd, 35),
            amount: centsToString(paid),
            pay_method: '银行转账',
            reference: `ZF${compact(addDays(periodEnd, 35))}${seq}`,
            note: '部分付款',
            created_by: cashier.account,
          });
        }

        const createdAt = `${addDays(periodEnd, 3)}T02:00:00Z`;
        bills.push({
          tenant_id: tenantId,
          bill_number: billNumber,
          supp_code: supplier.code,
          bill_kind: 'normal',
          node_code: node,
          period_start: periodStart,
          period_end: periodEnd,
          due_date: payDay,
          status,
          goods_amount: centsToString(sums.goods),
          return_amount: centsToString(sums.ret),
          charge_amount: centsToString(sums.chg),
          prepay_amount: centsToString(sums.pre),
          payable_amount: centsToString(payable),
          paid_amount: centsToString(paid),
          invoice_amount: centsToString(invoiceSum),
          line_count: content.length,
          remark: '',
          version: paths[status]!.length,
          created_by: supplier.code,
          created_at: createdAt,
          updated_at: createdAt,
        });
        paths[status]!.forEach(([action, from, to], index) => {
          history.push({
            tenant_id: tenantId,
            record_type: 'sam-bill',
            record_id: billNumber,
            action,
            from_status: from,
            to_status: to,
            actor_code: reviewerOf(action)?.account ?? supplier.code,
            actor_name: reviewerOf(action)?.person ?? supplier.name,
            at: `${addDays(periodEnd, 3 + index * 4)}T0${index % 9}:30:00Z`,
            note: notes[action] ?? '',
          });
        });
      }
    }
  }

  const text = 'text';
  if (ingest) await sendSettlementDocuments(ingest, db, tenantId, returns, charges, prepays);
  else await bulkSettlementDocuments(db, returns, charges, prepays);
  await bulkInsert(
    db,
    'sam_bill',
    {
      tenant_id: text,
      bill_number: text,
      supp_code: text,
      bill_kind: text,
      node_code: text,
      period_start: 'date',
      period_end: 'date',
      due_date: 'date',
      status: text,
      goods_amount: 'numeric',
      return_amount: 'numeric',
      charge_amount: 'numeric',
      prepay_amount: 'numeric',
      payable_amount: 'numeric',
      paid_amount: 'numeric',
      invoice_amount: 'numeric',
      line_count: 'integer',
      remark: text,
      version: 'integer',
      created_by: text,
      created_at: 'timestamptz',
      updated_at: 'timestamptz',
    },
    bills,
  );
  await bulkInsert(
    db,
    'sam_bill_line',
    {
      tenant_id: text,
      bill_number: text,
      source_type: text,
      source_id: text,
      dept_code: text,
      doc_date: 'date',
      due_date: 'date',
      tax_rates: text,
      amount: 'numeric',
      amount_excl: 'numeric',
      tax: 'numeric',
      note: text,
      live: 'boolean',
    },
    lines,
  );
  await bulkInsert(
    db,
    'sam_bill_total',
    {
      tenant_id: text,
      bill_number: text,
      tax_rate: 'numeric',
      goods_amount: 'numeric',
      return_amount: 'numeric',
      charge_amount: 'numeric',
      prepay_amount: 'numeric',
      payable_amount: 'numeric',
      payable_excl: 'numeric',
      payable_tax: 'numeric',
      invoice_amount: 'numeric',
    },
    totals,
  );
  await bulkInsert(
    db,
    'sam_invoice',
    {
      tenant_id: text,
      supp_code: text,
      bill_number: text,
      invoice_type: text,
      invoice_code: text,
      invoice_number: text,
      invoice_date: 'date',
      tax_rate: 'numeric',
      amount_excl: 'numeric',
      tax: 'numeric',
      amount: 'numeric',
      confirmed: 'boolean',
      created_by: text,
    },
    invoices,
  );
  await bulkInsert(
    db,
    'sam_payment',
    {
      tenant_id: text,
      bill_number: text,
      pay_date: 'date',
      amount: 'numeric',
      pay_method: text,
      reference: text,
      note: text,
      created_by: text,
    },
    payments,
  );
  await bulkInsert(
    db,
    'record_history',
    {
      tenant_id: text,
      record_type: text,
      record_id: text,
      action: text,
      from_status: text,
      to_status: text,
      actor_code: text,
      actor_name: text,
      at: 'timestamptz',
      note: text,
    },
    history,
  );
  // The documents' settle state follows the live bill holding them.
  for (const [table, id, type] of [
    ['acceptance', 'bill_number', 'receiving'],
    ['return_note', 'bill_number', 'return'],
    ['sam_charge', 'charge_code', 'charge'],
    ['sam_prepay', 'prepay_number', 'prepay'],
  ] as const) {
    await sql`UPDATE ${sql.table(table)} x SET settle_status = CASE WHEN b.status = '已支付' THEN '已结算' ELSE '结算中' END
      FROM sam_bill_line l JOIN sam_bill b ON b.tenant_id = l.tenant_id AND b.bill_number = l.bill_number
      WHERE l.tenant_id = ${tenantId} AND l.live AND l.source_type = ${type} AND x.tenant_id = l.tenant_id AND ${sql.ref(`x.${id}`)} = l.source_id`.execute(
      db,
    );
  }
  for (const [month, seq] of billSeq) {
    await db
      .insertInto('bill_sequence')
      .values({ tenant_id: tenantId, prefix: 'JS', day: `${month}-01`, last_value: seq })
      .execute();
  }
}

/** The return notes, charges and prepayments by the database's own bulk insert (callers with no service to hand in). */
async function bulkSettlementDocuments(db: Kysely<DB>, returns: Row[], charges: Row[], prepays: Row[]) {
  const text = 'text';
  await bulkInsert(
    db,
    'return_note',
    {
      tenant_id: text,
      bill_number: text,
      line_no: 'integer',
      supp_code: text,
      dept_code: text,
      return_date: 'date',
      goods_code: text,
      asked_qty: 'numeric',
      returned_qty: 'numeric',
      price: 'numeric',
      amount: 'numeric',
      amount_excl: 'numeric',
      tax: 'numeric',
      tax_rate: 'numeric',
      reason: text,
      batch_no: text,
    },
    returns,
  );
  await bulkInsert(
    db,
    'sam_charge',
    {
      tenant_id: text,
      charge_code: text,
      supp_code: text,
      dept_code: text,
      charge_type: text,
      charge_name: text,
      period: text,
      direction: text,
      amount: 'numeric',
      tax_rate: 'numeric',
      clause: text,
      calculation: text,
      charge_date: 'date',
      dispute_status: text,
      dispute_note: text,
      dispute_by: text,
      dispute_at: 'timestamptz',
      answer_note: text,
      answer_by: text,
      answer_at: 'timestamptz',
      created_by: text,
    },
    charges,
  );
  await bulkInsert(
    db,
    'sam_prepay',
    { tenant_id: text, prepay_number: text, supp_code: text, node_code: text, pay_date: 'date', amount: 'numeric', note: text },
    prepays,
  );
}

/**
 * The return notes, charges and prepayments through the integration service (the ERP's and finance system's
 * documents), then what the story adds after them: the suppliers' disputes and the clerks' answers, and the clerk
 * who entered each charge.
 */
async function sendSettlementDocuments(
  ingest: SeedIngest,
  db: Kysely<DB>,
  tenantId: string,
  returns: Row[],
  charges: Row[],
  prepays: Row[],
) {
  await sendAll(
    ingest,
    db,
    tenantId,
    'returns',
    [...byBill(returns)].map(([key, rows]) => ({
      key,
      version: 1,
      supplierCode: rows[0]!.supp_code,
      storeCode: rows[0]!.dept_code,
      date: rows[0]!.return_date,
      reason: rows[0]!.reason,
      lines: rows.map((l) => ({
        lineNo: l.line_no,
        goodsCode: l.goods_code,
        askedQty: l.asked_qty,
        returnedQty: l.returned_qty,
        price: l.price,
        amount: l.amount,
        amountExcl: l.amount_excl,
        tax: l.tax,
        taxRate: l.tax_rate,
        batchNo: l.batch_no,
      })),
    })),
  );
  await sendAll(
    ingest,
    db,
    tenantId,
    'charges',
    charges.map((c) => ({
      key: c.charge_code,
      version: 1,
      supplierCode: c.supp_code,
      storeCode: c.dept_code,
      chargeType: c.charge_type,
      chargeName: c.charge_name,
      period: c.period,
      direction: c.direction,
      amount: c.amount,
      taxRate: c.tax_rate,
      clause: c.clause,
      calculation: c.calculation,
      date: c.charge_date,
    })),
  );
  await sendAll(
    ingest,
    db,
    tenantId,
    'payments',
    prepays.map((p) => ({
      key: p.prepay_number,
      version: 1,
      supplierCode: p.supp_code,
      accUnitCode: p.node_code,
      date: p.pay_date,
      amount: p.amount,
      note: p.note,
    })),
  );
  const column = (field: string) => charges.map((c) => c[field] as string | null);
  await sql`UPDATE sam_charge c SET dispute_status = s.dispute_status, dispute_note = s.dispute_note, dispute_by = s.dispute_by,
      dispute_at = s.dispute_at, answer_note = s.answer_note, answer_by = s.answer_by, answer_at = s.answer_at, created_by = s.created_by
    FROM unnest(${column('charge_code')}::text[], ${column('dispute_status')}::text[], ${column('dispute_note')}::text[],
      ${column('dispute_by')}::text[], ${column('dispute_at')}::timestamptz[], ${column('answer_note')}::text[], ${column('answer_by')}::text[],
      ${column('answer_at')}::timestamptz[], ${column('created_by')}::text[])
      AS s(charge_code, dispute_status, dispute_note, dispute_by, dispute_at, answer_note, answer_by, answer_at, created_by)
    WHERE c.tenant_id = ${tenantId} AND c.charge_code = s.charge_code`.execute(db);
}
