// Reads a PGlite database of an earlier release (DATA_DIR/pgdata) as a backup source, so that its data moves to
// PostgreSQL through the ordinary backup file and `npm run restore`. PGlite is no dependency any more: the
// operator installs the release that wrote the folder for the move alone (npm install --no-save
// @electric-sql/pglite@0.5.16), and it is loaded here only then.
import type { BackupSource } from './backup';
import { ident } from './backup';

interface Pglite {
  query<R>(text: string): Promise<{ rows: R[]; blob?: Blob }>;
  close(): Promise<void>;
}

export const pglitePackage = '@electric-sql/pglite';

/** Opens the PGlite folder read-only in one snapshot; close ends it. */
export async function openPgliteSource(folder: string): Promise<BackupSource & { close(): Promise<void> }> {
  let module: { PGlite: { create(dataDir: string): Promise<Pglite> } };
  try {
    const name = pglitePackage; // not a literal: the bundle and the type check leave it alone
    module = (await import(name)) as typeof module;
  } catch {
    throw new Error(`reading a PGlite folder needs ${pglitePackage}: npm install --no-save ${pglitePackage}@0.5.16, then run this again`);
  }
  const db = await module.PGlite.create(folder);
  await db.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  return {
    rows: async <R>(text: string) => (await db.query<R>(text)).rows,
    // PGlite writes COPY TO '/dev/blob' into the result (the same text format as COPY TO STDOUT).
    copyOut: async function* (table: string) {
      const { blob } = await db.query(`COPY ${ident(table)} TO '/dev/blob'`);
      if (blob) yield Buffer.from(await blob.arrayBuffer());
    },
    close: async () => {
      await db.query('COMMIT');
      await db.close();
    },
  };
}
