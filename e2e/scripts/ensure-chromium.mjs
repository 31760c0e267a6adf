// Makes sure a Chromium for the browser tests exists: CHROME_PATH, /usr/bin/chromium, or Debian's package
// installed here when we can run apt as root. Never skips the tests silently.
import { execSync } from 'node:child_process';
import fs from 'node:fs';

const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
const found = candidates.find((p) => fs.existsSync(p));
if (found) {
  console.log(`e2e: using Chromium at ${found}`);
  process.exit(0);
}
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
let hasApt = false;
try {
  execSync('command -v apt-get', { stdio: 'ignore' });
  hasApt = true;
} catch {
  /* no apt */
}
if (isRoot && hasApt) {
  console.log("e2e: Chromium not found, installing Debian's chromium package...");
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-noto-cjk', { stdio: 'inherit' });
  if (fs.existsSync('/usr/bin/chromium')) process.exit(0);
}
console.error(
  'e2e: no Chromium found. Install one (Debian/Ubuntu: `sudo apt-get install chromium`; elsewhere: ' +
    '`npx playwright install chromium`) and/or set CHROME_PATH to its executable, then run `npm test` again.',
);
process.exit(1);
