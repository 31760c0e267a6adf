// Bad input never reaches the database: a NUL character in any text of any call is a 400 naming the field.
import * as contract from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp, tokenFor } from '../test/helpers';
import { pathOfNul } from './validation';

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp({ business: true });
  tokens.supplier = await tokenFor(t.app, '100001');
  tokens.staff = await tokenFor(t.app, 'admin', { staff: true });
  // Integration calls take a client's bearer token (every scope, a rate no test reaches) instead of a session.
  const made = await t.callAs('admin', contract.integration.createClient, {
    body: { name: 'validation', scopes: [...contract.integration.integrationScopes], ratePerMinute: 100_000 },
  });
  const issued = await t.app.inject({
    method: 'POST',
    url: `/api${contract.integration.issueToken.path}`,
    payload: { grant_type: 'client_credentials', client_id: made.data.client.clientId, client_secret: made.data.clientSecret },
  });
  tokens.integration = (issued.json() as { access_token: string }).access_token;
});
afterAll(() => t.close());

/** The credentials a call is tried with: the bearer token of an integration call, else staff's and a supplier's sessions. */
const headersFor = (call: contract.CallDef): Record<string, string>[] =>
  call.integration ? [{ authorization: `Bearer ${tokens.integration!}` }] : [{ token: tokens.staff! }, { token: tokens.supplier! }];

/** Every call of the contract: the values of its area modules that look like a call (integration calls with a bearer token). */
const calls = Object.values(contract)
  .flatMap((area) => (area && typeof area === 'object' ? Object.values(area) : []))
  .filter((c): c is contract.CallDef => !!c && typeof c === 'object' && 'method' in c && 'path' in c && 'data' in c);

describe('NUL characters', () => {
  it('finds the path of a NUL in nested objects, arrays and keys', () => {
    expect(pathOfNul({ a: 'x', b: [{ c: 'ok' }, { c: 'b\u0000d' }] })).toEqual(['b', '1', 'c']);
    expect(pathOfNul({ filters: { ['k\u0000']: {} } })).toEqual(['filters', 'k\u0000']);
    expect(pathOfNul({ a: 1, b: null, c: ['x'] })).toBeUndefined();
  });

  it.each(calls.filter((c) => c.body || c.query).map((c) => [`${c.method} ${c.path}`, c] as const))(
    '%s answers 400 naming the field',
    async (_name, call) => {
      const part = call.body ? 'body' : 'querystring';
      // A call with a body and a query (the public calls name their tenant) gets a valid query.
      const url = `/api${call.path}${call.body ? (call.query ? '?tenantid=demo' : '') : '?probe=a%00b'}`;
      for (const headers of headersFor(call)) {
        const res = await t.app.inject({
          method: call.method,
          url,
          headers,
          ...(call.body ? { payload: { probe: ['ok', { deep: 'a\u0000b' }] } } : {}),
        });
        if (res.statusCode === 403) continue; // the other account holds the module
        expect(res.statusCode).toBe(400);
        // A multipart call refuses a JSON body before reading it (its form field is checked like any body: its own tests).
        if (call.upload && call.body) {
          expect(res.json().message).toBe('file: 请以 multipart/form-data 上传文件');
          return;
        }
        expect(res.json()).toMatchObject({ code: '400', success: false, data: null });
        expect(res.json().message).toBe(
          call.body ? `${part}.probe.1.deep: 不能包含空字符 (\\u0000)` : `${part}.probe: 不能包含空字符 (\\u0000)`,
        );
        return;
      }
      throw new Error('no demo account may call it');
    },
  );

  it('walks a body nested far deeper than any call takes without running out of stack', async () => {
    const depth = 20_000;
    const deep = `${'{"a":'.repeat(depth)}"x\\u0000"${'}'.repeat(depth)}`;
    expect(pathOfNul(JSON.parse(deep))).toHaveLength(depth);
    for (const payload of [deep, `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/acceptance/getAccDetailInfo',
        headers: { token: tokens.supplier!, 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: '400', success: false });
    }
  });

  it('refuses a NUL in the goods of a CSV export before the first byte', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/acceptance/exportCsv',
      headers: { token: tokens.supplier! },
      payload: { startDate: '2026-01-01', endDate: '2026-06-30', goods: 'x\u0000' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: 'body.goods: 不能包含空字符 (\\u0000)' });
  });
});

describe('dates', () => {
  it('answers 400 naming the field for a day that does not exist', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/acceptance/getAccCountSumByCondition',
      headers: { token: tokens.supplier! },
      payload: { startDate: '2026-02-30', endDate: '2026-06-30' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: 'body.startDate: 日期不存在' });
  });
});

/** The fields of a call's query or body object (through defaults, optionals and refinements). */
function fieldsOf(schema: unknown): string[] {
  let at = schema as { _zod?: { def?: { innerType?: unknown; in?: unknown; schema?: unknown } } } | undefined;
  for (let i = 0; i < 5 && at; i++) {
    if (at instanceof z.ZodObject) return Object.keys(at.shape);
    const def = at._zod?.def;
    at = (def?.innerType ?? def?.in ?? def?.schema) as typeof at;
  }
  return [];
}

describe('odd values in any field', () => {
  // Text that looks like a number but no decimal takes, a number past every column, the wrong type, an inherited name.
  const odd: unknown[] = ['1e5000000', 1e308, [], 'constructor'];
  it.each(calls.filter((c) => !c.upload && (c.body || c.query)).map((c) => [`${c.method} ${c.path}`, c] as const))(
    '%s never answers 500',
    async (_name, call) => {
      const part = call.body ? 'body' : 'query';
      const failures: string[] = [];
      for (const field of fieldsOf(call[part]))
        for (const value of odd)
          for (const headers of headersFor(call).reverse()) {
            const text = typeof value === 'string' ? value : JSON.stringify(value);
            const url = `/api${call.path}${part === 'query' ? `?${field}=${encodeURIComponent(text)}` : call.query ? '?tenantid=demo' : ''}`;
            const res = await t.app.inject({
              method: call.method,
              url,
              headers,
              ...(part === 'body' ? { payload: { [field]: value } } : {}),
            });
            if (res.statusCode >= 500) failures.push(`${field}=${text}: ${res.statusCode}`);
            if (res.statusCode !== 403) break; // the other account holds the module
          }
      expect(failures).toEqual([]);
    },
  );
});
