// What a channel sends: an outbox event as the worker hands it over, its message as the renderer writes it in a
// reader's language, and what one send came to (the delivery log's row).
import { type Language, integration, labelOf } from '@portal/contract';

/** An event of the outbox as a delivery carries it. */
export interface NotifyEvent {
  /** The event's row id. */
  rowId: number;
  /** Its id in the integration feed (`<txid>-<id>`): the same event has the same id on every way out. */
  feedId: string;
  tenantId: string;
  topic: string;
  subject: string;
  suppCode: string | null;
  payload: Record<string, unknown>;
  at: Date;
}

/** A message about an event: a title, a body of a few lines, and the portal page it is about (a path or a URL). */
export interface RenderedMessage {
  title: string;
  body: string;
  link: string;
}

/** Who reads a message: a supplier's people open the supplier's pages, the retailer's staff and systems the staff's. */
export type Audience = 'supplier' | 'staff';

/** Writes an event's message in a language for an audience (the notifications' renderer is wired in here). */
export type RenderEvent = (event: NotifyEvent, language: Language, audience: Audience) => RenderedMessage | Promise<RenderedMessage>;

/** What one send came to. */
export interface SendOutcome {
  ok: boolean;
  /** HTTP status (robots, webhooks) or SMTP reply code (e-mail); null when no answer came. */
  status: number | null;
  durationMs: number;
  /** The start of the answer (capped). */
  excerpt: string;
  /** Why it failed, '' when it did not. */
  error: string;
  /** Retrying cannot help (a refused address, a disabled endpoint, no e-mail address, a 5xx SMTP refusal). */
  permanent: boolean;
}

/** The portal's link for a message: a path of the portal made absolute with its public address. */
export function absoluteLink(link: string, publicUrl: string): string {
  if (!link) return publicUrl;
  if (/^https?:\/\//i.test(link)) return link;
  return `${publicUrl.replace(/\/$/, '')}/${link.replace(/^\//, '')}`;
}

export const portalName: Record<Language, string> = { 'zh-CN': '供应商协同平台', en: 'Supplier Collaboration Portal' };

/**
 * A plain message of an event: its topic's title (the contract's, in the language) and its subject. The
 * notifications' own renderer (topic by topic, with the object's page) takes its place where it is wired in.
 */
export const plainRender: RenderEvent = (event, language) => {
  const titles: Readonly<Record<string, string>> = language === 'en' ? integration.eventTopicTextEn : integration.eventTopicText;
  return {
    title: labelOf(event.topic, titles),
    body: `${language === 'en' ? 'Subject' : '单号'}: ${event.subject}`,
    link: '/',
  };
};
