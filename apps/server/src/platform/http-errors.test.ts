// Answers of the HTTP layer itself (before or outside any call) carry the envelope too.
import net from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helpers';

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(() => t.close());

/** Sends raw bytes and reads the answer until the server closes the connection. */
function exchange(text: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.end(text));
    let out = '';
    socket.setEncoding('utf8');
    socket.on('data', (d: string) => (out += d));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = out.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), headers: head, body });
    });
  });
}

const parserEnvelope = (code: string) => ({ code, success: false, data: null, message: expect.any(String), msg: expect.any(String) });
/** Answers of requests Fastify parsed also name the request. */
const envelope = (code: string) => ({ ...parserEnvelope(code), requestId: expect.any(String) });

it('answers a header section that is too large with 431 in the envelope', async () => {
  const res = await exchange(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
  expect(res.status).toBe(431);
  expect(res.headers).toMatch(/content-type: application\/json/i);
  expect(res.headers).toMatch(/x-content-type-options: nosniff/i);
  expect(res.headers).toMatch(/content-security-policy: default-src 'none'/i);
  expect(JSON.parse(res.body)).toEqual(parserEnvelope('431'));
});

it('answers a malformed request line with 400 in the envelope', async () => {
  const res = await exchange('NOT HTTP AT ALL\r\n\r\n');
  expect(res.status).toBe(400);
  expect(JSON.parse(res.body)).toEqual(parserEnvelope('400'));
});

it('answers a body over the limit with 413 in the envelope', async () => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/user/login?tenantid=demo',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ username: 'a'.repeat(2_000_000), password: 'x' }),
  });
  expect(res.statusCode).toBe(413);
  expect(res.json()).toEqual(envelope('413'));
});

it('answers a declared length over the limit with 413 in the envelope before reading the body', async () => {
  const res = await exchange(
    'POST /api/user/login?tenantid=demo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 5000000\r\nConnection: close\r\n\r\n{}',
  );
  expect(res.status).toBe(413);
  expect(JSON.parse(res.body)).toEqual(envelope('413'));
});

it('answers an unsupported content type with 415 in the envelope', async () => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/user/login?tenantid=demo',
    headers: { 'content-type': 'text/xml' },
    payload: '<a/>',
  });
  expect(res.statusCode).toBe(415);
  expect(res.json()).toEqual(envelope('415'));
});

it('answers an unknown path with 404 in the envelope', async () => {
  const res = await t.app.inject({ method: 'DELETE', url: '/nowhere' });
  expect(res.statusCode).toBe(404);
  expect(res.json()).toEqual(envelope('404'));
});

it('answers a path with a broken percent-encoding with 400 in the envelope', async () => {
  for (const url of ['/api/%E0%A4%A', '/%E0%A4%A']) {
    const res = await t.app.inject({ method: 'GET', url, headers: { 'x-request-id': 'broken-url-1' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(envelope('400'));
    // No hook ran, yet the answer carries the headers of every other answer.
    expect(res.headers).toMatchObject({
      'x-request-id': 'broken-url-1',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'cache-control': 'no-store',
    });
  }
});
