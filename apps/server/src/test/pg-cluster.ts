// A PostgreSQL cluster of a test's own (initdb into a temporary folder), so that a test may stop or
// freeze it; never the machine's shared server. Skipped where PostgreSQL's binaries are absent.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const bin = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

/** Why a cluster cannot be started here, or undefined when it can. */
export const clusterSkipReason: string | undefined = fs.existsSync(path.join(bin, 'initdb'))
  ? undefined
  : `no initdb in ${bin} (set PG_BIN): a test that stops or freezes PostgreSQL needs its own cluster`;

export interface Cluster {
  url: string;
  /** SIGSTOP (or SIGCONT) every process of the cluster: the database stops answering without closing anything. */
  freeze(): void;
  thaw(): void;
  stop(): void;
  start(): void;
  destroy(): void;
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function startCluster(): Promise<Cluster> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot)
    fs.chownSync(
      dir,
      Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })),
      Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })),
    );
  const run = (tool: string, args: string[]) => {
    const command = path.join(bin, tool);
    if (asRoot) execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], { stdio: 'pipe' });
    else execFileSync(command, args, { stdio: 'pipe' });
  };
  const port = await freePort();
  const data = path.join(dir, 'data');
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = () => run('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']);
  start();
  const pids = () => {
    const postmaster = fs.readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]!;
    const children = execFileSync('ps', ['-o', 'pid=', '--ppid', postmaster], { encoding: 'utf8' })
      .split('\n')
      .map((s) => s.trim())
      .filter(Boolean);
    return [postmaster, ...children].map(Number);
  };
  const signal = (sig: NodeJS.Signals) => {
    for (const pid of pids()) process.kill(pid, sig);
  };
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    freeze: () => signal('SIGSTOP'),
    thaw: () => signal('SIGCONT'),
    stop: () => run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']),
    start,
    destroy: () => {
      try {
        if (fs.existsSync(path.join(data, 'postmaster.pid'))) {
          signal('SIGCONT');
          run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
        }
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
