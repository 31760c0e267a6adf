// What migration 0026's triggers send when something that decides a session's validity or grants changes:
// a notification on a channel every server process listens to (modules/auth/session-cache.ts), and a notice
// to the connection that made the change, counted here per process so that the call that made it waits for
// its own listener before it answers.
import type pg from 'pg';

export const sessionCacheChannel = 'portal_session_cache';
const sessionChangeNotice = 'portal_session_cache';

/** How many statements of this process's connections changed what decides a session (only ever grows). */
export class SessionChangeCount {
  value = 0;

  /** Counts the notices of migration 0026 on a connection. */
  watch(client: pg.ClientBase): void {
    client.on('notice', (notice) => {
      if (notice.message === sessionChangeNotice) this.value++;
    });
  }
}
