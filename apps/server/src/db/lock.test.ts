// The data-folder lock: one process per PGlite folder.
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
