// The static index of migrations, in order; Kysely's Migrator reads it (no folder scanning).
import type { Migration, MigrationProvider } from 'kysely';
import * as m0001 from './0001-init';

const migrations: Record<string, Migration> = {
  '0001-init': m0001,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
