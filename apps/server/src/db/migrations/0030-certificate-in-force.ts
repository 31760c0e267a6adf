// Certificate types get an English name beside the Chinese one (the tenant's default types are named; a
// tenant's own types may be given one); and the approved certificates of a slot are indexed, since the
// certificate in force is the newest approved one of its supplier, type and goods item (certificate/repo.ts).
import { type Kysely, sql } from 'kysely';
import { defaultCertificateTypes } from '../certificate-types';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE certificate_type ADD COLUMN type_name_en text NOT NULL DEFAULT ''`.execute(db);
  for (const t of defaultCertificateTypes)
    await sql`UPDATE certificate_type SET type_name_en = ${t.typeNameEn}
      WHERE type_code = ${t.typeCode} AND type_name = ${t.typeName} AND type_name_en = ''`.execute(db);
  await sql`CREATE INDEX certificate_approved ON certificate (tenant_id, supp_code, type_code, barcode, id) WHERE status = '已审核'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX certificate_approved`.execute(db);
  await sql`ALTER TABLE certificate_type DROP COLUMN type_name_en`.execute(db);
}
