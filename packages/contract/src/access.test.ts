// Every call of the contract says who may make it: public, a module that grants it, or open to every
// signed-in user with the reason written down. A new call with none of these fails here.
import { describe, expect, it } from 'vitest';
import type { CallDef } from './call';
import * as contract from './index';

const calls = Object.values(contract)
  .flatMap((area: unknown) => (typeof area === 'object' && area !== null ? Object.values(area) : []))
  .filter(
    (value: unknown): value is CallDef =>
      typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'data' in value,
  );

describe('access of every call', () => {
  it('finds the calls of every area', () => {
    expect(calls.length).toBeGreaterThan(50);
  });

  it.each(calls.map((c) => [`${c.method} ${c.path}`, c] as const))(
    '%s is public, names a module, is an integration call, or says why every signed-in user may call it',
    (_, call) => {
      const grants = [call.public === true, Boolean(call.module), Boolean(call.signedIn?.trim()), Boolean(call.integration)].filter(
        Boolean,
      );
      expect(grants).toHaveLength(1);
    },
  );

  it('marks the GET calls of the spec that change data', () => {
    const changing = calls
      .filter((c) => c.method === 'GET' && c.changes)
      .map((c) => c.path)
      .sort();
    expect(changing).toEqual([
      '/baseInfo/getBillNumber',
      '/samData/newBillNumber',
      '/user/changeIsUsed',
      '/user/deleteEmployee',
      '/user/resetPassword',
    ]);
  });
});
