// npm run bench:lighthouse — Lighthouse (desktop preset) on /login, then on /dashboard and every other page of the
// menu signed in as 100001 and as admin (BENCH_USERS; BENCH_LIGHTHOUSE_MENU=0: the dashboard only;
// BENCH_LIGHTHOUSE_PAGES=/dashboard,/acceptance: only those of the menu's paths), each with a cold
// cache, against the compiled portal started here on its own embedded database: the accessibility and performance
// scores and the main timings. Targets (issues 19 and 32): accessibility >= 95, performance >= 90, TBT < 150 ms,
// CLS < 0.05.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import { chromiumFlags, chromiumPath } from '@portal/e2e/support/chromium';
import { type RunningServer, freePort, startServer } from '@portal/e2e/support/server';
import { buildServer } from '@portal/server/scripts/build.mjs';
import { benchUsers, menuEntries, signIn } from '../lib/menu';
import { percentile } from '../lib/stats';

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

async function audit(url: string, port: number, keepSession: boolean, reportName?: string): Promise<Scores> {
  const result = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'], disableStorageReset: keepSession },
    desktopConfig,
  );
  if (!result) throw new Error(`lighthouse gave no result for ${url}`);
  // The whole report, for whoever looks into a score (open it in the Lighthouse viewer).
  const reports = process.env.BENCH_LIGHTHOUSE_REPORTS;
  if (reports) fs.writeFileSync(path.join(reports, `${reportName ?? new URL(url).pathname.slice(1)}.json`), String(result.report));
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

const menuPages = process.env.BENCH_LIGHTHOUSE_MENU !== '0';
const all: Scores[] = [];

await buildServer(); // the server runs compiled, as npm start runs it
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-lighthouse-'));
let server: RunningServer | undefined;
try {
  server = await startServer({ dataDir, env: { LOGIN_SLOWDOWN_MS: '0' } });
  console.log(
    `# Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, desktop preset, ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)}`,
  );
  let first = true;
  for (const user of benchUsers()) {
    const port = await freePort();
    // One browser profile per user: Lighthouse's tabs share the session the sign-in below leaves in it.
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-lighthouse-chrome-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: chromiumPath(),
      args: [...chromiumFlags, `--remote-debugging-port=${port}`],
      locale: 'zh-CN',
    });
    try {
      if (first) print('login', await audit(`${server.url}/login`, port, false));
      first = false;
      const page = context.pages()[0] ?? (await context.newPage());
      await signIn(page, server.url, user);
      const paths = menuPages ? (await menuEntries(page)).map((e) => e.key) : ['/dashboard'];
      if (!paths.includes('/dashboard')) paths.unshift('/dashboard');
      const only = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',').filter(Boolean);
      if (only) paths.splice(0, paths.length, ...paths.filter((p) => only.includes(p)));
      const cdp = await context.newCDPSession(page);
      for (const pagePath of paths) {
        await page.goto('about:blank');
        // Signed in, with a cold cache as after a browser restart: the session stays, the files are fetched again.
        await cdp.send('Network.clearBrowserCache');
        const scores = await audit(`${server.url}${pagePath}`, port, true, `${user.name}${pagePath.replace(/[/?=&]/g, '_')}`);
        all.push(scores);
        print(`${user.name} ${pagePath}`, scores);
      }
    } finally {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    }
  }
  if (all.length > 1) {
    const median = (pick: (s: Scores) => number) =>
      percentile(
        all.map(pick).sort((a, b) => a - b),
        50,
      );
    console.log(
      `signed-in pages: ${all.length} performance-median: ${median((s) => s.performance)} min: ${Math.min(...all.map((s) => s.performance))} ` +
        `below-90: ${all.filter((s) => s.performance < 90).length} tbt-median-ms: ${median((s) => s.tbtMs)} ` +
        `tbt-over-150: ${all.filter((s) => s.tbtMs >= 150).length} cls-max: ${Math.max(...all.map((s) => s.cls))}`,
    );
  }
  console.log(`# load average after: ${os.loadavg()[0]!.toFixed(1)}`);
} finally {
  if (server) await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
