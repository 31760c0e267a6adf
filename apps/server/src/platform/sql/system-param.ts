// A tenant's system parameter (system_param): the switches and settings several areas read.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** The parameter `code` of the tenant; undefined when the tenant has none. */
export function systemParam(db: Kysely<DB>, tenantId: string, code: string) {
  return db
    .selectFrom('system_param')
    .select(['parameter_code as parameterCode', 'parameter_name as parameterName', 'parameter_value as parameterValue'])
    .where('tenant_id', '=', tenantId)
    .where('parameter_code', '=', code)
    .executeTakeFirst();
}
