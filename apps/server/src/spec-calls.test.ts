// Spec section 7 lists the calls the product makes: each is declared in the contract at its path and method,
// and served by this server, except those the contract names as not yet served (with the issue that builds them).
import * as contract from '@portal/contract';
import { type CallDef, notYetServed, specCalls } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const declared = new Set(
  Object.values(contract)
    .flatMap((area: unknown) => (typeof area === 'object' && area !== null ? Object.values(area) : []))
    .filter((value: unknown): value is CallDef => typeof value === 'object' && value !== null && 'method' in value && 'path' in value)
    .map((call) => `${call.method} ${call.path}`),
);
const keyOf = (call: { method: string; path: string }) => `${call.method} ${call.path}`;

describe('the calls of spec section 7', () => {
  it('are listed once each', () => {
    expect(specCalls.length).toBeGreaterThan(90);
    expect(new Set(specCalls.map(keyOf)).size).toBe(specCalls.length);
  });

  it('are served at their path and method, apart from those named as not yet served', () => {
    const missing = specCalls
      .map(keyOf)
      .filter((key) => {
        const [method, path] = key.split(' ') as ['GET' | 'POST', string];
        return !declared.has(key) || !t.app.hasRoute({ method, url: `${t.config.apiPrefix}${path}` });
      })
      .sort();
    expect(missing).toEqual(Object.keys(notYetServed).sort());
  });
});
