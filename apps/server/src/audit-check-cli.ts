// npm run audit:check [-- --unsealed-minutes N]: seals what is new, then walks every tenant's audit chain
// (modules/audit/chain.ts) and names each entry edited, removed, or unsealed for longer than N minutes (default 120).
// Exit 0 when the chain holds, 1 when it does not.
import { parseArgs } from 'node:util';
import { databaseOptionsOf, loadConfig } from './config';
import { openDatabase } from './db/database';
import { checkChain, sealAll } from './modules/audit/chain';

const { values } = parseArgs({ options: { 'unsealed-minutes': { type: 'string' } } });
const minutes = values['unsealed-minutes'] === undefined ? 120 : Number(values['unsealed-minutes']);
if (!Number.isFinite(minutes) || minutes <= 0) {
  console.error(`--unsealed-minutes must be a positive number, got ${values['unsealed-minutes']}`);
  process.exit(2);
}
const database = await openDatabase(databaseOptionsOf(loadConfig()));
let failed = false;
try {
  const sealed = await sealAll(database.db);
  const report = await checkChain(database.db, new Date(), minutes * 60_000);
  for (const t of report.tenants)
    console.log(
      `${t.tenantId || '(no tenant)'}: ${t.checked} entries checked${t.fromArchive ? ' after its last archive' : ''}, ${sealed[t.tenantId]?.count ?? 0} sealed now`,
    );
  for (const p of report.problems)
    console.log(
      `${p.problem.toUpperCase()}: tenant ${p.tenantId || '(none)'}${p.entryId === null ? '' : `, entry ${p.entryId}`}${p.seq === null ? '' : `, seal ${p.seq}`}`,
    );
  failed = report.problems.length > 0;
  console.log(failed ? `audit chain BROKEN: ${report.problems.length} problem(s)` : 'audit chain holds');
} finally {
  await database.close();
}
process.exit(failed ? 1 : 0);
