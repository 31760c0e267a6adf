// The server process: one per data folder, and a graceful stop that releases the folder.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { freePort, spawnServer, startServer } from '../support/server';

describe('server process', () => {
  it('refuses to start a second server on the same data folder while the first keeps serving', async () => {
    const dataDir = inject('dataDir');
    const port = await freePort();
    const second = spawnServer({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir });
    const code = await second.exited;
    expect(code).toBe(1);
    expect(second.output()).toContain('is in use by another server process');
    const health = await fetch(`${inject('baseUrl')}/api/health`);
    expect(health.status).toBe(200);
  });

  it('stops on SIGTERM with exit code 0 and releases the data folder', async () => {
    const server = await startServer();
    const lockFile = path.join(server.dataDir, 'portal.lock');
    expect(fs.existsSync(lockFile)).toBe(true);
    expect(await server.stop()).toBe(0);
    expect(fs.existsSync(lockFile)).toBe(false);
    // The same folder opens again, with the data kept.
    const again = await startServer({ dataDir: server.dataDir });
    const res = await fetch(`${again.url}/api/health`);
    expect(res.status).toBe(200);
    expect(await again.stop()).toBe(0);
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  });
});
