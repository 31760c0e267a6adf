// The demo seed's way into the integration service (modules/integration/documents `ingest`, source 'seed'): the
// service is handed in by the callers above db/ (db/ sits below modules/ and does not import them).
import type { Kysely } from 'kysely';
import type { DB } from '../schema';

type Row = Record<string, string | number | boolean | null>;

/** The entities the seed sends through the service. */
export type SeedEntity = 'purchase-orders' | 'receiving' | 'returns' | 'charges' | 'payments';

/** The integration service's `ingest` for the seed, run in the seed's transaction (`db`). */
export type SeedIngest = (
  db: Kysely<DB>,
  tenantId: string,
  entity: SeedEntity,
  documents: unknown[],
) => Promise<{ results: { key: string; outcome: string; refusals?: unknown }[] }>;

/** Sends documents through the service in batches of its size; the seed's own documents are never refused. */
export async function sendAll(ingest: SeedIngest, db: Kysely<DB>, tenantId: string, entity: SeedEntity, docs: unknown[]) {
  for (let at = 0; at < docs.length; at += 5000) {
    const answer = await ingest(db, tenantId, entity, docs.slice(at, at + 5000));
    const refused = answer.results.filter((r) => r.outcome === 'refused');
    if (refused.length > 0) throw new Error(`the seed's ${entity} were refused: ${JSON.stringify(refused.slice(0, 3))}`);
  }
}

/** Rows of a table grouped by bill number, in order. */
export function byBill(rows: readonly Row[]): Map<string, Row[]> {
  const bills = new Map<string, Row[]>();
  for (const row of rows) {
    const key = row.bill_number as string;
    if (!bills.has(key)) bills.set(key, []);
    bills.get(key)!.push(row);
  }
  return bills;
}
