// The data-folder lock: one portal process per data folder.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './lock';

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'portal-lock-'));

it('refuses a second lock on the same folder while the first is held', () => {
  const dir = tempDir();
  const release = lockDataDir(dir);
  expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
  expect(() => lockDataDir(dir)).toThrow(/in use by another server process/);
  release();
  const again = lockDataDir(dir);
  again();
});

it('takes over the lock of a process that no longer runs', () => {
  const dir = tempDir();
  fs.writeFileSync(path.join(dir, 'portal.lock'), '999999999');
  const release = lockDataDir(dir);
  expect(fs.readFileSync(path.join(dir, 'portal.lock'), 'utf8')).toBe(String(process.pid));
  release();
  expect(fs.existsSync(path.join(dir, 'portal.lock'))).toBe(false);
});

it('takes over a lock naming its own pid that it does not hold (a restarted container reuses the pid)', () => {
  const dir = tempDir();
  fs.writeFileSync(path.join(dir, 'portal.lock'), String(process.pid));
  const release = lockDataDir(dir);
  expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
  release();
  expect(fs.existsSync(path.join(dir, 'portal.lock'))).toBe(false);
});

it('takes over a lock whose pid now belongs to a process started after the lock was written', async () => {
  const dir = tempDir();
  const file = path.join(dir, 'portal.lock');
  const other = spawn('sleep', ['30'], { stdio: 'ignore' });
  try {
    await once(other, 'spawn');
    fs.writeFileSync(file, String(other.pid));
    const past = new Date(Date.now() - 60_000);
    fs.utimesSync(file, past, past); // the crashed server locked the folder a minute before `other` started
    const release = lockDataDir(dir);
    expect(fs.readFileSync(file, 'utf8')).toBe(String(process.pid));
    release();
  } finally {
    other.kill();
  }
});

it('still refuses a lock held by a running process that started before it locked', async () => {
  const dir = tempDir();
  const other = spawn('sleep', ['30'], { stdio: 'ignore' });
  try {
    await once(other, 'spawn');
    fs.writeFileSync(path.join(dir, 'portal.lock'), String(other.pid));
    expect(() => lockDataDir(dir)).toThrow(/in use by another server process \(pid \d+\)/);
  } finally {
    other.kill();
  }
});
