// The signing secrets of webhooks and robots at rest: sealed (platform/secret-box.ts) when written; those written in
// plain before sealing began are sealed when a delivering process starts.
import { isSealed, seal, type SecretKeySource } from '../../platform/secret-box';
import * as repo from './endpoint-repo';

/** Seals the secrets still stored in plain (once all are sealed it only reads); answers how many it sealed. */
export async function sealPlainSecrets(source: SecretKeySource): Promise<number> {
  let count = 0;
  for (const { id, secret } of await repo.storedSecrets(source.db)) {
    if (isSealed(secret)) continue;
    await repo.replaceSecret(source.db, id, secret, await seal(source, secret));
    count += 1;
  }
  return count;
}
