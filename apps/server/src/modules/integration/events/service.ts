// The pull feed of the outbox (docs/integration.md "The outbox"): what suppliers did, for the retailer's
// systems without webhooks, in order and each once. The HTTP route (the integration gate: the client's token,
// scope events:read, its tenant) calls listEvents; the tenant is the client's, never the caller's input.
import { type CallData, integration } from '@portal/contract';
import type { AppContext } from '../../../platform/context';
import { ApiError } from '../../../platform/errors';
import * as repo from './repo';

export type EventsPage = CallData<typeof integration.listEvents>;

const start = { txid: '0', id: '0' };

/** A cursor as the feed writes it (`<txid>-<id>`), or 400 naming `query.after`. */
function parsedCursor(after: string | undefined): { txid: string; id: string } {
  if (after === undefined || after === '') return start;
  const checked = integration.eventCursor.safeParse(after);
  if (!checked.success)
    throw ApiError.badRequest({
      'zh-CN': 'query.after: 不是有效的游标，请使用上次读到的事件 id 或 next',
      en: 'query.after: not a valid cursor; send the id of the last event read, or next',
    });
  const [txid, id] = checked.data.split('-') as [string, string];
  // Leading zeros are one position written two ways: keep the form the feed writes.
  return { txid: BigInt(txid).toString(), id: BigInt(id).toString() };
}

const cursorOf = (row: { txid: string; id: string }) => `${row.txid}-${row.id}`;

/**
 * The tenant's events after `after` (a previous page's `next` or an event's `id`; none: from the start), at
 * most `limit` (1 to 1000). `next` is the cursor to send next time: the last event's id, or `after` itself
 * when nothing new is ready yet, so a poller always sends back what it got.
 */
export async function listEvents(
  ctx: Pick<AppContext, 'db'>,
  tenantId: string,
  after: string | undefined,
  limit: number,
): Promise<EventsPage> {
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000)
    throw ApiError.badRequest({ 'zh-CN': 'query.limit: 须为 1 至 1000 的整数', en: 'query.limit: must be a whole number from 1 to 1000' });
  const cursor = parsedCursor(after);
  const rows = await repo.feedPage(ctx.db, tenantId, cursor, limit);
  const last = rows.at(-1);
  return {
    events: rows.map((r) => ({
      id: cursorOf(r),
      topic: r.topic,
      subject: r.subject,
      suppCode: r.supp_code,
      payload: r.payload,
      at: r.at.toISOString(),
    })),
    next: cursorOf(last ?? cursor),
  };
}
