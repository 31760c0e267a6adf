// The channel screens' calls: staff admins keep webhooks (the secret shown once, rotated) and team robots; a
// supplier only its own robots; addresses the guard refuses are not saved; a test message goes out at once; the
// delivery log shows each try and a delivery can be replayed with its key.
import { createHmac } from 'node:crypto';
import { notifyDelivery } from '@portal/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../test/helpers';
import { newEvent, queueDelivery } from '../../test/notify-fixtures';
import { type HttpSink, httpSink } from '../../test/notify-sinks';
import { isSealed, unseal } from '../../platform/secret-box';
import { sealPlainSecrets } from './endpoint-secrets';
import { plainRender } from './message';
import { senderOf } from './runtime';
import { DeliveryWorker } from './worker';

let t: TestApp;
let sink: HttpSink;
beforeAll(async () => {
  sink = await httpSink();
  t = await createTestApp({ env: { NOTIFY_ALLOW_PRIVATE_URLS: '127.0.0.1' } });
});
afterAll(async () => {
  await t.close();
  await sink.close();
});
beforeEach(() => {
  sink.received.length = 0;
  sink.answer = () => ({ status: 200, body: '{"errcode":0,"errmsg":"ok"}' });
});

const signatureOf = (secret: string, headers: Record<string, unknown>, body: string) =>
  `sha256=${createHmac('sha256', secret)
    .update(`${String(headers['x-portal-timestamp'])}.${body}`)
    .digest('hex')}`;

const runWorker = () =>
  new DeliveryWorker(
    t.database.db,
    senderOf(t.database.db, t.config, plainRender, null),
    { ...t.config.notify, idlePollMs: 50 },
    'screens',
    {
      info: () => undefined,
      error: () => undefined,
    },
  ).runOnce();

describe('通知渠道 (staff)', () => {
  it('creates a webhook whose secret is shown once, signs with it, and rotates it', async () => {
    const made = await t.callAs('admin', notifyDelivery.createEndpoint, {
      body: { kind: 'webhook', name: 'ERP 推送', url: `${sink.url}/erp`, topics: ['settlement.bill.submitted'] },
    });
    expect(made.status).toBe(200);
    const { endpoint, secret } = made.data;
    expect(secret).toMatch(/^whsec_[\w-]{43}$/);
    expect(endpoint).toMatchObject({
      kind: 'webhook',
      name: 'ERP 推送',
      enabled: true,
      signed: true,
      topics: ['settlement.bill.submitted'],
    });
    expect(endpoint).not.toHaveProperty('secret');
    const listed = await t.callAs('admin', notifyDelivery.listEndpoints);
    expect(listed.data.endpoints.find((e) => e.id === endpoint.id)).toMatchObject({ name: 'ERP 推送', waiting: 0, dead: 0, lastOk: null });
    expect(JSON.stringify(listed.data)).not.toContain(secret);
    expect(listed.data.roles).toEqual(expect.arrayContaining([{ code: 'sam-clerk', name: '结算审核员' }]));

    const tested = await t.callAs('admin', notifyDelivery.testEndpoint, { body: { id: endpoint.id } });
    expect(tested.data).toMatchObject({ ok: true, status: 200 });
    const got = sink.received[0]!;
    expect(got.headers['x-portal-event']).toBe('notify.endpoint.test');
    expect(got.headers['x-portal-signature']).toBe(signatureOf(secret, got.headers, got.body));

    const rotated = await t.callAs('admin', notifyDelivery.rotateEndpointSecret, { body: { id: endpoint.id } });
    expect(rotated.data.secret).not.toBe(secret);
    await t.callAs('admin', notifyDelivery.testEndpoint, { body: { id: endpoint.id } });
    const after = sink.received[1]!;
    expect(after.headers['x-portal-signature']).toBe(signatureOf(rotated.data.secret, after.headers, after.body));
    expect(after.headers['x-portal-signature']).not.toBe(signatureOf(secret, after.headers, after.body));
  });

  it('keeps signing secrets sealed at rest, seals one stored in plain before, and still signs with both', async () => {
    const made = await t.callAs('admin', notifyDelivery.createEndpoint, {
      body: { kind: 'webhook', name: 'WMS 推送', url: `${sink.url}/wms`, topics: ['settlement.bill.submitted'] },
    });
    const { endpoint, secret } = made.data;
    const stored = async () =>
      (await t.database.db.selectFrom('notify_endpoint').select('secret').where('id', '=', Number(endpoint.id)).executeTakeFirstOrThrow())
        .secret;
    expect(isSealed(await stored())).toBe(true);
    expect(await stored()).not.toContain(secret.slice(6));
    expect(await unseal({ db: t.database.db, config: t.config }, await stored())).toBe(secret);

    // A secret written in plain by an earlier release: used as it is, then sealed at the next start of delivery.
    await t.database.db.updateTable('notify_endpoint').set({ secret }).where('id', '=', Number(endpoint.id)).execute();
    await t.callAs('admin', notifyDelivery.testEndpoint, { body: { id: endpoint.id } });
    const plainGot = sink.received.at(-1)!;
    expect(plainGot.headers['x-portal-signature']).toBe(signatureOf(secret, plainGot.headers, plainGot.body));
    expect(await sealPlainSecrets({ db: t.database.db, config: t.config })).toBeGreaterThanOrEqual(1);
    expect(isSealed(await stored())).toBe(true);
    expect(await sealPlainSecrets({ db: t.database.db, config: t.config })).toBe(0);
    await t.callAs('admin', notifyDelivery.testEndpoint, { body: { id: endpoint.id } });
    const sealedGot = sink.received.at(-1)!;
    expect(sealedGot.headers['x-portal-signature']).toBe(signatureOf(secret, sealedGot.headers, sealedGot.body));
  });

  it('refuses private addresses the setting does not list, and unknown topics and roles', async () => {
    const refused = await t.callAs('admin', notifyDelivery.createEndpoint, {
      body: { kind: 'webhook', name: 'intranet', url: 'http://10.20.30.40/hook' },
    });
    expect(refused.status).toBe(400);
    expect(refused.envelope.message).toBe('地址 10.20.30.40（10.20.30.40）属于内网、本机或保留地址，不允许推送');
    const metadata = await t.callAs('admin', notifyDelivery.createEndpoint, {
      body: { kind: 'webhook', name: 'meta', url: 'http://169.254.169.254/latest/meta-data' },
    });
    expect(metadata.status).toBe(400);
    const ftp = await t.callAs('admin', notifyDelivery.createEndpoint, {
      body: { kind: 'webhook', name: 'ftp', url: 'ftp://example.com/x' },
    });
    expect(ftp.status).toBe(400);
    const topic = await t.callAs('admin', notifyDelivery.createEndpoint, {
      body: { kind: 'webhook', name: 'x', url: `${sink.url}/x`, topics: ['constructor'] },
    });
    expect(topic.status).toBe(400);
    const role = await t.callAs('admin', notifyDelivery.createEndpoint, {
      body: { kind: 'wecom', name: 'x', url: `${sink.url}/x`, ownerRole: 'no-such-role' },
    });
    expect(role.status).toBe(400);
  });

  it('keeps team robots with their role, and their 加签 secret unless a new one is typed', async () => {
    const made = await t.callAs('admin', notifyDelivery.createEndpoint, {
      body: {
        kind: 'dingtalk',
        name: '结算组钉钉群',
        url: `${sink.url}/robot/send?access_token=t`,
        ownerRole: 'sam-clerk',
        secret: 'SECabc',
      },
    });
    expect(made.data).toMatchObject({ secret: '', endpoint: { ownerRole: 'sam-clerk', ownerRoleName: '结算审核员', signed: true } });
    const id = made.data.endpoint.id;
    const renamed = await t.callAs('admin', notifyDelivery.updateEndpoint, {
      body: { id, kind: 'dingtalk', name: '结算组', url: `${sink.url}/robot/send?access_token=t`, ownerRole: 'sam-clerk' },
    });
    expect(renamed.data).toMatchObject({ name: '结算组', signed: true });
    const duplicate = await t.callAs('admin', notifyDelivery.createEndpoint, {
      body: { kind: 'wecom', name: '结算组', url: `${sink.url}/cgi-bin/webhook/send?key=k` },
    });
    expect(duplicate.status).toBe(409);
    const toWebhook = await t.callAs('admin', notifyDelivery.updateEndpoint, {
      body: { id, kind: 'webhook', name: '结算组', url: `${sink.url}/x` },
    });
    expect(toWebhook.status).toBe(400);
    const rotate = await t.callAs('admin', notifyDelivery.rotateEndpointSecret, { body: { id } });
    expect(rotate.status).toBe(400);
    const disabled = await t.callAs('admin', notifyDelivery.disableEndpoint, { body: { id } });
    expect(disabled.data.enabled).toBe(false);
    expect((await t.callAs('admin', notifyDelivery.enableEndpoint, { body: { id } })).data.enabled).toBe(true);
  });

  it('logs each try of a delivery, and replays one with the same key', async () => {
    const made = await t.callAs('admin', notifyDelivery.createEndpoint, { body: { kind: 'webhook', name: 'WMS', url: `${sink.url}/wms` } });
    const endpointId = Number(made.data.endpoint.id);
    const eventId = await newEvent(t.database.db, { subject: 'JS202506-0011' });
    await queueDelivery(t.database.db, { eventId, channel: 'webhook', endpointId, key: 'log-1' });
    sink.answer = () => ({ status: 500, body: 'Internal error: database down' });
    await runWorker();

    const page = await t.callAs('admin', notifyDelivery.endpointDeliveries, {
      body: { endpointId: String(endpointId), page: 1, limit: 20 },
    });
    expect(page.data.total).toBe(1);
    const row = page.data.list[0]!;
    expect(row).toMatchObject({
      topic: 'settlement.bill.submitted',
      subject: 'JS202506-0011',
      state: 'pending',
      attempts: 1,
      lastStatus: 500,
      lastExcerpt: 'Internal error: database down',
      lastError: 'HTTP 500',
    });
    expect(row.nextAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(row.lastDurationMs).toBeGreaterThanOrEqual(0);
    // Still queued: nothing to replay.
    expect((await t.callAs('admin', notifyDelivery.replayEndpointDelivery, { body: { id: row.id } })).status).toBe(409);

    // Given up, then replayed: a new try now, same key.
    await t.database.db.updateTable('delivery').set({ state: 'dead' }).where('id', '=', Number(row.id)).execute();
    sink.answer = () => ({ status: 204, body: '' });
    const replayed = await t.callAs('admin', notifyDelivery.replayEndpointDelivery, { body: { id: row.id } });
    expect(replayed.data).toMatchObject({ state: 'pending', attempts: 0, lastError: '' });
    await runWorker();
    expect(sink.received.map((r) => r.headers['x-portal-delivery'])).toEqual(['log-1', 'log-1']);
    const attempts = await t.callAs('admin', notifyDelivery.endpointAttempts, { query: { id: row.id } });
    expect(attempts.data.map((a) => [a.status, a.ok])).toEqual([
      [500, false],
      [204, true],
    ]);
    const sent = await t.callAs('admin', notifyDelivery.endpointDeliveries, {
      body: { endpointId: String(endpointId), state: 'sent', page: 1, limit: 20 },
    });
    expect(sent.data.list.map((r) => r.id)).toEqual([row.id]);
  });
});

describe('群机器人 (a supplier)', () => {
  it('keeps a supplier’s own robots, out of every other owner’s sight', async () => {
    const made = await t.callAs('100001', notifyDelivery.createRobot, {
      body: {
        kind: 'feishu',
        name: '禾丰对账群',
        url: `${sink.url}/open-apis/bot/v2/hook/abc`,
        secret: 'fs-secret',
        topics: ['settlement.bill.voided'],
      },
    });
    expect(made.status).toBe(200);
    expect(made.data.endpoint).toMatchObject({ kind: 'feishu', signed: true, ownerRole: '' });
    const id = made.data.endpoint.id;
    expect((await t.callAs('100001', notifyDelivery.listRobots)).data.endpoints.map((e) => e.id)).toContain(id);
    expect((await t.callAs('100002', notifyDelivery.listRobots)).data.endpoints.map((e) => e.id)).not.toContain(id);
    expect((await t.callAs('admin', notifyDelivery.listEndpoints)).data.endpoints.map((e) => e.id)).not.toContain(id);
    // Another supplier cannot reach it by id.
    expect((await t.callAs('100002', notifyDelivery.testRobot, { body: { id } })).status).toBe(404);
    expect((await t.callAs('100002', notifyDelivery.disableRobot, { body: { id } })).status).toBe(404);
    // A robot topic that concerns no supplier, and a webhook, are not a supplier's to choose.
    const topic = await t.callAs('100001', notifyDelivery.createRobot, {
      body: { kind: 'wecom', name: 'x', url: `${sink.url}/x`, topics: ['supplier-apply.application.submitted'] },
    });
    expect(topic.status).toBe(400);
    expect(
      (await t.callAs('100001', notifyDelivery.createRobot, { body: { kind: 'webhook' as 'wecom', name: 'x', url: `${sink.url}/x` } }))
        .status,
    ).toBe(400);

    const tested = await t.callAs('100001', notifyDelivery.testRobot, { body: { id } });
    expect(tested.data).toMatchObject({ ok: true, status: 200 });
    const body = JSON.parse(sink.received[0]!.body) as { msg_type: string; sign: string; content: { post: { zh_cn: { title: string } } } };
    expect(body).toMatchObject({ msg_type: 'post', content: { post: { zh_cn: { title: '测试消息' } } } });
    expect(body.sign).toBeTruthy();
  });

  it('answers what a failed test came to', async () => {
    const made = await t.callAs('100001', notifyDelivery.createRobot, {
      body: { kind: 'wecom', name: '禾丰企微群', url: `${sink.url}/cgi-bin/webhook/send?key=bad` },
    });
    sink.answer = () => ({ status: 200, body: '{"errcode":93000,"errmsg":"invalid webhook url"}' });
    const tested = await t.callAs('100001', notifyDelivery.testRobot, { body: { id: made.data.endpoint.id } });
    expect(tested.data).toMatchObject({ ok: false, status: 200, error: 'error 93000: invalid webhook url' });
  });

  it('is no staff screen, and no child account’s unless granted', async () => {
    expect((await t.callAs('100001', notifyDelivery.listEndpoints)).status).toBe(403);
    expect((await t.callAs('admin', notifyDelivery.listRobots)).status).toBe(403);
    expect((await t.callAs('100001-01', notifyDelivery.listRobots)).status).toBe(403);
  });
});
