// The delivery worker on a real database and a local webhook sink: a webhook signed so that a reference
// verifier accepts it, retries with exponential backoff and jitter, the dead letter after the last try, a row
// retaken when its worker's lease ran out (a process killed mid-send), and two workers on one database sending
// each delivery exactly once.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../db/database';
import { seededDatabase } from '../../test/helpers';
import { attemptsOf, deliveryRow, makeDue, newEndpoint, newEvent, queueDelivery, queueMany } from '../../test/notify-fixtures';
import { type HttpSink, httpSink } from '../../test/notify-sinks';
import { plainRender } from './message';
import { claimDue } from './queue-repo';
import { Sender } from './sender';
import { UrlPolicy } from './url-guard';
import { DeliveryWorker, type WorkerSettings, retryDelayMs } from './worker';

let database: Database;
let sink: HttpSink;
const secret = 'whsec_test_0123456789';
const silent = { info: () => undefined, error: () => undefined };
const settings: WorkerSettings = {
  concurrency: 8,
  leaseMs: 60_000,
  maxAttempts: 3,
  retryBaseMs: 30_000,
  retryMaxMs: 3_600_000,
  idlePollMs: 50,
};
const sender = () =>
  new Sender({
    render: plainRender,
    mailer: null,
    http: { policy: new UrlPolicy(['127.0.0.1']), timeoutMs: 2000 },
    publicUrl: 'https://portal.example.com',
    now: () => new Date(),
  });
const workerOn = (db = database, name = 'w1', withSender = sender()) => new DeliveryWorker(db.db, withSender, settings, name, silent);

/** A sender that counts its sends. */
function counting(counter: { sends: number }): Sender {
  const counted = sender();
  const send = counted.send.bind(counted);
  counted.send = (row) => {
    counter.sends++;
    return send(row);
  };
  return counted;
}

beforeAll(async () => {
  database = await seededDatabase();
  sink = await httpSink();
});
afterAll(async () => {
  await sink.close();
  await database.close();
});
beforeEach(() => {
  sink.received.length = 0;
  sink.answer = () => ({ status: 200, body: '{"ok":true}' });
});

/** The receiver's check, written as a retailer's system would with node:crypto: header names, window, HMAC. */
function verify(headers: Record<string, string | string[] | undefined>, body: string, key: string, nowSeconds: number): boolean {
  const timestamp = Number(headers['x-portal-timestamp']);
  const signature = String(headers['x-portal-signature'] ?? '');
  if (!Number.isInteger(timestamp) || Math.abs(nowSeconds - timestamp) > 300) return false;
  const expected = Buffer.from(`sha256=${createHmac('sha256', key).update(`${timestamp}.${body}`).digest('hex')}`);
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

describe('a webhook delivery', () => {
  it('arrives signed, with the event, and is logged as sent', async () => {
    const eventId = await newEvent(database.db, { subject: 'JS202506-0008' });
    const endpointId = await newEndpoint(database.db, { kind: 'webhook', url: `${sink.url}/hooks/portal`, secret });
    const id = await queueDelivery(database.db, { eventId, channel: 'webhook', endpointId, key: 'wh-signed-1' });
    expect(await workerOn().runOnce()).toBe(1);

    expect(sink.received).toHaveLength(1);
    const got = sink.received[0]!;
    expect(got.url).toBe('/hooks/portal');
    expect(got.headers['x-portal-event']).toBe('settlement.bill.submitted');
    expect(got.headers['x-portal-delivery']).toBe('wh-signed-1');
    expect(verify(got.headers, got.body, secret, Math.floor(Date.now() / 1000))).toBe(true);
    // Another key, an altered body or an old timestamp fail the same check.
    expect(verify(got.headers, got.body, 'another', Math.floor(Date.now() / 1000))).toBe(false);
    expect(verify(got.headers, got.body.replace('JS202506', 'JS202507'), secret, Math.floor(Date.now() / 1000))).toBe(false);
    expect(verify(got.headers, got.body, secret, Math.floor(Date.now() / 1000) + 301)).toBe(false);
    const body = JSON.parse(got.body) as Record<string, unknown>;
    expect(body).toMatchObject({
      delivery: 'wh-signed-1',
      topic: 'settlement.bill.submitted',
      subject: 'JS202506-0008',
      suppCode: '100001',
      payload: { billNumber: 'JS202506-0008' },
      link: 'https://portal.example.com/',
    });
    expect(body.eventId).toMatch(new RegExp(`^\\d+-${eventId}$`));

    const row = await deliveryRow(database.db, id);
    expect(row).toMatchObject({ state: 'sent', attempts: 1, locked_by: null, last_error: '' });
    expect(row.sent_at).not.toBeNull();
    const attempts = await attemptsOf(database.db, id);
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatchObject({ status: 200, ok: true, excerpt: '{"ok":true}', endpoint_id: endpointId });
  });
});

describe('retries', () => {
  it('backs off exponentially with jitter, then gives up as a dead letter with the reason', async () => {
    for (let attempt = 1; attempt <= 6; attempt++) {
      const full = Math.min(3_600_000, 30_000 * 2 ** (attempt - 1));
      expect(retryDelayMs(attempt, 30_000, 3_600_000, () => 0)).toBe(full / 2);
      expect(retryDelayMs(attempt, 30_000, 3_600_000, () => 1)).toBe(full);
    }
    expect(retryDelayMs(20, 30_000, 3_600_000, () => 1)).toBe(3_600_000);

    sink.answer = () => ({ status: 503, body: 'busy '.repeat(300) });
    const eventId = await newEvent(database.db);
    const endpointId = await newEndpoint(database.db, { kind: 'webhook', url: sink.url, secret });
    const id = await queueDelivery(database.db, { eventId, channel: 'webhook', endpointId });
    const worker = workerOn();

    await worker.runOnce();
    let row = await deliveryRow(database.db, id);
    expect(row).toMatchObject({ state: 'pending', attempts: 1, last_error: 'HTTP 503', locked_by: null });
    // The first retry in 15-30 s (half of 30 s taken off at random).
    const wait = row.next_at.getTime() - Date.now();
    expect(wait).toBeGreaterThan(13_000);
    expect(wait).toBeLessThanOrEqual(30_500);
    // Not due yet: a worker leaves it.
    expect(await worker.runOnce()).toBe(0);

    await makeDue(database.db);
    await worker.runOnce();
    row = await deliveryRow(database.db, id);
    expect(row).toMatchObject({ state: 'pending', attempts: 2 });
    const second = row.next_at.getTime() - Date.now();
    expect(second).toBeGreaterThan(28_000);
    expect(second).toBeLessThanOrEqual(60_500);

    await makeDue(database.db);
    await worker.runOnce();
    row = await deliveryRow(database.db, id);
    expect(row).toMatchObject({ state: 'dead', attempts: 3, last_error: 'HTTP 503' });
    const attempts = await attemptsOf(database.db, id);
    expect(attempts.map((a) => [a.status, a.ok])).toEqual([
      [503, false],
      [503, false],
      [503, false],
    ]);
    // The answer's excerpt is capped.
    expect(attempts[0]!.excerpt.length).toBeLessThanOrEqual(501);
    await makeDue(database.db);
    expect(await worker.runOnce()).toBe(0);
    expect(sink.received).toHaveLength(3);
  });

  it('times out a silent receiver and retries it later', async () => {
    sink.answer = () => null;
    const eventId = await newEvent(database.db);
    const endpointId = await newEndpoint(database.db, { kind: 'webhook', url: sink.url, secret });
    const id = await queueDelivery(database.db, { eventId, channel: 'webhook', endpointId });
    const quick = new DeliveryWorker(
      database.db,
      new Sender({
        render: plainRender,
        mailer: null,
        http: { policy: new UrlPolicy(['127.0.0.1']), timeoutMs: 300 },
        publicUrl: 'https://portal.example.com',
        now: () => new Date(),
      }),
      settings,
      'w-timeout',
      silent,
    );
    const started = Date.now();
    await quick.runOnce();
    expect(Date.now() - started).toBeLessThan(3000);
    const row = await deliveryRow(database.db, id);
    expect(row.state).toBe('pending');
    expect(row.last_error).toMatch(/no answer within 300 ms/);
    expect((await attemptsOf(database.db, id))[0]).toMatchObject({ status: null, ok: false });
  });

  it('sends nothing to a disabled endpoint: a dead letter at once', async () => {
    const eventId = await newEvent(database.db);
    const endpointId = await newEndpoint(database.db, { kind: 'webhook', url: sink.url, secret, enabled: false });
    const id = await queueDelivery(database.db, { eventId, channel: 'webhook', endpointId });
    await workerOn().runOnce();
    expect(await deliveryRow(database.db, id)).toMatchObject({ state: 'dead', attempts: 1, last_error: 'the endpoint is disabled' });
    expect(sink.received).toHaveLength(0);
  });
});

describe('leases', () => {
  it('retakes a delivery whose worker died mid-send, and leaves one under a live lease alone', async () => {
    const eventId = await newEvent(database.db);
    const endpointId = await newEndpoint(database.db, { kind: 'webhook', url: sink.url, secret });
    const id = await queueDelivery(database.db, { eventId, channel: 'webhook', endpointId, key: 'lease-1' });
    // A worker claims it and is killed before it sends or writes anything.
    const claimed = await claimDue(database.db, {
      worker: 'killed',
      limit: 10,
      leaseMs: 60_000,
      channels: ['webhook'],
      retake: true,
    });
    expect(claimed.map((r) => r.id)).toContain(id);
    expect(await deliveryRow(database.db, id)).toMatchObject({ state: 'sending', locked_by: 'killed', attempts: 1 });

    // Under its lease nobody else takes it.
    const other = workerOn(database, 'w2');
    expect(await other.runOnce()).toBe(0);
    expect(sink.received).toHaveLength(0);

    // The lease runs out: the next worker takes it and sends it once.
    await database.db
      .updateTable('delivery')
      .set({ locked_until: new Date(Date.now() - 1000) })
      .where('id', '=', id)
      .execute();
    expect(await other.runOnce()).toBe(1);
    expect(sink.received.map((r) => r.headers['x-portal-delivery'])).toEqual(['lease-1']);
    expect(await deliveryRow(database.db, id)).toMatchObject({ state: 'sent', attempts: 2, locked_by: null });
  });
});

describe('two workers on one database', () => {
  it('send every delivery exactly once between them', async () => {
    const second = await openDatabase({ databaseUrl: database.url, poolSize: 4 });
    try {
      const eventId = await newEvent(database.db);
      const endpointId = await newEndpoint(database.db, { kind: 'webhook', url: sink.url, secret });
      await queueMany(database.db, eventId, endpointId, 'webhook', 400, 'pair');
      const countA = { sends: 0 };
      const countB = { sends: 0 };
      const a = workerOn(database, 'worker-a', counting(countA));
      const b = workerOn({ ...database, db: second.db }, 'worker-b', counting(countB));
      a.start();
      b.start();
      const until = Date.now() + 20_000;
      while (sink.received.filter((r) => String(r.headers['x-portal-delivery']).startsWith('pair-')).length < 400 && Date.now() < until)
        await new Promise((r) => setTimeout(r, 50));
      await Promise.all([a.stop(), b.stop()]);

      const keys = sink.received.map((r) => String(r.headers['x-portal-delivery'])).filter((k) => k.startsWith('pair-'));
      expect(keys).toHaveLength(400);
      expect(new Set(keys).size).toBe(400);
      // Both took part.
      expect(countA.sends + countB.sends).toBe(400);
      expect(countA.sends).toBeGreaterThan(0);
      expect(countB.sends).toBeGreaterThan(0);
      const byWorker = await database.db
        .selectFrom('delivery_attempt as a')
        .innerJoin('delivery as d', 'd.id', 'a.delivery_id')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('d.idempotency_key', 'like', 'pair-%')
        .executeTakeFirstOrThrow();
      expect(Number(byWorker.n)).toBe(400);
      const states = await database.db
        .selectFrom('delivery')
        .select(['state', (eb) => eb.fn.countAll<number>().as('n')])
        .where('idempotency_key', 'like', 'pair-%')
        .groupBy('state')
        .execute();
      expect(states).toEqual([{ state: 'sent', n: 400 }]);
    } finally {
      await second.close();
    }
  });
});
