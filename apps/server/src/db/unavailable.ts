// Which failures mean "the database cannot be reached or does not answer" (a 503 the caller may retry)
// rather than a fault of the call (a 500).
import { DatabaseUnresponsiveError } from './responsiveness';

const networkCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE']);

/**
 * SQLSTATEs: connection exceptions (class 08), shutdown and startup (57P01-57P03), a cancelled statement, too many
 * connections, and a write that reached a server in recovery (25006 read_only_sql_transaction: during a failover, a
 * connection still on the demoted primary, until HAProxy sends new ones to the new primary).
 */
const unavailableStates = /^(08...|57P0[123]|57014|53300|25006)$/;

/** pg's own errors of a connect, acquire or query that timed out or lost its connection. */
const driverMessages = /timeout exceeded when trying to connect|Connection terminated|Query read timeout|not queryable|connection timeout/i;

export function isDatabaseUnavailable(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  if (err instanceof DatabaseUnresponsiveError) return true;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && (networkCodes.has(code) || unavailableStates.test(code))) return true;
  // A Unix socket whose server is stopped is gone.
  if (code === 'ENOENT' && (err as { syscall?: unknown }).syscall === 'connect') return true;
  if (driverMessages.test(err.message)) return true;
  return err instanceof AggregateError && err.errors.some(isDatabaseUnavailable);
}
