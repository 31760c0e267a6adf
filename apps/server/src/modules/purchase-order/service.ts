// Rules of purchase orders: scope, detail lookup, splitting lines into packing units.
import type { z } from 'zod';
import type { CallBody, purchaseOrder } from '@portal/contract';
import type { AppContext } from '../../platform/context';
import { ApiError } from '../../platform/errors';
import { scopeOf } from '../../platform/scope';
import type { SessionContext } from '../../platform/session-context';
import * as repo from './repo';

type PageQuery = z.infer<typeof purchaseOrder.purOrderQuery>;
type ValuesQuery = CallBody<typeof purchaseOrder.getPurOrderColumnValues>;

/** The list's search as the repo reads it; a reversed date range is a 400. */
function filterOf(query: Omit<ValuesQuery, 'field'>): repo.OrderFilter {
  if (query.startDate && query.endDate && query.startDate > query.endDate)
    throw ApiError.badRequest('body.endDate: 结束日期不能早于开始日期');
  return query;
}

export function page(ctx: AppContext, session: SessionContext, query: PageQuery) {
  return repo.orderList.page(ctx.db, scopeOf(session, query.suppCode), filterOf(query), query);
}

/** The grid's value checklist: a column's texts across every page the search and other filters leave. */
export function columnValues(ctx: AppContext, session: SessionContext, query: ValuesQuery) {
  return repo.orderList.columnValues(ctx.db, scopeOf(session, query.suppCode), filterOf(query), query.filters, query.field);
}

export async function detail(ctx: AppContext, session: SessionContext, billNumber: string, suppCode?: string) {
  const scope = scopeOf(session, suppCode);
  const header = await repo.header(ctx.db, scope, billNumber);
  if (!header) throw ApiError.notFound(`采购订单 ${billNumber} 不存在`);
  return { header, lines: await repo.lines(ctx.db, scope.tenantId, billNumber) };
}

/** Each line as whole cases plus loose units; quantities are whole units in the demo data. */
export async function splitSubGoods(ctx: AppContext, session: SessionContext, billNumber: string) {
  const { lines } = await detail(ctx, session, billNumber);
  return lines.flatMap((line) => {
    const qty = BigInt(line.orderQty.split('.')[0]!);
    const perCase = BigInt(line.caseQty);
    const cases = line.caseQty > 1 ? qty / perCase : 0n;
    const loose = qty - cases * perCase;
    const parts = [];
    if (cases > 0n)
      parts.push({
        lineNo: line.lineNo,
        goodsCode: line.goodsCode,
        goodsName: line.goodsName,
        packUnit: '箱',
        packQty: String(cases),
        unitsPerPack: line.caseQty,
        qty: String(cases * perCase),
      });
    if (loose > 0n || parts.length === 0)
      parts.push({
        lineNo: line.lineNo,
        goodsCode: line.goodsCode,
        goodsName: line.goodsName,
        packUnit: line.unit,
        packQty: String(loose),
        unitsPerPack: 1,
        qty: String(loose),
      });
    return parts;
  });
}
