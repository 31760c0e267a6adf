// Who runs the embedded PostgreSQL, and where that user can reach it. PostgreSQL refuses to run as root, so
// as root it runs as the OS user `postgres`; that user cannot enter a private home (/root is 0700), so the
// binaries and the cluster folder move to /var/lib/supplier-portal when the usual places are out of its reach.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface RunAs {
  uid?: number;
  gid?: number;
}

/** Where root keeps what the `postgres` user must reach. */
const rootHome = '/var/lib/supplier-portal';

/** Our own OS user, or as root the user `postgres` (made when absent). */
export function clusterUser(): RunAs {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8', stdio: 'pipe' }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    execFileSync('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres'], {
      stdio: 'pipe',
    });
    return { uid: id('-u'), gid: id('-g') };
  }
}

/** Whether `runAs` may use `file` as `test` checks it (-x: run or enter; -w: write), the folders above it included. */
function reachable(runAs: RunAs, file: string, flag: '-x' | '-w'): boolean {
  if (runAs.uid === undefined) return true;
  return spawnSync('test', [flag, file], { uid: runAs.uid, gid: runAs.gid, stdio: 'ignore' }).status === 0;
}

/**
 * The folder of the package's binaries (native/, holding bin, lib and share) as `runAs` can run them: the package's
 * own, or a copy made once under /var/lib/supplier-portal when node_modules lies in a folder `postgres` cannot enter.
 */
export function reachableNative(nativeDir: string, version: string, runAs: RunAs): string {
  if (reachable(runAs, path.join(nativeDir, 'bin', 'postgres'), '-x')) return nativeDir;
  const copy = path.join(rootHome, `postgres-${version}`);
  if (!reachable(runAs, path.join(copy, 'bin', 'postgres'), '-x')) {
    fs.mkdirSync(rootHome, { recursive: true, mode: 0o755 });
    fs.chmodSync(rootHome, 0o755);
    const temp = `${copy}.${process.pid}.partial`;
    fs.rmSync(temp, { recursive: true, force: true });
    fs.cpSync(nativeDir, temp, { recursive: true, verbatimSymlinks: true });
    fs.rmSync(copy, { recursive: true, force: true });
    fs.renameSync(temp, copy);
  }
  return copy;
}

/**
 * The cluster's folder: DATA_DIR/postgres, made reachable for `runAs` (a mkdtemp folder is 0700). When a folder
 * above DATA_DIR shuts `postgres` out, the cluster lives in /var/lib/supplier-portal/clusters/<hash of DATA_DIR>
 * and DATA_DIR/postgres is a symbolic link to it. Answers the real path, which PostgreSQL's tools are given.
 */
export function clusterDirOf(dataDir: string, runAs: RunAs, notice: (message: string) => void): string {
  const dir = path.join(dataDir, 'postgres');
  if (runAs.uid === undefined) return dir;
  fs.chmodSync(dataDir, fs.statSync(dataDir).mode | 0o011);
  let link: string | undefined;
  try {
    if (fs.lstatSync(dir).isSymbolicLink()) link = path.resolve(dataDir, fs.readlinkSync(dir));
  } catch {
    /* no cluster yet */
  }
  if (link === undefined && (fs.existsSync(dir) || reachable(runAs, dataDir, '-x'))) return dir;
  const hash = createHash('sha256').update(fs.realpathSync(dataDir)).digest('hex').slice(0, 16);
  const elsewhere = link ?? path.join(rootHome, 'clusters', hash);
  fs.mkdirSync(path.dirname(elsewhere), { recursive: true, mode: 0o755 });
  fs.mkdirSync(elsewhere, { recursive: true, mode: 0o700 });
  fs.chownSync(elsewhere, runAs.uid, runAs.gid ?? runAs.uid);
  if (link === undefined) {
    fs.symlinkSync(elsewhere, dir);
    notice(`the OS user postgres cannot enter ${dataDir}: the cluster lives in ${elsewhere} (linked from ${dir})`);
  }
  return elsewhere;
}
