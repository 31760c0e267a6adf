// npm run bench:profile — where a page's first load spends the main thread: signs in (BENCH_USERS' first user), then
// loads each of BENCH_PROFILE_PAGES (default /purOrder) in a new tab with a cold cache under V8's sampling profiler,
// and prints the long tasks (over 50 ms) and the functions and files that took the most self time. Build the web
// with `npx vite build --minify false` (in apps/web) to read function names. BENCH_PROFILE_OUT: a folder to write
// each page's .cpuprofile to (open it in Chromium's DevTools).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumFlags, chromiumPath } from '@portal/e2e/support/chromium';
import { type RunningServer, startServer } from '@portal/e2e/support/server';
import { buildServer } from '@portal/server/scripts/build.mjs';
import { benchUsers, signIn } from '../lib/menu';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  hitCount?: number;
  children?: number[];
}
interface Profile {
  nodes: Node[];
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

const pages = (process.env.BENCH_PROFILE_PAGES ?? '/purOrder').split(',').filter(Boolean);
const rounds = Number(process.env.BENCH_PROFILE_ROUNDS ?? 3);
const out = process.env.BENCH_PROFILE_OUT;

function selfTimes(profile: Profile): { byFunction: Map<string, number>; byFile: Map<string, number> } {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const byFunction = new Map<string, number>();
  const byFile = new Map<string, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) {
    const node = nodes.get(samples[i]!);
    if (!node) continue;
    const ms = (deltas[i + 1] ?? 0) / 1000;
    const { functionName, url, lineNumber } = node.callFrame;
    const file = url ? url.replace(/^https?:\/\/[^/]+\//, '').replace(/-[A-Za-z0-9_-]{8}\.js$/, '.js') : `(${functionName || 'program'})`;
    const fn = `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms);
    byFile.set(file, (byFile.get(file) ?? 0) + ms);
  }
  return { byFunction, byFile };
}

const top = (m: Map<string, number>, n: number) =>
  [...m.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => `  ${v.toFixed(0).padStart(6)} ms  ${k}`)
    .join('\n');

await buildServer();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-profile-'));
let server: RunningServer | undefined;
const browser = await chromium.launch({ executablePath: chromiumPath(), args: [...chromiumFlags] });
try {
  server = await startServer({ dataDir, env: { LOGIN_SLOWDOWN_MS: '0' } });
  const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1350, height: 940 }, baseURL: server.url });
  await context.addInitScript(() => {
    const tasks: { start: number; duration: number }[] = [];
    (window as unknown as { __longTasks: typeof tasks }).__longTasks = tasks;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) tasks.push({ start: Math.round(e.startTime), duration: Math.round(e.duration) });
    }).observe({ type: 'longtask', buffered: true });
  });
  const first = await context.newPage();
  await signIn(first, server.url, benchUsers()[0]!);
  for (const pagePath of pages) {
    for (let round = 0; round < rounds; round++) {
      const page = await context.newPage();
      if (process.env.BENCH_PROFILE_CONSOLE) page.on('console', (m) => console.log('  console:', m.text().slice(0, 300)));
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
      await page.goto(pagePath);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(1500);
      const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
      const tasks = await page.evaluate(() => (window as unknown as { __longTasks: { start: number; duration: number }[] }).__longTasks);
      const blocking = tasks.reduce((s, t) => s + Math.max(0, t.duration - 50), 0);
      console.log(
        `${pagePath} round ${round + 1}: long tasks ${tasks.map((t) => `${t.duration}@${t.start}`).join(' ')} (blocking ${blocking} ms)`,
      );
      if (round === rounds - 1) {
        const { byFunction, byFile } = selfTimes(profile);
        console.log(`self time by file:\n${top(byFile, 12)}\nself time by function:\n${top(byFunction, 30)}`);
      }
      if (out) fs.writeFileSync(path.join(out, `${pagePath.replace(/[/?=&]/g, '_')}-${round + 1}.cpuprofile`), JSON.stringify(profile));
      await page.close();
    }
  }
} finally {
  await browser.close();
  if (server) await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
