/// <reference lib="dom" />
// npm run bench:dashboard-cpu — with a running portal (PORTAL_URL): the main thread's work of a signed-in load of
// 100001's dashboard until both charts are drawn (plus 1.5 s), BENCH_LOADS (5) loads: CDP task and script time,
// JS heap, and the page's long tasks (longest, count, time over 50 ms), one line per load.
import os from 'node:os';
import { launchChromium } from '@portal/e2e/support/chromium';

const url = (process.env.PORTAL_URL ?? '').replace(/\/$/, '');
if (!url) {
  console.error('Set PORTAL_URL to a running portal, e.g. PORTAL_URL=http://127.0.0.1:8080');
  process.exit(2);
}
const loads = Number(process.env.BENCH_LOADS ?? 5);
const b = await launchChromium();
const ctx = await b.newContext({ locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
await ctx.addInitScript(() => {
  const w = window as unknown as { longTasks: number[] };
  w.longTasks = [];
  new PerformanceObserver((l) => l.getEntries().forEach((e) => w.longTasks.push(e.duration))).observe({ type: 'longtask', buffered: true });
});
const p = await ctx.newPage();
await p.goto(`${url}/login`);
await p.getByLabel('用户名', { exact: true }).fill('100001');
await p.getByLabel('密码', { exact: true }).fill('Demo1234');
await p.getByRole('button', { name: /登\s*录/ }).click();
await p.waitForURL('**/dashboard');
const rows: string[] = [];
for (let i = 0; i < loads; i++) {
  const page = await ctx.newPage();
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Performance.enable');
  await page.goto(`${url}/dashboard`);
  await page.locator('canvas').nth(1).waitFor({ timeout: 90000 });
  await page.waitForTimeout(1500);
  const m = Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((x) => [x.name, x.value]));
  const lt = await page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks);
  rows.push(
    `task-ms ${Math.round(m.TaskDuration! * 1000)} script-ms ${Math.round(m.ScriptDuration! * 1000)} heap-mb ${Math.round(m.JSHeapUsedSize! / 1e6)} longest-task-ms ${Math.round(Math.max(0, ...lt))} long-tasks ${lt.length} sum-over-50 ${Math.round(lt.reduce((a, d) => a + d - 50, 0))}`,
  );
  await page.close();
}
console.log(`# load average ${os.loadavg()[0]!.toFixed(1)}\n` + rows.join('\n'));
await b.close();
