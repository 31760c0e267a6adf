// Makes sure a PgBouncer for the server tests exists (db/pgbouncer.test.ts runs the portal through a real one):
// PGBOUNCER_PATH, /usr/sbin/pgbouncer, or Debian's package installed here when we can run apt as root. Never lets the
// test skip silently: without one it stops and says how to get it.
import { ensureDebianTool } from './ensure-debian-tool.mjs';

ensureDebianTool({
  who: 'server tests',
  name: 'PgBouncer',
  paths: [process.env.PGBOUNCER_PATH, '/usr/sbin/pgbouncer'],
  // The package's service is not wanted: the test starts its own on a free port.
  installs: '--no-install-recommends pgbouncer',
  packages: 'pgbouncer',
  installed: '/usr/sbin/pgbouncer',
  hint: 'Install one (Debian/Ubuntu: `sudo apt-get install pgbouncer`) and/or set PGBOUNCER_PATH to its executable',
});
