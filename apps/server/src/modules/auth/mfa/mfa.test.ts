// Two-factor sign-in end to end on the server: enrolment, the login's code step, codes once each with one step of
// skew, recovery codes, the code step's lockout, the policy's hold on a session that must enrol, and step-up.
import * as contract from '@portal/contract';
import { type CallDef, ClientKeys, ResultCode, employee, integration, mfa } from '@portal/contract';
import { sql } from 'kysely';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { type TestApp, createTestApp, demoPassword, encryptPassword, login, tokenFor } from '../../../test/helpers';

let t: TestApp;
let offset = 0;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Moves the app's clock (and the codes this test makes) by `ms`. */
const shift = (ms: number) => {
  offset += ms;
  t.shiftClock(ms);
};
/** The code of the app's current time-step, `steps` away. */
const codeOf = (secret: string, steps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + offset + steps * 30_000 });
/** A fresh step's code: the clock moves on 30 s first, so no code is used twice. */
const nextCode = (secret: string) => {
  shift(30_000);
  return codeOf(secret);
};

const accountId = async (code: string) =>
  (await t.database.db.selectFrom('account').select('id').where('employee_code', '=', code).executeTakeFirstOrThrow()).id;

async function loginCode(challenge: string, code: string) {
  return t.app.inject({ method: 'POST', url: '/api/user/loginCode?tenantid=demo', payload: { challenge, code } });
}

/** Enrols `user` (signed in with `token`): the secret and the recovery codes. */
async function enrol(token: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  const started = await t.callAs({ token }, mfa.startEnrolment);
  expect(started.status).toBe(200);
  const confirmed = await t.callAs({ token }, mfa.confirmEnrolment, { body: { code: nextCode(started.data.secret) } });
  expect(confirmed.status).toBe(200);
  return { secret: started.data.secret, recoveryCodes: confirmed.data.recoveryCodes };
}

describe('enrolment', () => {
  it('gives a QR code, the otpauth URI and the secret, keeps the secret sealed, and turns on with a code', async () => {
    const token = await tokenFor(t.app, 'buyer01', { staff: true });
    expect((await t.callAs({ token }, mfa.status)).data).toEqual({
      enabled: false,
      required: false,
      pending: false,
      recoveryCodesLeft: 0,
      stepUpWith: 'none',
    });
    const started = await t.callAs({ token }, mfa.startEnrolment);
    expect(started.status).toBe(200);
    const { secret, uri, qrCode } = started.data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toMatch(/^otpauth:\/\/totp\/.*secret=[A-Z2-7]+.*/);
    expect(uri).toContain('algorithm=SHA1');
    expect(uri).toContain('digits=6');
    expect(uri).toContain('period=30');
    expect(qrCode).toMatch(/^data:image\/png;base64,/);
    const stored = await t.database.db
      .selectFrom('account_totp')
      .selectAll()
      .where('account_id', '=', await accountId('buyer01'))
      .executeTakeFirstOrThrow();
    expect(stored.secret_sealed).not.toContain(secret);
    expect(stored.enabled_at).toBeNull();

    // Not on until a code confirms it: a wrong one is refused and written to the audit trail.
    const wrong = await t.callAs({ token }, mfa.confirmEnrolment, { body: { code: codeOf(secret, 5) } });
    expect([wrong.status, wrong.envelope.code]).toEqual([403, ResultCode.mfaCodeWrong]);
    const confirmed = await t.callAs({ token }, mfa.confirmEnrolment, { body: { code: nextCode(secret) } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.data.recoveryCodes).toHaveLength(10);
    expect(new Set(confirmed.data.recoveryCodes).size).toBe(10);
    const hashes = await t.database.db
      .selectFrom('account_recovery_code')
      .select('code_hash')
      .where('account_id', '=', stored.account_id)
      .execute();
    expect(hashes).toHaveLength(10);
    for (const code of confirmed.data.recoveryCodes) expect(hashes.map((h) => h.code_hash)).not.toContain(code);
    expect((await t.callAs({ token }, mfa.status)).data).toMatchObject({ enabled: true, recoveryCodesLeft: 10, stepUpWith: 'code' });
    // On: a second enrolment is refused until it is turned off.
    expect((await t.callAs({ token }, mfa.startEnrolment)).status).toBe(409);
  });
});

describe('a change of the second factor', () => {
  it("ends the account's other sessions when it is turned on and when it is turned off, and keeps this one", async () => {
    const token = await tokenFor(t.app, 'recv01', { staff: true });
    const elsewhere = await tokenFor(t.app, 'recv01', { staff: true });
    const still = (which: string) => t.callAs({ token: which }, contract.auth.getInfo, { query: {} }).then((r) => r.status);
    const { secret } = await enrol(token);
    expect([await still(token), await still(elsewhere)]).toEqual([200, 401]);

    const challenge = ((await login(t.app, 'recv01', { staff: true })).json() as { data: { challenge: string } }).data.challenge;
    const another = ((await loginCode(challenge, nextCode(secret))).json() as { data: { token: string } }).data.token;
    expect(await still(another)).toBe(200);
    expect((await t.callAs({ token }, mfa.disable, { body: { code: nextCode(secret) } })).status).toBe(200);
    expect([await still(token), await still(another)]).toEqual([200, 401]);
  });
});

describe('the login with a code', () => {
  let secret = '';
  let recoveryCodes: string[] = [];
  beforeAll(async () => {
    ({ secret, recoveryCodes } = await enrol(await tokenFor(t.app, 'qc01', { staff: true })));
  });

  async function challenge(): Promise<string> {
    const res = await login(t.app, 'qc01', { staff: true });
    const body = res.json() as { data: { twoFactor?: string; challenge: string; token?: string; staff: boolean } };
    expect(body.data.twoFactor).toBe('code-needed');
    expect(body.data.token).toBeUndefined();
    expect(body.data.staff).toBe(true);
    expect(String(res.headers['set-cookie'] ?? '')).not.toContain(ClientKeys.tokenCookie);
    return body.data.challenge;
  }

  it('answers code-needed after the password, then the session for a valid code, with its cookies', async () => {
    const res = await loginCode(await challenge(), nextCode(secret));
    expect(res.statusCode).toBe(200);
    const body = res.json() as { data: { token: string; employeeCode: string; staff: boolean } };
    expect(body.data).toMatchObject({ employeeCode: 'qc01', staff: true });
    expect(String(res.headers['set-cookie'])).toContain(`${ClientKeys.tokenCookie}=`);
    expect((await t.callAs({ token: body.data.token }, contract.auth.getInfo, { query: {} })).status).toBe(200);
  });

  it('refuses a code used before (no replay inside its window), an expired one, and takes one step of skew', async () => {
    const code = nextCode(secret);
    expect((await loginCode(await challenge(), code)).statusCode).toBe(200);
    const replay = await loginCode(await challenge(), code);
    expect([replay.statusCode, (replay.json() as { code: string }).code]).toEqual([401, ResultCode.mfaCodeWrong]);
    shift(60_000);
    // Two steps old: expired.
    expect((await loginCode(await challenge(), codeOf(secret, -2))).statusCode).toBe(401);
    // One step behind or ahead: the clock of a phone may be off by that much.
    expect((await loginCode(await challenge(), codeOf(secret, -1))).statusCode).toBe(200);
    expect((await loginCode(await challenge(), codeOf(secret, 1))).statusCode).toBe(200);
    shift(30_000);
  });

  it('journals a wrong code and writes it to the audit trail', async () => {
    const id = await accountId('qc01');
    const res = await loginCode(await challenge(), '000000' === codeOf(secret) ? '111111' : '000000');
    expect(res.statusCode).toBe(401);
    const events = await t.database.db.selectFrom('login_event').select(['action', 'outcome']).where('account_id', '=', id).execute();
    expect(events).toContainEqual({ action: 'login-code:staff', outcome: 'bad-code' });
    const audit = await t.database.db
      .selectFrom('audit_entry')
      .select(['kind', 'action', 'actor_code', 'client_ip', 'call_name'])
      .where('account_id', '=', id)
      .execute();
    // From where and through which call: the login's own.
    expect(audit).toContainEqual({
      kind: 'mfa',
      action: 'sign-in-failed',
      actor_code: 'qc01',
      client_ip: '127.0.0.1',
      call_name: 'POST /user/loginCode',
    });
  });

  it('takes each recovery code once', async () => {
    const [first, second] = recoveryCodes as [string, string];
    expect((await loginCode(await challenge(), first.toUpperCase())).statusCode).toBe(200);
    expect((await loginCode(await challenge(), first)).statusCode).toBe(401);
    expect((await loginCode(await challenge(), second)).statusCode).toBe(200);
  });

  it('opens one session per challenge, and refuses an unknown one', async () => {
    const once = await challenge();
    expect((await loginCode(once, nextCode(secret))).statusCode).toBe(200);
    const again = await loginCode(once, nextCode(secret));
    expect([again.statusCode, (again.json() as { code: string }).code]).toEqual([401, ResultCode.loginFailed]);
    expect((await loginCode('nonsense', nextCode(secret))).statusCode).toBe(401);
  });

  it('locks the code step after the limit of wrong codes, even for a right code, until the lock is over', async () => {
    expect((await loginCode(await challenge(), nextCode(secret))).statusCode).toBe(200);
    const wrong = () => (codeOf(secret) === '123456' ? '654321' : '123456');
    for (let i = 0; i < t.config.mfa.lockAfter - 1; i++) expect((await loginCode(await challenge(), wrong())).statusCode).toBe(401);
    expect((await loginCode(await challenge(), wrong())).statusCode).toBe(429);
    const locked = await loginCode(await challenge(), nextCode(secret));
    expect(locked.statusCode).toBe(429);
    expect((locked.json() as { message: string }).message).toMatch(/动态码错误次数过多/);
    shift(t.config.login.lockMinutes * 60_000);
    expect((await loginCode(await challenge(), nextCode(secret))).statusCode).toBe(200);
  });
});

describe('the supplier login and the identity choice', () => {
  it('ask for the code as the staff login does, and answer the supplier session after it', async () => {
    const { secret } = await enrol(await tokenFor(t.app, '100002'));
    const direct = (await login(t.app, '100002')).json() as { data: { twoFactor?: string; challenge: string; staff: boolean } };
    expect(direct.data).toMatchObject({ twoFactor: 'code-needed', staff: false });
    // 13800138000 is the mobile of 100001 and 100002: the choice first, then the chosen identity's code step.
    const choice = (await login(t.app, '13800138000')).json() as { data: { identityId: string; supplierCode: string }[] };
    const chosen = choice.data.find((identity) => identity.supplierCode === '100002')!;
    const other = choice.data.find((identity) => identity.supplierCode === '100001')!;
    const second = (await login(t.app, '13800138000', { identityId: chosen.identityId })).json() as { data: { challenge: string } };
    const res = await loginCode(second.data.challenge, nextCode(secret));
    expect(res.statusCode).toBe(200);
    expect((res.json() as { data: { supplierCode: string; staff: boolean } }).data).toMatchObject({ supplierCode: '100002', staff: false });
    // The identity without two-factor sign-in goes straight in, as the spec answers.
    const plain = (await login(t.app, '13800138000', { identityId: other.identityId })).json() as { data: { token?: string } };
    expect(plain.data.token).toBeTruthy();
  });
});

describe('a session whose account must enrol', () => {
  const calls = Object.values(contract)
    .flatMap((area: unknown) => (typeof area === 'object' && area !== null ? Object.values(area) : []))
    .filter(
      (value: unknown): value is CallDef =>
        typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'data' in value,
    )
    .filter((call) => !call.public && !call.integration);

  it('reaches only the enrolment, getInfo and logout until it has enrolled, on every call', async () => {
    await sql`UPDATE mfa_policy SET required_roles = '{sam-invoice}' WHERE tenant_id = 'demo'`.execute(t.database.db);
    onTestFinished(async () => {
      await sql`UPDATE mfa_policy SET required_roles = '{}' WHERE tenant_id = 'demo'`.execute(t.database.db);
    });
    const token = await tokenFor(t.app, 'invoice01', { staff: true });
    expect((await t.callAs({ token }, mfa.status)).data).toMatchObject({ enabled: false, required: true, pending: true });
    const open: string[] = [];
    // Logout last: it ends the session.
    for (const call of calls.filter((c) => c !== contract.auth.logout)) {
      const res = await t.app.inject({ method: call.method, url: `/api${call.path.replace(/:(\w+)/g, '1')}`, headers: { token } });
      const body = res.json() as { code?: string; message?: string };
      if (res.statusCode === 403 && body.code === ResultCode.mfaEnrolmentRequired) {
        expect(body.message).toMatch(/双重验证/);
        continue;
      }
      open.push(call.path);
    }
    expect(open.sort()).toEqual(
      calls
        .filter((c) => c.duringEnrolment && c !== contract.auth.logout)
        .map((c) => c.path)
        .sort(),
    );
    expect(calls.filter((c) => c.duringEnrolment).map((c) => c.path)).toContain('/user/logout');
    // In English too.
    const english = await t.app.inject({
      method: contract.menu.queryMerchantsModuleList.method,
      url: `/api${contract.menu.queryMerchantsModuleList.path}`,
      headers: { token, 'accept-language': 'en' },
    });
    expect((english.json() as { message: string }).message).toMatch(/two-factor/);

    const secret = (await t.callAs({ token }, mfa.startEnrolment)).data.secret;
    expect((await t.callAs({ token }, mfa.confirmEnrolment, { body: { code: nextCode(secret) } })).status).toBe(200);
    // Enrolled: the same session goes on, and the policy keeps it from being turned off.
    expect((await t.callAs({ token }, contract.menu.queryMerchantsModuleList, { query: {} })).status).toBe(200);
    const off = await t.callAs({ token }, mfa.disable, { body: { code: nextCode(secret) } });
    expect(off.status).toBe(409);
  });
});

describe('the policy', () => {
  it("is the demo's explicit one, the default elsewhere, and an admin changes it", async () => {
    await sql`INSERT INTO tenant (id, name, company_name) VALUES ('other', '别家', '别家超市')`.execute(t.database.db);
    const { getPolicy: read } = await import('./service');
    const ctx = { db: t.database.db } as Parameters<typeof read>[0];
    expect(await read(ctx, 'other')).toMatchObject({ ...mfa.defaultPolicy, isDefault: true });
    const token = await tokenFor(t.app, 'admin', { staff: true });
    const demo = await t.callAs({ token }, mfa.getPolicy);
    expect(demo.data).toMatchObject({ requiredRoles: [], supplierMainRequired: false, stepUpPassword: false, isDefault: false });
    expect(demo.data.roles.map((r) => r.code)).toContain('sam-cashier');
    expect((await t.callAs('100001', mfa.getPolicy)).status).toBe(403);
    const unknown = await t.callAs({ token }, mfa.savePolicy, {
      body: { requiredRoles: ['nobody'], supplierMainRequired: true, stepUpPassword: false },
    });
    expect(unknown.status).toBe(400);
    const saved = await t.callAs({ token }, mfa.savePolicy, {
      body: { requiredRoles: ['receiving', 'receiving'], supplierMainRequired: true, stepUpPassword: false },
    });
    expect(saved.status).toBe(200);
    onTestFinished(async () => {
      await sql`UPDATE mfa_policy SET required_roles = '{}', supplier_main_required = false WHERE tenant_id = 'demo'`.execute(
        t.database.db,
      );
    });
    expect((await t.callAs({ token }, mfa.getPolicy)).data).toMatchObject({
      requiredRoles: ['receiving'],
      supplierMainRequired: true,
      isDefault: false,
    });
    // Its next call already follows it: a receiving clerk and a supplier main account must enrol, a child account need not.
    for (const [user, staff, pending] of [
      ['recv01', true, true],
      ['100001', false, true],
      ['100001-01', false, false],
    ] as const)
      expect((await t.callAs({ token: await tokenFor(t.app, user, { staff }) }, mfa.status)).data.pending).toBe(pending);
    const audit = await t.database.db
      .selectFrom('audit_entry')
      .select(['action', 'detail'])
      .where('action', '=', 'policy-changed')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.detail).toMatchObject({ after: { requiredRoles: ['receiving'], supplierMainRequired: true } });
  });
});

describe('step-up', () => {
  it('asks an account without TOTP for its password when the tenant says so, then lets the action through', async () => {
    await sql`UPDATE mfa_policy SET step_up_password = true WHERE tenant_id = 'demo'`.execute(t.database.db);
    onTestFinished(async () => {
      await sql`UPDATE mfa_policy SET step_up_password = false WHERE tenant_id = 'demo'`.execute(t.database.db);
    });
    {
      const token = await tokenFor(t.app, '100001');
      expect((await t.callAs({ token }, mfa.status)).data.stepUpWith).toBe('password');
      const reset = () => t.callAs({ token }, employee.resetPassword, { query: { employeeCode: '100001-01' } });
      const refused = await reset();
      expect([refused.status, refused.envelope.code]).toEqual([403, ResultCode.stepUpPassword]);
      expect(refused.envelope.message).toMatch(/登录密码/);
      const wrong = await t.callAs({ token }, mfa.stepUp, { body: { password: await encryptPassword(t.app, 'not-it') } });
      expect([wrong.status, wrong.envelope.code]).toEqual([403, ResultCode.mfaCodeWrong]);
      expect((await t.callAs({ token }, mfa.stepUp, { body: { password: 'not encrypted' } })).status).toBe(400);
      expect((await t.callAs({ token }, mfa.stepUp, { body: {} })).status).toBe(400);
      const ok = await t.callAs({ token }, mfa.stepUp, { body: { password: await encryptPassword(t.app, demoPassword) } });
      expect(ok.status).toBe(200);
      expect((await reset()).status).toBe(200);
    }
  });

  it('asks an account with TOTP for a fresh code, whatever the tenant says of passwords, for five minutes', async () => {
    const token = await tokenFor(t.app, 'admin', { staff: true });
    const { secret } = await enrol(token);
    const create = (name: string) => t.callAs({ token }, integration.createClient, { body: { name, scopes: [] } });
    // Enrolling proved a code just now.
    expect((await create('ERP step-up 1')).status).toBe(200);
    shift((mfa.stepUpMinutes * 60 + 1) * 1000);
    const refused = await create('ERP step-up 2');
    expect([refused.status, refused.envelope.code]).toEqual([403, ResultCode.stepUpCode]);
    expect(refused.envelope.message).toMatch(/动态码/);
    const password = await t.callAs({ token }, mfa.stepUp, { body: { password: await encryptPassword(t.app, demoPassword) } });
    expect(password.status).toBe(400);
    const code = nextCode(secret);
    expect((await t.callAs({ token }, mfa.stepUp, { body: { code } })).status).toBe(200);
    expect((await create('ERP step-up 2')).status).toBe(200);
    // The same code a second time proves nothing.
    shift((mfa.stepUpMinutes * 60 + 1) * 1000);
    expect((await t.callAs({ token }, mfa.stepUp, { body: { code } })).status).toBe(403);
    expect((await create('ERP step-up 3')).status).toBe(403);
  });

  it('marks the sensitive calls in the contract', () => {
    const marked = Object.values(contract)
      .flatMap((area: unknown) => (typeof area === 'object' && area !== null ? Object.values(area) : []))
      .filter((value: unknown): value is CallDef => typeof value === 'object' && value !== null && 'stepUp' in value)
      .map((call) => call.path)
      .sort();
    expect(marked).toEqual([
      '/integration/client/create',
      '/samData/recordSamBillPayment',
      '/system/mfaPolicy/save',
      '/user/insertSupChildRole',
      '/user/resetPassword',
      '/user/updateSupChildRole',
    ]);
  });
});
