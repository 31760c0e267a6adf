// The real servers for the browser tests, one per vitest worker (test files in different workers run at the
// same time and share nothing), each on a temporary data folder seeded with the demo data.
import fs from 'node:fs';
import type { TestProject } from 'vitest/node';
import { buildServer } from '@portal/server/scripts/build.mjs';
import { type RunningServer, startServer, stopStrayCluster } from './support/server';

let servers: RunningServer[] = [];
let template: string | undefined;

export async function setup(project: TestProject) {
  await buildServer(); // the compiled server, as npm start runs it
  // One server makes a cluster and seeds it, as npm start does on a new folder, and stops: its folder is the
  // template every other server of the run starts on a copy of.
  const first = await startServer();
  template = first.dataDir;
  const code = await first.stop();
  if (code !== 0) throw new Error(`the server that seeded the template folder exited with ${code}:\n${first.output()}`);
  const count = Math.max(1, project.config.maxWorkers);
  const started = await Promise.allSettled(Array.from({ length: count }, () => startServer({ from: template })));
  servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) throw failed.reason;
  project.provide(
    'servers',
    servers.map((s) => ({ baseUrl: s.url, dataDir: s.dataDir })),
  );
  project.provide('templateDataDir', template);
}

export async function teardown() {
  await Promise.all(
    servers.map(async (server) => {
      const code = await server.stop();
      // The server stops its embedded PostgreSQL; one left behind (a failed stop) is stopped here, and said.
      if (await stopStrayCluster(server.dataDir)) console.error(`the e2e server (exit ${code}) left its PostgreSQL running: stopped`);
      fs.rmSync(server.dataDir, { recursive: true, force: true });
    }),
  );
  if (template) fs.rmSync(template, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    servers: { baseUrl: string; dataDir: string }[];
    /** A stopped, seeded data folder: a server of a test starts on a copy of it (startServer's `from`). */
    templateDataDir: string;
  }
}
