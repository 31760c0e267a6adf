// A confirm dialog's OK that makes a call: a refusal the client has shown closes the dialog; a program error does not.
import { describe, expect, it } from 'vitest';
import { ApiFailure } from '../api/client';
import { closingOnRefusal } from './confirm-call';

describe('closingOnRefusal', () => {
  it('resolves when the call succeeds or is refused, and rejects on a program error', async () => {
    const calls: string[] = [];
    await expect(closingOnRefusal(async () => calls.push('ok'))()).resolves.toBeUndefined();
    await expect(
      closingOnRefusal(async () => {
        calls.push('refused');
        throw new ApiFailure(409, '0', '已提交，不能删除');
      })(),
    ).resolves.toBeUndefined();
    await expect(
      closingOnRefusal(async () => {
        throw new TypeError('x is undefined');
      })(),
    ).rejects.toThrow('x is undefined');
    expect(calls).toEqual(['ok', 'refused']);
  });
});
