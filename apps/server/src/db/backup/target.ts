// Which database the backup and restore commands work on: DATABASE_URL, or the embedded cluster in DATA_DIR
// (the running portal's, reached over its socket, or started for the command when no portal runs).
import { databaseOptionsOf, loadConfig } from '../../config';
import { openDatabase } from '../database';
import { runningClusterUrl } from '../embedded-postgres';

export interface Target {
  url: string;
  close(): Promise<void>;
}

/** `whileRunning`: a running portal's embedded cluster may be used (backup); restore wants the folder to itself. */
export async function openTarget(whileRunning: boolean): Promise<Target> {
  const config = loadConfig();
  if (config.databaseUrl) return { url: config.databaseUrl, close: async () => undefined };
  if (whileRunning) {
    const running = runningClusterUrl(config.dataDir);
    if (running) return { url: running, close: async () => undefined };
  }
  const database = await openDatabase(databaseOptionsOf(config));
  return { url: database.url, close: () => database.close() };
}
