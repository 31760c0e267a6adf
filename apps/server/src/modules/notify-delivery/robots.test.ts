// Group robots against a local sink that checks each request as its platform does: 钉钉's signed URL, 飞书's
// signed body, 企业微信's markdown; an answer with errcode/code other than 0 is a failed try.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { seededDatabase } from '../../test/helpers';
import { attemptsOf, deliveryRow, newEndpoint, newEvent, queueDelivery } from '../../test/notify-fixtures';
import { type HttpSink, type ReceivedRequest, httpSink } from '../../test/notify-sinks';
import { plainRender } from './message';
import { Sender } from './sender';
import { UrlPolicy } from './url-guard';
import { DeliveryWorker } from './worker';

let database: Database;
let sink: HttpSink;
const robotSecret = 'SEC0123456789abcdef';

/** What each platform answers a request, checked as the platform checks it. */
function platformAnswer(request: ReceivedRequest): { status: number; body: string } {
  const url = new URL(request.url, 'http://sink');
  const body = JSON.parse(request.body) as Record<string, unknown>;
  const now = Date.now();
  if (url.pathname === '/robot/send') {
    // 钉钉: timestamp (ms) within an hour, sign = base64(HmacSHA256(secret, timestamp + "\n" + secret)).
    const timestamp = Number(url.searchParams.get('timestamp'));
    const expected = createHmac('sha256', robotSecret).update(`${timestamp}\n${robotSecret}`).digest('base64');
    if (Math.abs(now - timestamp) > 3_600_000 || url.searchParams.get('sign') !== expected)
      return { status: 200, body: '{"errcode":310000,"errmsg":"sign not match"}' };
    if (body.msgtype !== 'markdown') return { status: 200, body: '{"errcode":40035,"errmsg":"missing msgtype"}' };
    return { status: 200, body: '{"errcode":0,"errmsg":"ok"}' };
  }
  if (url.pathname.startsWith('/open-apis/bot/v2/hook/')) {
    // 飞书: timestamp (s) within an hour, sign = base64(HmacSHA256 keyed by timestamp + "\n" + secret, over "").
    const timestamp = Number(body.timestamp);
    const expected = createHmac('sha256', `${timestamp}\n${robotSecret}`).update('').digest('base64');
    if (Math.abs(now / 1000 - timestamp) > 3600 || body.sign !== expected)
      return { status: 200, body: '{"code":19021,"msg":"sign match fail or timestamp is not within one hour from current time"}' };
    return { status: 200, body: '{"code":0,"msg":"success","data":{}}' };
  }
  // 企业微信: markdown of at most 4096 bytes.
  const markdown = body.markdown as { content?: string } | undefined;
  if (body.msgtype !== 'markdown' || !markdown?.content || Buffer.byteLength(markdown.content) > 4096)
    return { status: 200, body: '{"errcode":40008,"errmsg":"invalid message type"}' };
  if (url.searchParams.get('key') !== 'good-key') return { status: 200, body: '{"errcode":93000,"errmsg":"invalid webhook url"}' };
  return { status: 200, body: '{"errcode":0,"errmsg":"ok"}' };
}

const worker = () =>
  new DeliveryWorker(
    database.db,
    new Sender({
      render: plainRender,
      mailer: null,
      http: { policy: new UrlPolicy(['127.0.0.1']), timeoutMs: 2000 },
      publicUrl: 'https://portal.example.com',
      now: () => new Date(),
    }),
    { concurrency: 4, leaseMs: 60_000, maxAttempts: 5, retryBaseMs: 30_000, retryMaxMs: 3_600_000, idlePollMs: 50 },
    'robots',
    { info: () => undefined, error: () => undefined },
  );

beforeAll(async () => {
  database = await seededDatabase();
  sink = await httpSink();
  sink.answer = platformAnswer;
});
afterAll(async () => {
  await sink.close();
  await database.close();
});
beforeEach(() => {
  sink.received.length = 0;
});

async function deliver(endpoint: Parameters<typeof newEndpoint>[1]) {
  const eventId = await newEvent(database.db, { subject: 'JS202506-0008' });
  const endpointId = await newEndpoint(database.db, endpoint);
  const id = await queueDelivery(database.db, { eventId, channel: endpoint.kind, endpointId });
  await worker().runOnce();
  return { row: await deliveryRow(database.db, id), attempts: await attemptsOf(database.db, id), request: sink.received.at(-1) };
}

describe('钉钉', () => {
  it('signs the URL and sends markdown', async () => {
    const { row, request } = await deliver({
      kind: 'dingtalk',
      url: `${sink.url}/robot/send?access_token=abc`,
      secret: robotSecret,
      ownerSuppCode: '100001',
    });
    expect(row.state).toBe('sent');
    const body = JSON.parse(request!.body) as { markdown: { title: string; text: string } };
    expect(new URL(request!.url, 'http://sink').searchParams.get('access_token')).toBe('abc');
    expect(body.markdown.title).toBe('结算单已提交');
    expect(body.markdown.text).toContain('JS202506-0008');
    expect(body.markdown.text).toContain('[查看详情](https://portal.example.com/)');
  });

  it('records the platform’s refusal (errcode) as a failed try', async () => {
    const { row, attempts } = await deliver({ kind: 'dingtalk', url: `${sink.url}/robot/send?access_token=abc`, secret: 'wrong-secret' });
    expect(row).toMatchObject({ state: 'pending', last_error: 'error 310000: sign not match' });
    expect(attempts[0]).toMatchObject({ status: 200, ok: false, excerpt: '{"errcode":310000,"errmsg":"sign not match"}' });
  });
});

describe('飞书', () => {
  it('signs the body and sends a rich-text post in the owner’s language', async () => {
    await database.db.updateTable('account').set({ language: 'en' }).where('employee_code', '=', '100002').execute();
    const { row, request } = await deliver({
      kind: 'feishu',
      url: `${sink.url}/open-apis/bot/v2/hook/0f1e2d`,
      secret: robotSecret,
      ownerSuppCode: '100002',
    });
    expect(row.state).toBe('sent');
    const body = JSON.parse(request!.body) as { msg_type: string; content: { post: Record<string, { title: string }> } };
    expect(body.msg_type).toBe('post');
    expect(body.content.post.en_us?.title).toBe('Settlement bill submitted');
  });

  it('records code 19021 as a failed try', async () => {
    const { row } = await deliver({ kind: 'feishu', url: `${sink.url}/open-apis/bot/v2/hook/0f1e2d`, secret: 'wrong' });
    expect(row.last_error).toMatch(/^error 19021: sign match fail/);
  });
});

describe('企业微信', () => {
  it('sends markdown to the robot’s key', async () => {
    const { row, request } = await deliver({ kind: 'wecom', url: `${sink.url}/cgi-bin/webhook/send?key=good-key`, ownerRole: 'sam-clerk' });
    expect(row.state).toBe('sent');
    const body = JSON.parse(request!.body) as { markdown: { content: string } };
    expect(body.markdown.content).toMatch(/^\*\*结算单已提交\*\*\n> 单号: JS202506-0008/);
  });

  it('records an invalid key (errcode 93000) as a failed try', async () => {
    const { row } = await deliver({ kind: 'wecom', url: `${sink.url}/cgi-bin/webhook/send?key=bad` });
    expect(row).toMatchObject({ state: 'pending', last_error: 'error 93000: invalid webhook url' });
  });
});
