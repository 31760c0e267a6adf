// The demo seed's door into the integration service: db/seed sits below modules/ and cannot import the service,
// so the callers above it (main, cluster, test helpers, bench) hand this in.
import type { SeedIngest } from './db/seed/ingest';
import { ingest } from './modules/integration/documents/service';

export const seedIngest: SeedIngest = (db, tenantId, entity, documents) => ingest({ db }, { tenantId, source: 'seed' }, entity, documents);
