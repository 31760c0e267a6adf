// Runs the load generator (load.ts) in a child process and resolves once it has ended: no request is in
// flight after, and the server's event loop never spent time making or reading the load.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { LoadFigures, LoadJob } from './load';

const loadScript = fileURLToPath(new URL('./load.ts', import.meta.url));

export function load(job: LoadJob): Promise<LoadFigures> {
  return new Promise((resolve, reject) => {
    let figures: LoadFigures | undefined;
    const child = fork(loadScript, [JSON.stringify(job)], { execArgv: ['--import', 'tsx'] });
    child.on('message', (message) => (figures = message as LoadFigures));
    child.on('error', reject);
    child.on('exit', (code) => (figures && code === 0 ? resolve(figures) : reject(new Error(`load generator exited with ${code}`))));
  });
}
