// @vitest-environment jsdom
// Step-up as the API client and its dialog do it: a sensitive call refused for want of a fresh code opens the
// dialog; the code confirmed, the call goes again and answers; cancelled, the refusal stands. An account without
// two-factor sign-in is asked for its password instead.
import { ResultCode, integration, mfa } from '@portal/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiFailure, call } from '../../api/client';
import { fakeServer, installBrowserParts, renderPage, signIn } from '../../test/page';
import { StepUpDialog } from './step-up-dialog';

vi.mock('./api', () => ({ encryptPassword: async (password: string) => `encrypted:${password}` }));

beforeAll(installBrowserParts);

const refusal = (code: string, message: string) => () =>
  new Response(JSON.stringify({ code, success: false, data: null, message, msg: message }), {
    status: 403,
    headers: { 'content-type': 'application/json' },
  });

function server(kind: 'code' | 'password') {
  let steppedUp = false;
  const refuse =
    kind === 'code'
      ? refusal(ResultCode.stepUpCode, '此操作须再次验证身份：请输入身份验证器中的6位动态码')
      : refusal(ResultCode.stepUpPassword, '此操作须再次验证身份：请输入登录密码');
  return fakeServer([
    [integration.createClient, () => (steppedUp ? { client: { name: 'ERP' }, clientSecret: 'isc_x' } : refuse())],
    [
      mfa.stepUp,
      () => {
        steppedUp = true;
        return { validUntil: '2026-11-27T00:05:00Z' };
      },
    ],
  ]);
}

const create = () => call(integration.createClient, { body: { name: 'ERP', scopes: [], allowedSources: [], ratePerMinute: 60 } });

describe('step-up dialog', () => {
  it('asks for a code when a sensitive call is refused for one, then sends the call again', async () => {
    signIn({ staff: true, employeeCode: 'admin', supplierCode: '' });
    const calls = server('code');
    renderPage(<StepUpDialog />);
    const answer = create();
    const input = await screen.findByLabelText('动态码');
    expect(input.getAttribute('autocomplete')).toBe('one-time-code');
    expect(screen.getByText(/此操作较为敏感，请输入身份验证器中的6位动态码/)).toBeTruthy();
    await userEvent.type(input, '123456{Enter}');
    await expect(answer).resolves.toMatchObject({ clientSecret: 'isc_x' });
    expect(calls.to(mfa.stepUp).map((c) => c.body)).toEqual([{ code: '123456' }]);
    expect(calls.to(integration.createClient)).toHaveLength(2);
    await waitFor(() => expect(screen.queryByLabelText('动态码')).toBeNull());
  }, 90_000);

  it('asks an account without two-factor sign-in for its password, sent encrypted', async () => {
    signIn({ staff: true, employeeCode: 'admin', supplierCode: '' });
    const calls = server('password');
    renderPage(<StepUpDialog />);
    const answer = create();
    await userEvent.type(await screen.findByLabelText('登录密码'), 'secret!{Enter}');
    await expect(answer).resolves.toMatchObject({ clientSecret: 'isc_x' });
    expect(calls.to(mfa.stepUp).map((c) => c.body)).toEqual([{ password: 'encrypted:secret!' }]);
  }, 90_000);

  it('leaves the refusal standing when the user cancels', async () => {
    signIn({ staff: true, employeeCode: 'admin', supplierCode: '' });
    const calls = server('code');
    renderPage(<StepUpDialog />);
    const answer = create().catch((err: unknown) => err);
    await screen.findByLabelText('动态码');
    await userEvent.click(screen.getByRole('button', { name: /取\s*消/ }));
    const refused = await answer;
    expect(refused).toBeInstanceOf(ApiFailure);
    expect((refused as ApiFailure).code).toBe(ResultCode.stepUpCode);
    expect(calls.to(integration.createClient)).toHaveLength(1);
    expect(calls.to(mfa.stepUp)).toHaveLength(0);
  }, 90_000);
});
