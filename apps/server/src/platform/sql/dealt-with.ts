// Which stores and DCs concern a supplier: those its orders or receipts name (the base data lists and the
// common lookups narrow a supplier's choices by it).
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { type DataScope, inScope } from '../scope';

/**
 * Whether the store or DC of `deptAlias` concerns the scope's supplier: one its orders or receipts name (always
 * true for staff, who see their tenant's).
 */
export function dealtWith(scope: DataScope, deptAlias: string): RawBuilder<SqlBool> {
  if (!scope.suppCode) return sql<SqlBool>`true`;
  const dept = sql.ref(`${deptAlias}.dept_code`);
  return sql<SqlBool>`(EXISTS (SELECT 1 FROM pur_order o WHERE ${inScope(scope, 'o')} AND o.dept_code = ${dept})
    OR EXISTS (SELECT 1 FROM acceptance a WHERE ${inScope(scope, 'a')} AND a.dept_code = ${dept}))`;
}
