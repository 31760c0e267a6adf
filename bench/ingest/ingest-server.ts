// The portal for bench:ingest in a process of its own, so its memory is the server's alone: serves on the
// benchmark database (the URL in argv[2]) on 127.0.0.1, sends its address, then answers 'memory' with its RSS,
// heap and peak RSS after a full garbage collection (run with --expose-gc), 'sample' with them as they are.
import { loadConfig } from '@portal/server/src/config';
import { openDatabase } from '@portal/server/src/db/database';
import { applyHeapGrowth } from '@portal/server/src/platform/heap';
import { serve } from '../lib/portal';

export interface ServerMemory {
  rss: number;
  heapUsed: number;
  /** Peak RSS of the process so far (bytes). */
  maxRss: number;
  /** CPU the process has used so far, user and system (ms). */
  cpuMs: number;
}

// The heap policy of the served portal (main.ts), HEAP_GROWING_PERCENT as the environment has it.
applyHeapGrowth(loadConfig().heapGrowingPercent);
const url = process.argv[2];
if (!url || !process.send) throw new Error('started by bench-ingest.ts with the database URL');
const database = await openDatabase({ databaseUrl: url, poolSize: 10 });
const { app, url: address } = await serve(database);

/** After a full garbage collection, or as it is ('sample'). */
const memory = (collect: boolean): ServerMemory => {
  if (collect) (globalThis as { gc?: () => void }).gc?.();
  const usage = process.memoryUsage();
  const cpu = process.cpuUsage();
  return { rss: usage.rss, heapUsed: usage.heapUsed, maxRss: process.resourceUsage().maxRSS * 1024, cpuMs: (cpu.user + cpu.system) / 1000 };
};

process.on('message', (message: { id: number; ask: 'memory' | 'sample' | 'close' }) => {
  if (message.ask !== 'close') process.send!({ id: message.id, memory: memory(message.ask === 'memory') });
  else
    void app
      .close()
      .then(() => database.close())
      .then(() => process.send!({ id: message.id }, () => process.exit(0)));
});
process.send({ address });
