// Builders of the spec's envelope {code, success, data, message, msg}.
import { type Envelope, type LegacyEnvelope, ResultCode } from '@portal/contract';

export function success<T>(data: T, message = 'success'): Envelope<T> {
  return { code: ResultCode.ok, success: true, data, message, msg: message };
}

/**
 * A failure; `requestId` names the request in the server's log (the same as its x-request-id header); `data`
 * is null unless the refusal carries what the caller may act on (a full dock slot's next free slots).
 */
export function failure(
  code: string,
  message: string,
  requestId?: string,
  data: unknown = null,
): Envelope<unknown> & { requestId?: string } {
  return { code, success: false, data, message, msg: message, ...(requestId ? { requestId } : {}) };
}

/** The `.do` calls' envelope; their failures use the standard one, which also carries success and msg. */
export function legacySuccess<T>(result: T, msg = 'success'): LegacyEnvelope<T> {
  return { success: true, content: { result }, msg };
}
