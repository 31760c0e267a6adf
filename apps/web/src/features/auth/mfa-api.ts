// Calls of two-factor sign-in with their query keys: the code step of the login, the user's own enrolment and
// step-up, and the tenant's policy (ms0127).
import { type LoginResult, type MfaPolicy, mfa } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../api/client';
import { useChange } from '../../lib/react-query';
import { encryptPassword } from './api';

export const mfaKeys = { status: ['mfa', 'status'] as const, policy: ['mfa', 'policy'] as const };

export const statusQuery = queryOptions({ queryKey: mfaKeys.status, queryFn: () => call(mfa.status, {}, { silent: true }) });
export const policyQuery = queryOptions({ queryKey: mfaKeys.policy, queryFn: () => call(mfa.getPolicy) });

/** The login's second step: the challenge of the password step and a code (or recovery code). */
export const signInWithCode = (tenantid: string, challenge: string, code: string): Promise<LoginResult> =>
  call(mfa.loginCode, { query: { tenantid }, body: { challenge, code } }, { silent: true });

export const startEnrolment = () => call(mfa.startEnrolment, {}, { silent: true });
export const useConfirmEnrolment = () =>
  useChange((code: string) => call(mfa.confirmEnrolment, { body: { code } }, { silent: true }), [mfaKeys.status]);
export const useDisable = () => useChange((code: string) => call(mfa.disable, { body: { code } }, { silent: true }), [mfaKeys.status]);
export const useSavePolicy = () => useChange((policy: MfaPolicy) => call(mfa.savePolicy, { body: policy }), [mfaKeys.policy]);

/** Confirms who is at the keyboard: a code, or the password (encrypted as the login's). */
export async function stepUp(answer: { code: string } | { password: string }) {
  const body = 'code' in answer ? { code: answer.code } : { password: await encryptPassword(answer.password) };
  return call(mfa.stepUp, { body }, { silent: true, steppedUp: true });
}
