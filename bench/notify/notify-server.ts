// The portal for bench:notify-deliveries in a process of its own, as `npm start` runs one: serves on the benchmark
// database (the URL in argv[2]) on 127.0.0.1 and sends its address; 'start' starts its notification delivery
// (the worker and digest timer of main.ts, with the settings of the environment), 'cpu' answers the CPU it has
// used so far (ms), 'close' stops everything.
import { buildApp } from '@portal/server/src/app';
import { loadConfig } from '@portal/server/src/config';
import { openDatabase } from '@portal/server/src/db/database';
import { plainRender } from '@portal/server/src/modules/notify-delivery/message';
import { startNotifyDelivery } from '@portal/server/src/modules/notify-delivery/runtime';
import { applyHeapGrowth } from '@portal/server/src/platform/heap';

const url = process.argv[2];
if (!url || !process.send) throw new Error('started by bench-notify.ts with the database URL');
const config = loadConfig({
  ...process.env,
  LOG_LEVEL: 'warn',
  WEB_DIST: '/nonexistent',
  LOGIN_SLOWDOWN_MS: '0',
  // The bench's webhook receiver listens on this machine.
  NOTIFY_ALLOW_PRIVATE_URLS: '127.0.0.1',
});
// The heap policy of main.ts (HEAP_GROWING_PERCENT).
applyHeapGrowth(config.heapGrowingPercent);
const database = await openDatabase({ databaseUrl: url, poolSize: config.dbPoolSize });
const app = await buildApp(config, { database });
const address = await app.listen({ port: 0, host: '127.0.0.1' });
let stopDelivery: (() => Promise<void>) | undefined;

const cpuMs = () => {
  const cpu = process.cpuUsage();
  return (cpu.user + cpu.system) / 1000;
};

process.on('message', (message: { id: number; ask: 'start' | 'cpu' | 'close' }) => {
  if (message.ask === 'cpu') process.send!({ id: message.id, cpuMs: cpuMs() });
  else if (message.ask === 'start')
    void startNotifyDelivery(database.db, config, plainRender, app.log).then((stop) => {
      stopDelivery = stop;
      process.send!({ id: message.id });
    });
  else
    void (stopDelivery?.() ?? Promise.resolve())
      .then(() => app.close())
      .then(() => database.close())
      .then(() => process.send!({ id: message.id }, () => process.exit(0)));
});
process.send({ address, concurrency: config.notify.concurrency });
