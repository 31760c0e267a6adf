// A PostgreSQL cluster of a test's own (the embedded binaries, in a temporary folder, over a Unix socket), so
// that a test may stop or freeze it; never the tests' shared server, never the machine's.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type EmbeddedCluster, runningPostmaster, startEmbeddedCluster } from '../db/embedded-postgres';

export interface Cluster {
  /** The connection string of its database `portal`. */
  url: string;
  /** SIGSTOP (or SIGCONT) the postmaster and every backend: the database stops answering without closing anything. */
  freeze(): void;
  thaw(): void;
  stop(): Promise<void>;
  start(): Promise<void>;
  destroy(): Promise<void>;
}

/** The postmaster of the cluster in dir and its children (backends and helpers: each leads a process group of its own). */
function processesOf(dir: string): number[] {
  const postmaster = runningPostmaster(dir);
  if (postmaster === undefined) return [];
  const children = fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster;
      } catch {
        return false; // ended meanwhile
      }
    })
    .map(Number);
  return [postmaster, ...children];
}

export async function startCluster(): Promise<Cluster> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-own-pg-'));
  const settings = ['fsync = off', 'synchronous_commit = off'];
  let cluster: EmbeddedCluster = await startEmbeddedCluster(dataDir, () => undefined, settings);
  const signal = (sig: NodeJS.Signals) => {
    for (const pid of processesOf(cluster.dir)) {
      try {
        process.kill(pid, sig);
      } catch (err) {
        // A backend that ended between the listing and the signal.
        if ((err as NodeJS.ErrnoException).code !== 'ESRCH') throw err;
      }
    }
  };
  return {
    url: cluster.url,
    freeze: () => signal('SIGSTOP'),
    thaw: () => signal('SIGCONT'),
    stop: () => cluster.stop(),
    start: async () => {
      cluster = await startEmbeddedCluster(dataDir, () => undefined, settings);
    },
    destroy: async () => {
      try {
        signal('SIGCONT');
        await cluster.stop();
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}
