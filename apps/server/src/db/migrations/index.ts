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
import * as m0027 from './0027-drop-session-cache-signals';
import * as m0030 from './0030-certificate-in-force';
import * as m0031 from './0031-integration-clients';
import * as m0032 from './0032-integration-documents';
import * as m0033 from './0033-event-outbox';
import * as m0034 from './0034-integration-screens';
import * as m0035 from './0035-bill-payment-keys';
import * as m0036 from './0036-order-collaboration';
import * as m0037 from './0037-order-confirmation';
import * as m0038 from './0038-delivery-notes';
import * as m0039 from './0039-dock-appointments';
import * as m0040 from './0040-supplier-performance';
import * as m0041 from './0041-notifications';
import * as m0042 from './0042-notification-screens';
import * as m0043 from './0043-notify-channel-screens';
import * as m0044 from './0044-order-settings';
import * as m0045 from './0045-perf-deferred';
import * as m0046 from './0046-audit-trail';
import * as m0047 from './0047-two-factor';
import * as m0048 from './0048-audit-capture';
import * as m0049 from './0049-audit-seal';
import * as m0050 from './0050-session-devices';
import * as m0051 from './0051-audit-viewer';
import * as m0052 from './0052-receiving-sort-indexes';
import * as m0053 from './0053-receiving-rollup-fast';
import * as m0054 from './0054-perf-receipts-by-order';
import * as m0055 from './0055-perf-median-covering';
import * as m0056 from './0056-order-sort-indexes';
import * as m0057 from './0057-delivery-note-list';
import * as m0058 from './0058-settlement-sort-indexes';
import * as m0059 from './0059-receiving-store-sort-newest';
import * as m0060 from './0060-report-rollups';
import * as m0061 from './0061-query-pages-fewer-rows';
import * as m0062 from './0062-rollup-room-for-updates';

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
  '0027-drop-session-cache-signals': m0027,
  '0030-certificate-in-force': m0030,
  '0031-integration-clients': m0031,
  '0032-integration-documents': m0032,
  '0033-event-outbox': m0033,
  '0034-integration-screens': m0034,
  '0035-bill-payment-keys': m0035,
  '0036-order-collaboration': m0036,
  '0037-order-confirmation': m0037,
  '0038-delivery-notes': m0038,
  '0039-dock-appointments': m0039,
  '0040-supplier-performance': m0040,
  '0041-notifications': m0041,
  '0042-notification-screens': m0042,
  '0043-notify-channel-screens': m0043,
  '0044-order-settings': m0044,
  '0045-perf-deferred': m0045,
  '0046-audit-trail': m0046,
  '0047-two-factor': m0047,
  '0048-audit-capture': m0048,
  '0049-audit-seal': m0049,
  '0050-session-devices': m0050,
  '0051-audit-viewer': m0051,
  '0052-receiving-sort-indexes': m0052,
  '0053-receiving-rollup-fast': m0053,
  '0054-perf-receipts-by-order': m0054,
  '0055-perf-median-covering': m0055,
  '0056-order-sort-indexes': m0056,
  '0057-delivery-note-list': m0057,
  '0058-settlement-sort-indexes': m0058,
  '0059-receiving-store-sort-newest': m0059,
  '0060-report-rollups': m0060,
  '0061-query-pages-fewer-rows': m0061,
  '0062-rollup-room-for-updates': m0062,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
