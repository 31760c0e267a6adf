// Every list call of the contract that takes a sort refuses a field that is not one of its sortable
// columns — names of Object.prototype included — with a 400 naming the field, never a 500.
import * as contract from '@portal/contract';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';

/** The smallest valid body of each sorted list call; a new one must be added here. */
const bodies: Record<string, object> = {
  '/purOrderBill/getPurOrderPage': {},
  '/user/getEmployeeByParentCodePageQuery': {},
  '/acceptance/getAccDetailInfo': { startDate: '2024-01-01', endDate: '2024-12-31' },
  '/acceptance/exportCsv': { startDate: '2024-01-01', endDate: '2024-12-31' },
  '/acceptance/exportExcel': { startDate: '2024-01-01', endDate: '2024-12-31' },
  '/samData/querySamBillQueryList': {},
  '/samData/getSamAdvanceBillList': {},
  '/samData/getChargeList': {},
  '/samData/exportSamBillList': {},
  '/samData/exportChargeList': {},
  '/samData/getSamCostData': { nodeCode: 'U01', periodStart: '2024-01-01', periodEnd: '2024-12-31' },
  '/baseInfo/getBrandPage': {},
  '/baseInfo/getDeptPage': {},
  '/ctf/getCtfReviewList': {},
  '/baseInfo/getAccUnitPage': {},
  '/goodsApply/getApplyPage': {},
  '/goodsApplyAudit/getAuditPage': {},
  '/supplierApply/list': {},
  '/supplierHistory/list': {},
  '/dynamicQuery/run': { queryCode: 'STORE_LIST', params: {} },
  '/dynamicQuery/exportCsv': { queryCode: 'STORE_LIST', params: {} },
  '/dynamicQuery/exportExcel': { queryCode: 'STORE_LIST', params: {} },
  '/performanceRanking/getPage': { startMonth: '2026-01', endMonth: '2026-06' },
};
/** Who makes the call, where it is not supplier 100001 (staff-only lists). */
const callers: Record<string, string> = {
  '/baseInfo/getBrandPage': 'admin',
  '/baseInfo/getDeptPage': 'admin',
  '/ctf/getCtfReviewList': 'admin',
  '/baseInfo/getAccUnitPage': 'admin',
  '/goodsApplyAudit/getAuditPage': 'buyer01',
  '/supplierApply/list': 'admin',
  '/supplierHistory/list': 'admin',
  '/performanceRanking/getPage': 'admin',
};

const sortedLists = Object.values(contract)
  .flatMap((area) => (typeof area === 'object' && area !== null ? Object.values(area) : []))
  .filter((c): c is contract.CallDef => typeof c === 'object' && c !== null && 'path' in c && 'method' in c)
  .filter((c) => c.body instanceof z.ZodObject && 'sort' in c.body.shape);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A list call as its caller with this body (sent as it is, whatever the call's type says: the server is what checks it). */
const list = (call: contract.CallDef, body: object) =>
  t.callAs(callers[call.path] ?? '100001', call, (call.query ? { query: {}, body } : { body }) as never);

describe('sort fields of list calls', () => {
  it('finds the sorted list calls of the contract', () => {
    expect(sortedLists.map((c) => c.path).sort()).toEqual(Object.keys(bodies).sort());
  });

  for (const call of sortedLists) {
    for (const field of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'noSuchColumn']) {
      it(`${call.path} refuses a sort by ${field} with a 400 naming the field`, async () => {
        const res = await list(call, { ...bodies[call.path], sort: { field, order: 'asc' } });
        expect(res.status).toBe(400);
        expect(res.envelope.message).toMatch(/^body\.sort\.field: /);
      });
    }

    // An export answers a file, not an envelope: its own tests read it (dynamic-query.test.ts).
    if (call.path.includes('/export')) continue;
    it(`${call.path} still sorts by its default column`, async () => {
      const res = await list(call, bodies[call.path]!);
      expect(res.status).toBe(200);
    });
  }
});
