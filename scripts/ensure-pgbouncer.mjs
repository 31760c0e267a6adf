// Makes sure a PgBouncer for the server tests exists (db/pgbouncer.test.ts runs the portal through a real one):
// PGBOUNCER_PATH, /usr/sbin/pgbouncer, or Debian's package installed here when we can run apt as root. Never lets the
// test skip silently: without one it stops and says how to get it.
import { execSync } from 'node:child_process';
import fs from 'node:fs';

const candidates = [process.env.PGBOUNCER_PATH, '/usr/sbin/pgbouncer'].filter(Boolean);
const found = candidates.find((p) => fs.existsSync(p));
if (found) {
  console.log(`server tests: using PgBouncer at ${found}`);
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
  console.log("server tests: PgBouncer not found, installing Debian's pgbouncer package...");
  // The package's service is not wanted: the test starts its own on a free port.
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends pgbouncer', {
    stdio: 'inherit',
  });
  if (fs.existsSync('/usr/sbin/pgbouncer')) process.exit(0);
}
console.error(
  'server tests: no PgBouncer found. Install one (Debian/Ubuntu: `sudo apt-get install pgbouncer`) and/or set ' +
    'PGBOUNCER_PATH to its executable, then run `npm test` again.',
);
process.exit(1);
