// Starts the closed-loop load generator (closed-loop.ts) in a child process that serves job after job.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ClosedLoopFigures, ClosedLoopJob } from './closed-loop';

const script = fileURLToPath(new URL('./closed-loop.ts', import.meta.url));

export interface ClosedLoop {
  run(job: ClosedLoopJob): Promise<ClosedLoopFigures>;
  close(): void;
}

export async function startClosedLoop(): Promise<ClosedLoop> {
  const child = fork(script, [], { execArgv: ['--import', 'tsx'] });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`load generator exited with ${code}`)));
  });
  let next = 0;
  const waiting = new Map<number, (figures: ClosedLoopFigures) => void>();
  const failed = new Map<number, (error: Error) => void>();
  child.on('message', (message: { id: number; figures: ClosedLoopFigures }) => waiting.get(message.id)?.(message.figures));
  child.on('exit', (code) => {
    for (const fail of failed.values()) fail(new Error(`load generator exited with ${code}`));
  });
  return {
    run(job) {
      const id = next++;
      return new Promise((resolve, reject) => {
        const done = () => (waiting.delete(id), failed.delete(id));
        waiting.set(id, (figures) => (done(), resolve(figures)));
        failed.set(id, (error) => (done(), reject(error)));
        child.send({ id, job });
      });
    },
    close: () => child.kill(),
  };
}
