// Launches the Chromium of this machine through playwright-core.
import fs from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

export function chromiumPath(): string {
  const path = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => p && fs.existsSync(p));
  if (!path) throw new Error('No Chromium found: run e2e/scripts/ensure-chromium.mjs or set CHROME_PATH');
  return path;
}

/** Headless, sandbox off (root in CI), and nothing that talks to the network beyond the page itself. */
export const chromiumFlags: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: [...chromiumFlags] });
}
