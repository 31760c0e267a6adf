// Sends one delivery through its channel: renders the event in the reader's language, writes the channel's
// request (e-mail, robot markdown, signed webhook JSON), sends it within the time limit and reads the answer.
import type { Language } from '@portal/contract';
import type { EndpointKind } from '../../db/schema';
import { type Mailer, eventMail } from './channels/email';
import { type RobotKind, robotFailure, robotRequest } from './channels/robots';
import { webhookBody, webhookRequestHeaders } from './channels/webhook';
import { type PostOptions, excerptOf, post } from './http-post';
import { type Audience, type NotifyEvent, type RenderEvent, type RenderedMessage, type SendOutcome, absoluteLink } from './message';
import type { ClaimedRow } from './queue-repo';

export interface SenderDeps {
  render: RenderEvent;
  /** The SMTP pool; null when SMTP_URL is not set (e-mails wait). */
  mailer: Mailer | null;
  http: PostOptions;
  /** PUBLIC_URL: the portal's address, for links in messages. */
  publicUrl: string;
  now: () => Date;
  /** An endpoint's stored secret in plain (sealed at rest: platform/secret-box.ts); left out, stored secrets are plain. */
  openSecret?: (stored: string) => Promise<string>;
}

/** An endpoint as a send needs it. */
export interface EndpointTarget {
  kind: EndpointKind;
  url: string;
  secret: string;
  /** The supplier whose robot it is, null for the retailer's. */
  ownerSuppCode: string | null;
}

/** A send that was not made because the channel is not set up (no SMTP server): the row waits. */
export const waitingForMail = 'waiting: no SMTP server is set (SMTP_URL)';

const failed = (error: string, permanent: boolean, durationMs = 0): SendOutcome => ({
  ok: false,
  status: null,
  durationMs,
  excerpt: '',
  error,
  permanent,
});

export const eventOf = (row: ClaimedRow): NotifyEvent => ({
  rowId: row.event_id,
  feedId: row.feed_id,
  tenantId: row.tenant_id,
  topic: row.topic,
  subject: row.subject,
  suppCode: row.supp_code,
  payload: row.payload,
  at: row.at instanceof Date ? row.at : new Date(row.at),
});

export class Sender {
  constructor(private readonly deps: SenderDeps) {}

  get mailReady(): boolean {
    return this.deps.mailer !== null;
  }

  private async rendered(event: NotifyEvent, language: Language, audience: Audience): Promise<{ message: RenderedMessage; link: string }> {
    const message = await this.deps.render(event, language, audience);
    return { message, link: absoluteLink(message.link, this.deps.publicUrl) };
  }

  private openSecret(stored: string): Promise<string> {
    return this.deps.openSecret ? this.deps.openSecret(stored) : Promise.resolve(stored);
  }

  /** Sends a claimed delivery; 'waiting' when its channel is not set up. Never throws. */
  async send(row: ClaimedRow): Promise<SendOutcome | 'waiting'> {
    try {
      const event = eventOf(row);
      if (row.channel === 'email') {
        if (!this.deps.mailer) return 'waiting';
        if (!row.email) return failed('the account has no e-mail address', true);
        const language = row.account_language ?? 'zh-CN';
        const { message, link } = await this.rendered(event, language, row.account_kind === 'staff' ? 'staff' : 'supplier');
        return await this.deps.mailer.send(
          eventMail(language, { email: row.email, name: row.account_name ?? '' }, message, link, row.idempotency_key),
        );
      }
      if (!row.endpoint_kind || row.endpoint_url === null) return failed('the endpoint no longer exists', true);
      if (!row.endpoint_enabled) return failed('the endpoint is disabled', true);
      return await this.toEndpoint(
        {
          kind: row.endpoint_kind,
          url: row.endpoint_url,
          secret: await this.openSecret(row.endpoint_secret ?? ''),
          ownerSuppCode: row.owner_supp_code,
        },
        event,
        row.idempotency_key,
        row.owner_language ?? 'zh-CN',
      );
    } catch (err) {
      return failed(`could not write the message: ${(err as Error).message}`, false);
    }
  }

  /** Sends an event to a robot or webhook (a queued delivery, or an admin's test message). */
  async toEndpoint(target: EndpointTarget, event: NotifyEvent, key: string, language: Language): Promise<SendOutcome> {
    // A supplier's robot opens the supplier's pages; the retailer's robots and systems the staff's.
    const { message, link } = await this.rendered(event, language, target.ownerSuppCode ? 'supplier' : 'staff');
    const now = this.deps.now();
    if (target.kind === 'webhook') {
      const body = webhookBody(event, key, link);
      const answer = await post(target.url, body, webhookRequestHeaders(target.secret, event.topic, key, body, now), this.deps.http);
      const ok = answer.status !== null && answer.status >= 200 && answer.status < 300;
      return {
        ok,
        status: answer.status,
        durationMs: answer.durationMs,
        excerpt: excerptOf(answer.body),
        error: answer.error || (ok ? '' : `HTTP ${answer.status}`),
        permanent: answer.refused,
      };
    }
    const request = robotRequest(target.kind as RobotKind, target, message, link, language, now);
    const answer = await post(request.url, request.body, {}, this.deps.http);
    const failure = answer.error || (answer.status === null ? 'no answer' : robotFailure(answer.status, answer.body));
    return {
      ok: !failure,
      status: answer.status,
      durationMs: answer.durationMs,
      excerpt: excerptOf(answer.body),
      error: failure,
      permanent: answer.refused,
    };
  }
}
