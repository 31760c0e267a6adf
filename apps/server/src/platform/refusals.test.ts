// Refusals carry both languages: a caller asking for English reads the English text, one naming no language
// (or Chinese) reads the spec's Chinese byte for byte, from the platform, the workflow and a module alike.
import { settlement } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, tokenFor } from '../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(() => t.close());

async function refusal(method: 'GET' | 'POST', path: string, options: { language?: string; user?: string; body?: object } = {}) {
  const headers: Record<string, string> = {};
  if (options.language) headers['accept-language'] = options.language;
  if (options.user) headers.token = await tokenFor(t.app, options.user);
  const res = await t.app.inject({
    method,
    url: `${t.config.apiPrefix}${path}`,
    headers,
    ...(options.body ? { payload: options.body } : {}),
  });
  return { status: res.statusCode, message: (res.json() as { message: string }).message };
}

describe('refusals in the caller’s language', () => {
  it('answers the spec’s Chinese to a caller naming no language or Chinese, and English to one asking for it', async () => {
    const signedOut = { status: 401, message: 'token失效，请重新登录。' };
    expect(await refusal('POST', settlement.isExistBill.path, { body: {} })).toEqual(signedOut);
    expect(await refusal('POST', settlement.isExistBill.path, { body: {}, language: 'zh-CN,zh;q=0.9' })).toEqual(signedOut);
    expect(await refusal('POST', settlement.isExistBill.path, { body: {}, language: 'en-US,en;q=0.9' })).toEqual({
      status: 401,
      message: 'Your session has expired. Please sign in again.',
    });
  });

  it('words a module’s refusal in both languages', async () => {
    const ask = (language?: string) =>
      refusal('POST', settlement.isExistBill.path, { user: '100001', body: {}, ...(language ? { language } : {}) });
    expect(await ask()).toEqual({ status: 400, message: 'body: 请给出 samBillNum，或 nodeCode、periodStart 和 periodEnd' });
    expect(await ask('en')).toEqual({ status: 400, message: 'body: give samBillNum, or nodeCode, periodStart and periodEnd' });
  });

  it('words the workflow’s refusals with the record’s name in each language', async () => {
    const ask = (language?: string) =>
      refusal('POST', `${settlement.delSamBill.path}?samBillNum=JS209901-9999`, { user: '100001', ...(language ? { language } : {}) });
    expect(await ask()).toEqual({ status: 404, message: '结算单 JS209901-9999 不存在' });
    expect(await ask('en')).toEqual({ status: 404, message: 'Bill JS209901-9999 does not exist' });
  });

  it('words the platform’s own answers: an unknown call and a body that is not JSON', async () => {
    expect((await refusal('GET', '/no-such-call')).message).toMatch(/^接口不存在: GET /);
    expect((await refusal('GET', '/no-such-call', { language: 'en' })).message).toMatch(/^No such endpoint: GET /);
    const broken = async (language?: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `${t.config.apiPrefix}${settlement.isExistBill.path}`,
        headers: {
          token: await tokenFor(t.app, '100001'),
          'content-type': 'application/json',
          ...(language ? { 'accept-language': language } : {}),
        },
        payload: '{"samBillNum":',
      });
      return (res.json() as { message: string }).message;
    };
    expect(await broken()).toMatch(/^请求体不是合法的 JSON: /);
    expect(await broken('en')).toMatch(/^The request body is not valid JSON: /);
  });
});
