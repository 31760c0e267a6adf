/// <reference lib="dom" />
// bench:grid: the DataGrid in headless Chromium with 100,000 rows x 20 columns on the example page of a
// running portal (PORTAL_URL): time to first render, find-all over every cell, replace-all, and the frame
// times of a scroll to the bottom. Prints one `name: value` line per figure.
import type { Page } from 'playwright-core';
import { launchChromium } from '@portal/e2e/support/chromium';
import { percentile } from '../lib/stats';

const portal = (process.env.PORTAL_URL ?? '').replace(/\/$/, '');
if (!portal) {
  console.error('Set PORTAL_URL to a running portal, e.g. PORTAL_URL=http://127.0.0.1:8080');
  process.exit(2);
}
const rows = Number(process.env.GRID_ROWS ?? 100_000);
const cols = Number(process.env.GRID_COLS ?? 20);
const target = `${portal}/grid-example?rows=${rows}&cols=${cols}`;
const firstCell = 'revogr-data[type="rgRow"] [data-rgcol]';

interface BenchRun {
  ms: number;
  syncMs: number;
  count: number;
}
interface GridBench {
  pageStart: number;
  rowsReady: number;
  findAll(text: string): Promise<BenchRun>;
  replaceAll(text: string, replacement: string): Promise<BenchRun>;
}
type BenchWindow = Window & { __gridBench?: GridBench };

async function signInIfAsked(page: Page): Promise<void> {
  // The app decides after it has started: either the grid shows, or the login page.
  await page.waitForFunction((selector) => location.pathname.startsWith('/login') || document.querySelector(selector) !== null, firstCell, {
    timeout: 60_000,
  });
  if (!new URL(page.url()).pathname.startsWith('/login')) return;
  await page.getByLabel('用户名').fill(process.env.PORTAL_USER ?? '100001');
  await page.getByLabel('密码').fill(process.env.PORTAL_PASSWORD ?? 'Demo1234');
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.waitForSelector(firstCell, { timeout: 60_000 });
}

interface Render {
  /** From navigation start until the grid shows its first data cell. */
  total: number;
  /** From the example page's start (rows not yet generated) until the first cell. */
  page: number;
  /** The example's own generation of the rows (not the grid's work). */
  rows: number;
  /** From the rows being ready until the grid shows its first cell: the DataGrid's first render. */
  grid: number;
}

/** Milliseconds of one fresh load of the example page, split into its parts. */
async function firstRender(page: Page): Promise<Render> {
  await page.goto(target, { waitUntil: 'commit' });
  await page.waitForFunction((selector) => document.querySelector(selector) !== null, firstCell, { polling: 'raf', timeout: 60_000 });
  const now = await page.evaluate(() => performance.now());
  await page.waitForFunction(() => (window as BenchWindow).__gridBench !== undefined);
  const { pageStart, rowsReady } = await page.evaluate(() => (window as BenchWindow).__gridBench!);
  return {
    total: Math.round(now),
    page: Math.round(now - pageStart),
    rows: Math.round(rowsReady - pageStart),
    grid: Math.round(now - rowsReady),
  };
}

const loads = Number(process.env.BENCH_LOADS ?? 5);
const byValue = (a: number, b: number) => a - b;

/** Scrolls the grid from top to bottom in even steps, one per frame; returns the frame intervals. */
async function scrollFrames(page: Page, steps = 240): Promise<number[]> {
  return page.evaluate(async (count) => {
    const scroller = document.querySelector<HTMLElement>('[data-testid="data-grid"] revogr-scroll-virtual.vertical');
    if (!scroller) throw new Error('no vertical scroller in the grid');
    const step = (scroller.scrollHeight - scroller.clientHeight) / count;
    const frames: number[] = [];
    await new Promise<void>((done) => {
      let last = 0;
      let k = 0;
      const tick = (time: number) => {
        if (last) frames.push(time - last);
        last = time;
        if (k++ >= count) return done();
        scroller.scrollTop = Math.round(step * k);
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    return frames;
  }, steps);
}

const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: 1366, height: 800 }, locale: 'zh-CN' });
  // tsx keeps function names with a __name helper that the page does not have.
  await page.addInitScript('globalThis.__name = (f) => f;');
  // Sign in once (the session survives), then measure a fresh load of the example page.
  await page.goto(target);
  await signInIfAsked(page);
  // Several fresh loads (the machine is shared and noisy): medians of each part.
  const renders: Render[] = [];
  for (let i = 0; i < loads; i++) renders.push(await firstRender(page));
  const median = (pick: (r: Render) => number) => percentile(renders.map(pick).sort(byValue), 50);
  const render = { total: median((r) => r.total), page: median((r) => r.page), rows: median((r) => r.rows), grid: median((r) => r.grid) };
  await page.waitForTimeout(500);

  // Find-all of a text in one column in eight, over all 2,000,000 cells.
  await page.evaluate(() => (window as BenchWindow).__gridBench!.findAll('apple')); // warm-up
  const found = await page.evaluate(() => (window as BenchWindow).__gridBench!.findAll('apple pie'));
  const replaced = await page.evaluate(() => (window as BenchWindow).__gridBench!.replaceAll('apple pie', 'pear tart'));
  await page.waitForTimeout(300);
  const frames = await scrollFrames(page);

  console.log(`first-render-ms: ${render.total}`);
  console.log(`grid-first-render-ms: ${render.grid}`);
  console.log(`find-all-ms: ${found.ms}`);
  console.log(`replace-all-ms: ${replaced.ms}`);
  const sortedFrames = [...frames].sort(byValue);
  console.log(`scroll-p95-frame-ms: ${percentile(sortedFrames, 95).toFixed(1)}`);
  console.error(
    `# ${rows} rows x ${cols} columns; medians of ${loads} fresh loads: first cell ${render.total} ms from navigation, ${render.page} ms from the page's start, ` +
      `of which the example's row generation ${render.rows} ms and the grid's first render ${render.grid} ms; ` +
      `find-all ${found.count} cells (${found.syncMs} ms searching); replace-all ${replaced.count} cells (${replaced.syncMs} ms before drawing); ` +
      `scroll ${frames.length} frames, median ${percentile(sortedFrames, 50).toFixed(1)} ms, max ${Math.max(...frames).toFixed(1)} ms`,
  );
} finally {
  await browser.close();
}
