// Compression and caching: built files go out precompressed (brotli or gzip, as accepted) with a year's
// immutable cache when their name is hashed; index.html is compressed per answer (its nonce differs) and never
// cached; JSON answers above 1 KiB are compressed, small ones and CSV downloads are not.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { acceptance } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, tokenFor, type TestApp } from '../test/helpers';
import { cspNoncePlaceholder } from './index-page';

let t: TestApp;
let webDist: string;
const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(
    path.join(webDist, 'index.html'),
    `<html><head><meta property="csp-nonce" nonce="${cspNoncePlaceholder}"></head><body>${'<p>portal</p>'.repeat(200)}</body></html>`,
  );
  const asset = path.join(webDist, 'assets', 'index-B6DnSNUS.js');
  fs.writeFileSync(asset, script);
  fs.writeFileSync(`${asset}.br`, brotliCompressSync(script));
  fs.writeFileSync(`${asset}.gz`, gzipSync(script));
  fs.writeFileSync(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestApp({ env: { WEB_DIST: webDist } });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, encoding?: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...(encoding ? { 'accept-encoding': encoding } : {}), ...headers } });

describe('static files', () => {
  it('sends the brotli or gzip copy of a built file, as the browser accepts, cached for a year', async () => {
    const br = await get('/assets/index-B6DnSNUS.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await get('/assets/index-B6DnSNUS.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/index-B6DnSNUS.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('revalidates files without a hash in their name', async () => {
    const res = await get('/favicon.svg', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('compresses index.html per answer and never caches it', async () => {
    const res = await get('/dashboard', 'br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    const nonce = /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1];
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain(`nonce="${nonce}"`);
  });
});

describe('API answers', () => {
  it('compresses JSON above 1 KiB and leaves small answers alone', async () => {
    const big = await get('/api/openapi.json', 'gzip');
    expect(big.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(big.rawPayload).toString())).toHaveProperty('openapi');
    const small = await get('/api/health', 'gzip, br');
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('streams CSV exports uncompressed', async () => {
    const token = await tokenFor(t.app, '100001');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api${acceptance.exportCsv.path}`,
      headers: { token, 'accept-encoding': 'gzip, br', 'content-type': 'application/json' },
      payload: { startDate: '2026-01-01', endDate: '2026-06-30' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});
