// Parts of a receiving condition shared by the line-level SQL and the rollup's.
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { containing } from '../../db/like';

export type Dimension = 'dept' | 'goods' | 'category' | 'brand' | 'day' | 'month';

/** A category and everything below it, as a condition on a category column. */
export function inCategoryTree(column: RawBuilder<string>, categoryCode: string, tenantId: string) {
  return sql<SqlBool>`${column} IN (
      WITH RECURSIVE sub(code) AS (
        SELECT ${categoryCode}::text
        UNION ALL
        SELECT c.category_code FROM category c JOIN sub ON c.parent_category_code = sub.code WHERE c.tenant_id = ${tenantId}
      ) SELECT code FROM sub)`;
}

/** Goods by code, barcode or part of the name, as a condition on a goods-code column. */
export function isGoods(column: RawBuilder<string>, goods: string, tenantId: string) {
  return sql<SqlBool>`(${column} = ${goods} OR ${column} IN (
      SELECT goods_code FROM goods WHERE tenant_id = ${tenantId} AND (barcode = ${goods} OR goods_name ILIKE ${containing(goods)})))`;
}
