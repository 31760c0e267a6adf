// Webhooks to the retailer's systems: the event as JSON, signed with HMAC-SHA256 over "<timestamp>.<body>" with the
// endpoint's secret (docs/notify-delivery.md: headers, the replay window, how a receiver verifies).
import { createHmac } from 'node:crypto';
import { notifyDelivery } from '@portal/contract';
import type { NotifyEvent } from '../message';

const { webhookHeaders } = notifyDelivery;

/** The signature header's value: `sha256=` and the hex HMAC-SHA256 of `${timestamp}.${body}` keyed by the secret. */
export const webhookSignature = (secret: string, timestamp: number, body: string) =>
  `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex')}`;

/** The JSON a webhook receives (the same fields as the integration feed's event, with the delivery key and link). */
export function webhookBody(event: NotifyEvent, idempotencyKey: string, link: string): string {
  return JSON.stringify({
    delivery: idempotencyKey,
    eventId: event.feedId,
    topic: event.topic,
    subject: event.subject,
    suppCode: event.suppCode,
    at: event.at.toISOString(),
    payload: event.payload,
    link,
  });
}

/** The headers of one send at `now`. */
export function webhookRequestHeaders(
  secret: string,
  topic: string,
  idempotencyKey: string,
  body: string,
  now: Date,
): Record<string, string> {
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    'user-agent': 'SupplierPortal-Webhook/1',
    [webhookHeaders.event]: topic,
    [webhookHeaders.delivery]: idempotencyKey,
    [webhookHeaders.timestamp]: String(timestamp),
    [webhookHeaders.signature]: webhookSignature(secret, timestamp, body),
  };
}
