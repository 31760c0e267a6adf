// An exclusive lock on the data folder: one portal per folder, which starts and stops the embedded cluster in it.
import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** When a process started, in ms since the epoch (from /proc); undefined where there is no /proc. */
export function processStartedAt(pid: number): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and brackets: count the fields after its closing bracket.
    const ticksSinceBoot = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]);
    const bootSeconds = Number(/^btime (\d+)$/m.exec(fs.readFileSync('/proc/stat', 'utf8'))?.[1]);
    // Linux reports start times in USER_HZ, which is 100 on every architecture it runs on.
    return Number.isFinite(ticksSinceBoot) && Number.isFinite(bootSeconds) ? bootSeconds * 1000 + ticksSinceBoot * 10 : undefined;
  } catch {
    return undefined;
  }
}

/** Folders this process holds: its own pid in a lock file means "ours" only when listed here. */
const held = new Set<string>();

/**
 * Whether the pid in a lock file is a running holder. After a crash the pid may belong to this very
 * process (a container restarted with the same pid) or to another one that started after the lock was
 * written; neither holds the folder. The start time is known to about a second.
 */
function holderRuns(pid: number, file: string, lockedAt: number): boolean {
  if (pid === process.pid) return held.has(file);
  if (!processAlive(pid)) return false;
  const startedAt = processStartedAt(pid);
  return startedAt === undefined || startedAt <= lockedAt + 1500;
}

/** Takes the lock (a file holding our pid, created exclusively) or throws when a running process holds it. */
export function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'portal.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      held.add(file);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        held.delete(file);
        process.off('exit', release);
        try {
          if (fs.readFileSync(file, 'utf8') === String(process.pid)) fs.unlinkSync(file);
        } catch {
          /* already gone */
        }
      };
      // Released however the process ends, short of kill -9 (which the checks of holderRuns cover).
      process.on('exit', release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = Number.parseInt(fs.readFileSync(file, 'utf8'), 10);
      if (Number.isInteger(holder) && holderRuns(holder, file, fs.statSync(file).mtimeMs)) {
        throw new DataDirLockedError(
          `The data folder ${dir} is in use by another server process (pid ${holder}). ` +
            'Stop that process, or start this one with another DATA_DIR or with DATABASE_URL.',
        );
      }
      fs.rmSync(file, { force: true }); // stale lock of a process that died
    }
  }
  throw new DataDirLockedError(`Could not lock the data folder ${dir}`);
}
