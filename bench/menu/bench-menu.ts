/// <reference lib="dom" />
// npm run bench:menu — from a click on a menu entry to the page's data on screen, for every page of the menu of
// 100001 and of admin, in headless Chromium against the compiled portal (started here on its own embedded database,
// or PORTAL_URL). Each round loads the app once (signed in), then clicks through the whole menu as a person does;
// a page counts as shown when its calls have answered, no spinner or skeleton is left in the main area, and that
// area has stopped changing for a while: its time is that of the frame after the area's last change. Prints each
// page's median over BENCH_ROUNDS (3) rounds and the median over the pages.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { launchChromium } from '@portal/e2e/support/chromium';
import { type RunningServer, startServer } from '@portal/e2e/support/server';
import { buildServer } from '@portal/server/scripts/build.mjs';
import { type MenuEntry, benchUsers, mainMenu, menuEntries, signIn } from '../lib/menu';
import { percentile, round } from '../lib/stats';

const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
/** The main area must stay unchanged, with no call in flight, this long before a page counts as shown. */
const quietMs = 500;
const users = benchUsers();

interface Probe {
  inflight: number;
  lastNet: number;
  lastChange: number;
  lastPaint: number;
  clickAt: number | null;
  observer?: MutationObserver;
}
type ProbeWindow = Window & { __menuProbe: Probe };

/** Counts the page's calls in flight (fetch) from its first script on. */
function installProbe(): void {
  const probe: Probe = { inflight: 0, lastNet: 0, lastChange: 0, lastPaint: 0, clickAt: null };
  (window as unknown as ProbeWindow).__menuProbe = probe;
  const fetch = window.fetch.bind(window);
  window.fetch = async (...args: Parameters<typeof window.fetch>) => {
    probe.inflight++;
    try {
      return await fetch(...args);
    } finally {
      probe.inflight--;
      probe.lastNet = performance.now();
    }
  };
  // The click's own time stamp (the event's, before any of the app's handlers ran).
  document.addEventListener('click', (e) => (probe.clickAt ??= e.timeStamp), { capture: true });
}

/** Starts watching the main area for changes, from the next click on. */
function arm(): void {
  const probe = (window as unknown as ProbeWindow).__menuProbe;
  probe.clickAt = null;
  probe.lastChange = probe.lastPaint = 0;
  probe.observer?.disconnect();
  probe.observer = new MutationObserver(() => {
    // Only what changes after the click counts.
    if (probe.clickAt === null) return;
    const at = performance.now();
    probe.lastChange = at;
    requestAnimationFrame(() => {
      if (probe.lastChange >= at) probe.lastPaint = Math.max(probe.lastPaint, performance.now());
    });
  });
  probe.observer.observe(document.querySelector('[role="main"]')!, { childList: true, subtree: true, characterData: true });
}

/** True once the page after the click has settled (see the top). */
function settled(quiet: number): boolean {
  const probe = (window as unknown as ProbeWindow).__menuProbe;
  const now = performance.now();
  if (probe.clickAt === null || probe.inflight > 0 || probe.lastChange === 0) return false;
  if (now - probe.lastChange < quiet || now - probe.lastNet < quiet) return false;
  const main = document.querySelector('[role="main"]')!;
  const visible = Array.from(main.children).filter((c) => !(c as HTMLElement).hidden);
  return !visible.some((c) => c.querySelector('.ant-spin-spinning, .ant-skeleton-active'));
}

/** One round: a fresh load of the dashboard, then each entry clicked once; milliseconds by entry (NaN: not settled). */
async function round1(page: Page, url: string, list: MenuEntry[]): Promise<Map<string, number>> {
  await page.goto(`${url}/dashboard`);
  await mainMenu(page).waitFor();
  await page.waitForFunction(settledAfterLoad, quietMs, { polling: 100, timeout: 30_000 });
  const menu = mainMenu(page);
  const times = new Map<string, number>();
  // The dashboard is the page the round starts on (bench:web and bench:lighthouse time its load).
  for (const entry of list.filter((e) => e.key !== '/dashboard')) {
    const item = menu.locator(`li.ant-menu-item[data-menu-id$="${entry.key}"]`).first();
    if (!(await item.isVisible())) {
      // Its folder closed again: open every folder.
      await menuEntries(page);
    }
    await page.evaluate(arm);
    await item.click();
    try {
      await page.waitForFunction(settled, quietMs, { polling: 50, timeout: 30_000 });
      times.set(
        entry.key,
        await page.evaluate(() => {
          const probe = (window as unknown as ProbeWindow).__menuProbe;
          return Math.max(probe.lastPaint, probe.lastChange) - probe.clickAt!;
        }),
      );
    } catch {
      times.set(entry.key, Number.NaN);
    }
  }
  return times;
}

/** The first screen after a load: no call in flight and nothing loading for a while. */
function settledAfterLoad(quiet: number): boolean {
  const probe = (window as unknown as ProbeWindow).__menuProbe;
  const main = document.querySelector('[role="main"]');
  return (
    main !== null &&
    probe.inflight === 0 &&
    performance.now() - probe.lastNet > quiet &&
    !main.querySelector('.ant-spin-spinning, .ant-skeleton-active')
  );
}

const portal = process.env.PORTAL_URL?.replace(/\/$/, '');
let server: RunningServer | undefined;
let dataDir: string | undefined;
try {
  if (!portal) {
    const webDist = path.resolve(import.meta.dirname, '../../apps/web/dist');
    if (!fs.existsSync(path.join(webDist, 'index.html'))) throw new Error('apps/web/dist is missing: run `npm run build` first');
    await buildServer();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-menu-'));
    server = await startServer({ dataDir, env: { LOGIN_SLOWDOWN_MS: '0' } });
  }
  const url = portal ?? server!.url;
  const browser = await launchChromium();
  console.log(`# menu click to data on screen, ${rounds} rounds, ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)}`);
  const medians: number[] = [];
  for (const user of users) {
    const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
    await context.addInitScript(installProbe);
    const page = await context.newPage();
    await signIn(page, url, user);
    const list = await menuEntries(page);
    const runs = new Map<string, number[]>(list.map((e) => [e.key, []]));
    for (let r = 0; r < rounds; r++) for (const [key, ms] of await round1(page, url, list)) runs.get(key)!.push(ms);
    for (const entry of list.filter((e) => e.key !== '/dashboard')) {
      const all = runs.get(entry.key)!;
      const ok = all.filter((ms) => Number.isFinite(ms)).sort((a, b) => a - b);
      const median = ok.length ? percentile(ok, 50) : Number.NaN;
      if (ok.length) medians.push(median);
      console.log(
        `${user.name} ${entry.key} (${entry.title}) median-ms: ${round(median)} runs: ${all.map((ms) => (Number.isFinite(ms) ? Math.round(ms) : 'timeout')).join(',')}`,
      );
    }
    await context.close();
  }
  medians.sort((a, b) => a - b);
  console.log(
    `pages: ${medians.length} median-of-medians-ms: ${round(percentile(medians, 50))} worst-median-ms: ${round(medians.at(-1) ?? Number.NaN)} over-1s: ${medians.filter((m) => m >= 1000).length}`,
  );
  console.log(`# load average after: ${os.loadavg()[0]!.toFixed(1)}`);
  await browser.close();
} finally {
  if (server) await server.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}
