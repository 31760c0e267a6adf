// The outbound address guard: only http(s) to public addresses, every resolved address checked, the setting's
// exceptions let through; a queued delivery to a refused address is a dead letter that never left the server.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { seededDatabase } from '../../test/helpers';
import { attemptsOf, deliveryRow, newEndpoint, newEvent, queueDelivery } from '../../test/notify-fixtures';
import { post } from './http-post';
import { plainRender } from './message';
import { Sender } from './sender';
import { UrlPolicy, UrlRefused, checkTarget, plainAddress } from './url-guard';
import { DeliveryWorker } from './worker';

const strict = new UrlPolicy();
const refusal = (url: string, policy = strict) =>
  checkTarget(url, policy).then(
    () => 'allowed',
    (err: unknown) => (err instanceof UrlRefused ? err.texts.en : `unexpected: ${String(err)}`),
  );

describe('the address guard', () => {
  it('refuses loopback, private, link-local and reserved addresses, however written', async () => {
    for (const url of [
      'http://127.0.0.1/',
      'http://127.1.2.3:8080/x',
      'http://2130706433/',
      'http://0x7f.1/',
      'http://10.1.2.3/',
      'http://172.16.0.1/',
      'http://192.168.1.1/',
      'http://169.254.169.254/latest/meta-data/',
      'http://100.64.0.1/',
      'http://0.0.0.0/',
      'http://[::1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://[::ffff:a9fe:a9fe]/',
      'http://[fe80::1]/',
      'http://[fd00::1]/',
      'http://224.0.0.1/',
    ])
      expect(await refusal(url), url).toMatch(/private, loopback or reserved address/);
  });

  it('resolves a host name and checks its addresses', async () => {
    expect(await refusal('http://localhost:9/')).toMatch(/^localhost \((127\.0\.0\.1|::1)\) is a private/);
  });

  it('takes only http and https, without a user name or password', async () => {
    expect(await refusal('ftp://example.com/')).toBe('The address must start with http:// or https://');
    expect(await refusal('file:///etc/passwd')).toBe('The address must start with http:// or https://');
    expect(await refusal('http://user:pw@example.com/')).toBe('The address may not carry a user name or password');
    expect(await refusal('not a url')).toBe('The address is not a valid URL');
  });

  it('admits public addresses, and private ones only as the setting lists them', async () => {
    expect(await refusal('https://93.184.216.34/hook')).toBe('allowed');
    expect(await refusal('https://[2606:4700::1111]/hook')).toBe('allowed');
    const allowed = new UrlPolicy(['127.0.0.1', '10.1.0.0/16', '::1']);
    expect(await refusal('http://127.0.0.1:8080/', allowed)).toBe('allowed');
    expect(await refusal('http://[::1]:8080/', allowed)).toBe('allowed');
    expect(await refusal('http://10.1.200.3/', allowed)).toBe('allowed');
    expect(await refusal('http://10.2.0.1/', allowed)).toMatch(/private/);
    expect(await refusal('http://127.0.0.2/', allowed)).toMatch(/private/);
  });

  it('reads an IPv4 address mapped into IPv6 as the IPv4 one', () => {
    expect(plainAddress('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(plainAddress('[::ffff:7f00:1]')).toBe('127.0.0.1');
    expect(plainAddress('2001:db8::1')).toBe('2001:db8::1');
  });
});

describe('sending to a refused address', () => {
  let database: Database;
  let server: http.Server;
  let hits = 0;
  let port = 0;
  beforeAll(async () => {
    database = await seededDatabase();
    server = http.createServer((_req, res) => {
      hits++;
      res.end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await database.close();
  });

  it('makes no request, at send time too, and ends the delivery as a dead letter with the reason', async () => {
    // Saved while the setting let it through; sent with a guard that does not.
    const direct = await post(`http://127.0.0.1:${port}/`, '{}', {}, { policy: strict, timeoutMs: 1000 });
    expect(direct).toMatchObject({ status: null, refused: true });
    const byName = await post(`http://localhost:${port}/`, '{}', {}, { policy: strict, timeoutMs: 1000 });
    expect(byName).toMatchObject({ status: null, refused: true });
    expect(byName.error).toMatch(/private, loopback or reserved/);

    const eventId = await newEvent(database.db);
    const endpointId = await newEndpoint(database.db, { kind: 'webhook', url: `http://localhost:${port}/hook`, secret: 's' });
    const id = await queueDelivery(database.db, { eventId, channel: 'webhook', endpointId });
    const worker = new DeliveryWorker(
      database.db,
      new Sender({
        render: plainRender,
        mailer: null,
        http: { policy: strict, timeoutMs: 1000 },
        publicUrl: 'http://x',
        now: () => new Date(),
      }),
      { concurrency: 2, leaseMs: 60_000, maxAttempts: 5, retryBaseMs: 1000, retryMaxMs: 10_000, idlePollMs: 50 },
      'guard',
      { info: () => undefined, error: () => undefined },
    );
    await worker.runOnce();
    expect(await deliveryRow(database.db, id)).toMatchObject({ state: 'dead', attempts: 1 });
    expect((await deliveryRow(database.db, id)).last_error).toMatch(/^localhost \(.*\) is a private, loopback or reserved address/);
    expect((await attemptsOf(database.db, id))[0]).toMatchObject({ ok: false, status: null });
    expect(hits).toBe(0);
  });
});
