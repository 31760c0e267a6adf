// SQL of the pull feed: a tenant's events after a cursor, in the feed's order, only those no late commit can precede.
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../../db/schema';

export interface FeedRow {
  txid: string;
  id: string;
  topic: string;
  subject: string;
  supp_code: string | null;
  payload: Record<string, unknown>;
  at: Date;
}

/**
 * The tenant's events after (txid, id), at most `limit`, ordered by (txid, id).
 *
 * Why this order and this filter. An event's id comes from a sequence when its row is inserted, but the row
 * becomes visible when its transaction commits, in whatever order transactions commit. Listing by id alone,
 * a reader that saw id 11 (committed) would pass id 10 forever if 10's transaction committed later. Filtering
 * by id with `txid < xmin` is not enough either: transaction A may take its xid (first write) before B, B insert
 * event 10, A event 11 and commit; with B still running the snapshot's xmin is B's xid > A's, so 11 would be
 * listed, 10 not yet visible, and a cursor at 11 would skip 10 when B commits.
 *
 * So the feed's order is the writing transaction's id first (xid8, never wraps), then the event id, and a row
 * is listed only when its transaction id is below the xmin of the reading statement's snapshot
 * (pg_snapshot_xmin(pg_current_snapshot())): every transaction below xmin has ended, so those rows are final
 * (committed and visible, or rolled back and gone), and every transaction still able to write an event has
 * an xid >= xmin, hence sorts after every row listed now. A cursor (txid, id) therefore never passes a row
 * that appears later, and the stable prefix gives the same page to every repeated read: each event once, none
 * skipped. Within one subject the order is the order of its changes where the change's first write is the
 * lock of the document (bills, charges, certificates: the row lock gives the transaction its xid, and a
 * second change waits for the first, so its xid is higher); a change that writes elsewhere before taking
 * the document's lock could sort before an earlier change of the same document that started writing later.
 * The cost: an event waits for the oldest writing transaction still running (of any tenant) to end.
 */
export async function feedPage(db: Kysely<DB>, tenantId: string, after: { txid: string; id: string }, limit: number): Promise<FeedRow[]> {
  const { rows } = await sql<FeedRow>`
    SELECT e.txid::text AS txid, e.id::text AS id, e.topic, e.subject, e.supp_code, e.payload, e.at
    FROM event e
    WHERE e.tenant_id = ${tenantId}
      AND (e.txid, e.id) > (${after.txid}::xid8, ${after.id}::bigint)
      AND e.txid < pg_snapshot_xmin(pg_current_snapshot())
    ORDER BY e.txid, e.id
    LIMIT ${limit}`.execute(db);
  return rows;
}
