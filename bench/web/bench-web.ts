// npm run bench:web — JavaScript the login page and the shell load (gzip, and the bytes the browser received
// with the encoding the server chose), and the time from navigation to an interactive dashboard, in headless
// Chromium against the built web app (npm run build first).
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchChromium } from '@portal/e2e/support/chromium';
import { embeddedDatabase, prepare, serve } from '../lib/portal';
import { percentile, round } from '../lib/stats';

const webDist = path.resolve(import.meta.dirname, '../../apps/web/dist');
if (!fs.existsSync(path.join(webDist, 'index.html'))) {
  console.error('apps/web/dist is missing: run `npm run build` first');
  process.exit(1);
}
const runs = Number(process.env.BENCH_RUNS ?? 10);
const gzipOf = (url: string) => gzipSync(fs.readFileSync(path.join(webDist, new URL(url).pathname))).length;

const bench = await embeddedDatabase();
try {
  await prepare(bench.database, false);
  const { app, url } = await serve(bench.database, { webDist });
  const browser = await launchChromium();
  const context = await browser.newContext({ locale: 'zh-CN' });
  const page = await context.newPage();
  const scripts = new Set<string>();
  // What came over the wire per script: the encoded body and the encoding (Content-Encoding).
  const received = new Map<string, Promise<{ bytes: number; encoding: string }>>();
  page.on('response', (res) => {
    if (!res.url().endsWith('.js') || !res.url().startsWith(url)) return;
    scripts.add(res.url());
    received.set(
      res.url(),
      Promise.all([res.request().sizes(), res.headerValue('content-encoding')]).then(([sizes, encoding]) => ({
        bytes: sizes.responseBodySize,
        encoding: encoding ?? 'identity',
      })),
    );
  });
  await page.goto(`${url}/login`);
  await page.getByLabel('用户名').waitFor();
  const loginScripts = new Set(scripts);
  await page.getByLabel('用户名').fill('100001');
  await page.getByLabel('密码').fill('Demo1234');
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.getByText('欢迎使用供应商协同平台').waitFor();
  const sum = (set: Set<string>) => [...set].reduce((total, u) => total + gzipOf(u), 0);
  const transferred = async (set: Set<string>) => {
    const answers = await Promise.all([...set].map((u) => received.get(u)!));
    const encodings = [...new Set(answers.map((a) => a.encoding))].join('+');
    return `${round(answers.reduce((total, a) => total + a.bytes, 0) / 1024)} (${encodings})`;
  };
  console.log(`login-js-gzip-kb: ${round(sum(loginScripts) / 1024)} transferred-kb: ${await transferred(loginScripts)}`);
  console.log(`shell-js-gzip-kb: ${round(sum(scripts) / 1024)} transferred-kb: ${await transferred(scripts)}`);

  // Navigation to an interactive dashboard with a warm session (the user's everyday reload).
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await page.goto(`${url}/dashboard`);
    await page.getByText('欢迎使用供应商协同平台').waitFor();
    await page.getByRole('navigation', { name: '主菜单' }).waitFor();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  console.log(`dashboard-interactive-ms: ${round(percentile(times, 50))} (median of ${runs}, p90 ${round(percentile(times, 90))})`);
  await browser.close();
  await app.close();
  await bench.database.close();
} finally {
  await bench.dispose();
}
