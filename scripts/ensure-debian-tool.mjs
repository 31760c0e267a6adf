// Makes sure a program the tests run exists: the first of `paths` that is there, or else Debian's packages
// installed when we can run apt as root. Never lets a test skip silently: without the program it says how to get
// it and exits 1. Used by e2e/scripts/ensure-chromium.mjs and scripts/ensure-pgbouncer.mjs.
import { execSync } from 'node:child_process';
import fs from 'node:fs';

/**
 * @param {{ who: string, name: string, paths: (string | undefined)[], installs: string, packages: string, installed: string, hint: string }} tool
 *   who: whose tests need it (the messages' prefix); name: the program's name; paths: where it may be (a setting
 *   first); installs: the apt-get install options and packages; installed: the path the packages give; hint: how to
 *   get it otherwise.
 */
export function ensureDebianTool(tool) {
  const found = tool.paths.filter(Boolean).find((p) => fs.existsSync(p));
  if (found) {
    console.log(`${tool.who}: using ${tool.name} at ${found}`);
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
    console.log(`${tool.who}: ${tool.name} not found, installing Debian's ${tool.packages} package...`);
    execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${tool.installs}`, { stdio: 'inherit' });
    if (fs.existsSync(tool.installed)) process.exit(0);
  }
  console.error(`${tool.who}: no ${tool.name} found. ${tool.hint}, then run \`npm test\` again.`);
  process.exit(1);
}
