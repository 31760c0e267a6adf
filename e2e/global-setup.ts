// One real server for the browser tests, on a temporary data folder, seeded with the demo data.
import fs from 'node:fs';
import type { TestProject } from 'vitest/node';
import { buildServer } from '@portal/server/scripts/build.mjs';
import { type RunningServer, startServer, stopStrayCluster } from './support/server';

let server: RunningServer | undefined;

export async function setup(project: TestProject) {
  await buildServer(); // the compiled server, as npm start runs it
  server = await startServer();
  project.provide('baseUrl', server.url);
  project.provide('dataDir', server.dataDir);
}

export async function teardown() {
  if (!server) return;
  const code = await server.stop();
  // The server stops its embedded PostgreSQL; one left behind (a failed stop) is stopped here, and said.
  if (await stopStrayCluster(server.dataDir)) console.error(`the e2e server (exit ${code}) left its PostgreSQL running: stopped`);
  fs.rmSync(server.dataDir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
  }
}
