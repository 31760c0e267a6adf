// The page under its CSP: every index.html answer carries a fresh nonce, the same in the header and in the
// page; the policy allows scripts and styles from the portal only, and frames from the frame modules.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helpers';
import { cspNoncePlaceholder } from './index-page';

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
  fs.writeFileSync(
    path.join(webDist, 'index.html'),
    `<html><head><meta property="csp-nonce" nonce="${cspNoncePlaceholder}"><script type="module" src="/assets/app.js" nonce="${cspNoncePlaceholder}"></script></head></html>`,
  );
  t = await createTestApp({ env: { WEB_DIST: webDist } });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const nonceOf = (policy: string) => /style-src 'self' 'nonce-([^']+)'/.exec(policy)?.[1];

describe('index.html', () => {
  it('carries a nonce that matches its CSP header and differs per answer', async () => {
    const seen = new Set<string>();
    for (const url of ['/login', '/dashboard', '/index.html']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      const nonce = nonceOf(String(res.headers['content-security-policy']));
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(res.body).toContain(`<meta property="csp-nonce" nonce="${nonce}">`);
      expect(res.body).not.toContain(cspNoncePlaceholder);
      seen.add(nonce!);
    }
    expect(seen.size).toBe(3);
  });

  it('allows scripts, styles and calls from the portal only, and frames from the frame modules', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dashboard' });
    const policy = String(res.headers['content-security-policy']);
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("script-src 'self';");
    expect(policy).toContain("connect-src 'self'");
    expect(policy).toContain("img-src 'self' data:");
    expect(policy).toContain("frame-ancestors 'self'");
    // The demo's frame module (ms0070) is framed; its single sign-on modules open in windows, not frames.
    // blob: frames are the page's own PDF previews (a certificate's files, read with the session's headers).
    expect(policy).toContain("frame-src 'self' blob: https://tms.example.com;");
    expect(policy).not.toContain('unsafe-inline');
    expect(policy).not.toContain('unsafe-eval');
  });

  it('gives calls the policy without a nonce', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(String(res.headers['content-security-policy'])).toMatch(/^default-src 'self'; script-src 'self'; style-src 'self';/);
  });
});
