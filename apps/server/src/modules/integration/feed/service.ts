// The demo feed (docs/integration.md): keeps a demo tenant moving as a retailer's ERP would, through the same
// `ingest` as every other door. Each run sends a few new purchase orders, and the receiving of the orders it sent
// one run before (now and then a case short). One process runs it at a time (an advisory lock), and a run that
// comes too soon after the last one (another process's) does nothing.
import { businessDay, fromUnits, toUnits } from '@portal/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../../db/schema';
import { ingest } from '../documents/service';
import { repeat } from '../../../platform/repeat';
import * as repo from './repo';

/** Keys of the feed's documents: orders PF…, their receiving RF… (the ERP's own numbers, as a real feed has). */
const orderPrefix = 'PF';
const receivingPrefix = 'RF';

export interface FeedRun {
  ran: boolean;
  orders: number;
  receivings: number;
}

export interface FeedOptions {
  tenantId: string;
  /** Minutes between runs: a run within this much of the last does nothing, and receiving follows an order after it. */
  everyMinutes: number;
  now?: Date;
  /** Random numbers in [0, 1): tests pass a seeded one. */
  random?: () => number;
}

const pick = <T>(items: readonly T[], random: () => number): T => items[Math.floor(random() * items.length)]!;
const between = (min: number, max: number, random: () => number) => min + Math.floor(random() * (max - min + 1));
/** price × quantity in cents, rounded half-up (price has up to six places). */
const amountOf = (price: string, qty: number) => fromUnits((toUnits(price, 6) * BigInt(qty) + 5_000n) / 10_000n, 2);
const stamp = (d: Date) => d.toISOString().replace(/[-:T]/g, '').slice(0, 14);

export async function runDemoFeed(db: Kysely<DB>, options: FeedOptions): Promise<FeedRun> {
  const now = options.now ?? new Date();
  const random = options.random ?? Math.random;
  const { tenantId } = options;
  return db.transaction().execute(async (trx) => {
    if (!(await repo.lockFeed(trx, tenantId))) return { ran: false, orders: 0, receivings: 0 };
    const last = await repo.lastRun(trx, tenantId);
    // A little slack: timers of several processes drift.
    if (last && now.getTime() - new Date(last).getTime() < options.everyMinutes * 60_000 * 0.9)
      return { ran: false, orders: 0, receivings: 0 };

    const sender = { tenantId, source: 'feed' as const };
    const version = now.getTime();
    const today = businessDay(now);
    const due = await repo.awaitingReceipt(trx, tenantId, orderPrefix, new Date(now.getTime() - options.everyMinutes * 60_000 * 0.5));
    const receiving = due.map((order) => ({
      key: `${receivingPrefix}${order.key.slice(orderPrefix.length)}`,
      version,
      supplierCode: order.suppCode,
      storeCode: order.storeCode,
      date: today,
      purchaseOrder: order.key,
      lines: order.lines.map((line) => {
        const ordered = Number(line.qty);
        // One line in ten comes a case (a tenth of the order) short.
        const qty = random() < 0.1 ? Math.max(1, ordered - Math.max(1, Math.round(ordered / 10))) : ordered;
        return { lineNo: line.lineNo, goodsCode: line.goodsCode, qty: String(qty), price: line.price, amount: amountOf(line.price, qty) };
      }),
    }));
    if (receiving.length > 0) await ingest({ db: trx }, sender, 'receiving', receiving);

    const goods = await repo.suppliedGoods(trx, tenantId);
    const stores = await repo.storeCodes(trx, tenantId);
    const suppliers = [...new Set(goods.map((g) => g.suppCode))];
    const orders = [];
    if (suppliers.length > 0 && stores.length > 0) {
      const count = between(1, 3, random);
      for (let n = 1; n <= count; n++) {
        const supplier = pick(suppliers, random);
        const offered = goods.filter((g) => g.suppCode === supplier);
        const chosen = [...new Set(Array.from({ length: between(2, 5, random) }, () => pick(offered, random)))];
        orders.push({
          key: `${orderPrefix}${stamp(now)}-${n}`,
          version,
          supplierCode: supplier,
          storeCode: pick(stores, random),
          orderDate: today,
          deliveryDate: businessDay(new Date(now.getTime() + 86_400_000)),
          lines: chosen.map((g, i) => {
            const qty = Math.max(1, g.caseQty) * between(2, 12, random);
            return { lineNo: i + 1, goodsCode: g.goodsCode, qty: String(qty), price: g.price, amount: amountOf(g.price, qty) };
          }),
        });
      }
      await ingest({ db: trx }, sender, 'purchase-orders', orders);
    }
    return { ran: true, orders: orders.length, receivings: receiving.length };
  });
}

/** Runs the feed every `everyMinutes` (the first run a few seconds after start); answers a stop that awaits a run in flight. */
export function scheduleDemoFeed(
  db: Kysely<DB>,
  options: Omit<FeedOptions, 'now' | 'random'>,
  log: { info(o: object, m: string): void; error(o: object, m: string): void },
): () => Promise<void> {
  return repeat(
    () =>
      runDemoFeed(db, options)
        .then((r) => (r.ran ? log.info({ orders: r.orders, receivings: r.receivings }, 'demo feed ran') : undefined))
        .catch((err: unknown) => log.error({ err }, 'demo feed failed')),
    { firstAfterMs: 5_000, everyMs: options.everyMinutes * 60_000 },
  );
}
