// npm run bench:lighthouse — Lighthouse (desktop preset) on /login and on /dashboard signed in, against the
// compiled portal started here on its own embedded database: the accessibility and performance scores and the
// main timings. Targets (issue 19): accessibility >= 95, performance >= 90, CLS < 0.1.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import { chromiumFlags, chromiumPath } from '@portal/e2e/support/chromium';
import { type RunningServer, freePort, startServer } from '@portal/e2e/support/server';
import { buildServer } from '@portal/server/scripts/build.mjs';

const webDist = path.resolve(import.meta.dirname, '../../apps/web/dist');
if (!fs.existsSync(path.join(webDist, 'index.html'))) {
  console.error('apps/web/dist is missing: run `npm run build` first');
  process.exit(1);
}

interface Scores {
  accessibility: number;
  performance: number;
  cls: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  failing: string[];
}

async function audit(url: string, port: number, keepSession: boolean): Promise<Scores> {
  const result = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'], disableStorageReset: keepSession },
    desktopConfig,
  );
  if (!result) throw new Error(`lighthouse gave no result for ${url}`);
  // The whole report, for whoever looks into a score (open it in the Lighthouse viewer).
  const reports = process.env.BENCH_LIGHTHOUSE_REPORTS;
  if (reports) fs.writeFileSync(path.join(reports, `${new URL(url).pathname.slice(1)}.json`), String(result.report));
  const { categories, audits } = result.lhr;
  const numeric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  const a11yIds = new Set((categories.accessibility?.auditRefs ?? []).map((r) => r.id));
  return {
    accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
    performance: Math.round((categories.performance?.score ?? 0) * 100),
    cls: Math.round(numeric('cumulative-layout-shift') * 1000) / 1000,
    lcpMs: Math.round(numeric('largest-contentful-paint')),
    fcpMs: Math.round(numeric('first-contentful-paint')),
    tbtMs: Math.round(numeric('total-blocking-time')),
    // What pulls a score down: failed accessibility audits, and performance audits scored below 0.9.
    failing: Object.values(audits)
      .filter((a) => a.score !== null && (a11yIds.has(a.id) ? a.score < 1 : a.scoreDisplayMode === 'metricSavings' && a.score < 0.9))
      .map((a) => a.id),
  };
}

const print = (page: string, s: Scores) =>
  console.log(
    `${page} accessibility: ${s.accessibility} performance: ${s.performance} cls: ${s.cls} lcp-ms: ${s.lcpMs} fcp-ms: ${s.fcpMs} ` +
      `tbt-ms: ${s.tbtMs}${s.failing.length ? ` below-par: ${s.failing.join(',')}` : ''}`,
  );

await buildServer(); // the server runs compiled, as npm start runs it
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-lighthouse-'));
const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-lighthouse-chrome-'));
let server: RunningServer | undefined;
try {
  server = await startServer({ dataDir, env: { LOGIN_SLOWDOWN_MS: '0' } });
  const port = await freePort();
  // One browser profile: Lighthouse's tabs share the session the sign-in below leaves in it.
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath(),
    args: [...chromiumFlags, `--remote-debugging-port=${port}`],
    locale: 'zh-CN',
  });
  try {
    console.log(
      `# Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, desktop preset, ${os.cpus().length} cores`,
    );
    print('login', await audit(`${server.url}/login`, port, false));

    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${server.url}/login`);
    await page.getByLabel('用户名', { exact: true }).fill('100001');
    await page.getByLabel('密码', { exact: true }).fill('Demo1234');
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.waitForURL('**/dashboard');
    await page.goto('about:blank');
    // Signed in, with a cold cache as after a browser restart: the session stays, the files are fetched again.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    print('dashboard', await audit(`${server.url}/dashboard`, port, true));
  } finally {
    await context.close();
  }
} finally {
  if (server) await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(profile, { recursive: true, force: true });
}
