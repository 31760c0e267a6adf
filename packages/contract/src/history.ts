// The history of a stateful record (child account, settlement bill, certificate, application): one
// entry per transition, oldest first, with the state texts so any record's screen can show it as is.
import { z } from 'zod';

export const historyEntry = z.object({
  /** Transition code, e.g. 'disable'; actionText is how people read it ('停用'). */
  action: z.string(),
  actionText: z.string(),
  /** State before and after ('' for none: before creation, after deletion, or not recorded). */
  from: z.string(),
  fromText: z.string(),
  to: z.string(),
  toText: z.string(),
  actorCode: z.string(),
  actorName: z.string(),
  /** ISO time. */
  at: z.string(),
  note: z.string(),
});
export type HistoryEntry = z.infer<typeof historyEntry>;

export const history = z.array(historyEntry);
