// The shared test server of this test file: global setup starts one per vitest worker, and a file uses its worker's.
import { inject } from 'vitest';

export interface SharedServer {
  baseUrl: string;
  dataDir: string;
}

/** The server (URL and data folder) of the worker running this file; VITEST_POOL_ID numbers workers from 1. */
export function sharedServer(): SharedServer {
  const servers = inject('servers');
  const pool = Number(process.env.VITEST_POOL_ID ?? 1);
  const server = servers[(pool - 1) % servers.length];
  if (!server) throw new Error('no e2e server: global-setup did not start one');
  return server;
}

/** The seeded data folder (stopped) that global setup made: `startServer({ from: templateDataDir() })` starts on a copy. */
export const templateDataDir = (): string => inject('templateDataDir');
