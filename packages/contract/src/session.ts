// "My sessions" (issue 31): the caller's own sessions, each with the device and browser that opened it, ended one by
// one or all but this one; and the child-account page's 结束会话, which ends every session of an account.
import { z } from 'zod';
import { defineCall } from './call';
import { employeeModule } from './employee';

export const deviceTypes = ['desktop', 'mobile', 'tablet', 'unknown'] as const;
export type DeviceType = (typeof deviceTypes)[number];

export const sessionRow = z.object({
  /** The session's public id: names it to end it, and is no credential (never the token or its hash). */
  id: z.string(),
  deviceType: z.enum(deviceTypes),
  /** Operating system and its version as the user agent tells them ('' when it does not). */
  os: z.string(),
  /** Browser (or in-app browser such as WeChat) and its version ('' when unknown). */
  browser: z.string(),
  /** The address the session signed in from. */
  clientIp: z.string(),
  /** ISO 8601. */
  signedInAt: z.string(),
  /** ISO 8601; recorded at most about once a minute. */
  lastSeenAt: z.string(),
  /** The session of this very call. */
  current: z.boolean(),
});
export type SessionRow = z.infer<typeof sessionRow>;

export const listMine = defineCall({
  area: 'session',
  method: 'GET',
  path: '/user/sessions',
  summary: "The caller's live sessions (not ended, not expired), this one first, then by last use",
  signedIn: "the caller's own sessions only",
  data: z.array(sessionRow),
});

export const sessionId = z.string().trim().uuid('id 不是有效的会话标识');

export const endMine = defineCall({
  area: 'session',
  method: 'POST',
  path: '/user/sessions/end',
  summary: "End one of the caller's own sessions (404 for an id that is not the caller's)",
  signedIn: "ends one of the caller's own sessions",
  changes: true,
  body: z.object({ id: sessionId }),
  data: z.null(),
});

export const endOthers = defineCall({
  area: 'session',
  method: 'POST',
  path: '/user/sessions/endOthers',
  summary: 'End every session of the caller but this one; answers how many ended',
  signedIn: "ends the caller's own other sessions",
  changes: true,
  data: z.object({ ended: z.number().int() }),
});

export const endAccountSessions = defineCall({
  area: 'session',
  method: 'POST',
  path: '/user/endSessions',
  module: employeeModule,
  button: 'endSessions',
  summary:
    "End every session of a supplier account at once (a lost phone, a leaving employee): a main account its own children's, the tenant's staff any supplier account's",
  changes: true,
  body: z.object({ employeeCode: z.string().trim().min(1, 'employeeCode 不能为空').max(32) }),
  data: z.object({ ended: z.number().int() }),
});
