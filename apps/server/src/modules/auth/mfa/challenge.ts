// The step between a correct password and the code: an account with two-factor sign-in gets no session yet but a
// short-lived challenge (stored as a hash), which /user/loginCode exchanges with a code for the session.
import { type CodeNeeded, mfa } from '@portal/contract';
import type { AppContext } from '../../../platform/context';
import { hashToken, newToken } from '../../../platform/passwords';
import * as repo from './repo';

export async function usesTwoFactor(ctx: AppContext, accountId: number): Promise<boolean> {
  const row = await repo.totpOf(ctx.db, accountId);
  return row?.enabled_at !== undefined && row.enabled_at !== null;
}

export async function issueChallenge(ctx: AppContext, account: { id: number; kind: string }): Promise<CodeNeeded> {
  const challenge = newToken();
  const now = ctx.now();
  await repo.insertChallenge(ctx.db, hashToken(challenge), account.id, new Date(now.getTime() + mfa.challengeSeconds * 1000), now);
  return { twoFactor: 'code-needed', challenge, expiresIn: mfa.challengeSeconds, staff: account.kind === 'staff' };
}
