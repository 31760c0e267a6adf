// The static index of migrations, in order; Kysely's Migrator reads it (no folder scanning).
import type { Migration, MigrationProvider } from 'kysely';
import * as m0001 from './0001-init';
import * as m0002 from './0002-access';
import * as m0003 from './0003-base-info';
import * as m0004 from './0004-acceptance-order';
import * as m0005 from './0005-employee';
import * as m0006 from './0006-shell';
import * as m0007 from './0007-usage-module';
import * as m0008 from './0008-record-history';
import * as m0009 from './0009-file-store';
import * as m0010 from './0010-bus-option-module';
import * as m0011 from './0011-common-lookups';
import * as m0012 from './0012-settlement';
import * as m0013 from './0013-certificates';
import * as m0015 from './0015-base-data';
import * as m0019 from './0019-legacy-common';
import * as m0020 from './0020-print-templates';
import * as m0016 from './0016-goods-apply';
import * as m0017 from './0017-supplier-apply';
import * as m0021 from './0021-receiving-rollup';
import * as m0018 from './0018-dynamic-query';
import * as m0022 from './0022-settlement-step-roles';
import * as m0023 from './0023-module-name-en';
import * as m0025 from './0025-query-texts-en';
import * as m0026 from './0026-session-cache-signals';

const migrations: Record<string, Migration> = {
  '0001-init': m0001,
  '0002-access': m0002,
  '0003-base-info': m0003,
  '0004-acceptance-order': m0004,
  '0005-employee': m0005,
  '0006-shell': m0006,
  '0007-usage-module': m0007,
  '0008-record-history': m0008,
  '0009-file-store': m0009,
  '0010-bus-option-module': m0010,
  '0011-common-lookups': m0011,
  '0012-settlement': m0012,
  '0013-certificates': m0013,
  '0015-base-data': m0015,
  '0019-legacy-common': m0019,
  '0020-print-templates': m0020,
  '0016-goods-apply': m0016,
  '0017-supplier-apply': m0017,
  '0021-receiving-rollup': m0021,
  '0018-dynamic-query': m0018,
  '0022-settlement-step-roles': m0022,
  '0023-module-name-en': m0023,
  '0025-query-texts-en': m0025,
  '0026-session-cache-signals': m0026,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
