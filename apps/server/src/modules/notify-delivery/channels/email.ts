// E-mail over SMTP (nodemailer): one message or a day's digest, written in the recipient's language, with the
// delivery's idempotency key as its Message-ID and in X-Portal-Delivery, so a resent mail is recognisably the same.
import type { Language } from '@portal/contract';
import nodemailer, { type Transporter } from 'nodemailer';
import type { RenderedMessage, SendOutcome } from '../message';

export interface MailSettings {
  /** SMTP_URL: smtp://user:password@host:587 (STARTTLS when offered) or smtps://…:465. */
  url: string;
  /** MAIL_FROM: the sender, e.g. `供应商协同平台 <noreply@example.com>`. */
  from: string;
  timeoutMs: number;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The delivery's idempotency key (a digest's own key). */
  key: string;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const texts = {
  'zh-CN': {
    greeting: (name: string) => `${name}，您好：`,
    view: '查看详情',
    footer: '此邮件由供应商协同平台自动发送，请勿直接回复。接收方式可在平台的消息设置中调整。',
    subject: (title: string) => `【供应商协同平台】${title}`,
    digestSubject: (count: number, day: string) => `【供应商协同平台】${day} 消息汇总（${count} 条）`,
    digestIntro: (count: number, day: string) => `以下是 ${day} 汇总给您的 ${count} 条消息：`,
  },
  en: {
    greeting: (name: string) => `Hello ${name},`,
    view: 'Open in the portal',
    footer:
      'Sent by the Supplier Collaboration Portal; please do not reply. Choose what you receive in the portal’s notification settings.',
    subject: (title: string) => `[Supplier Portal] ${title}`,
    digestSubject: (count: number, day: string) =>
      `[Supplier Portal] Your digest of ${day} (${count} ${count === 1 ? 'message' : 'messages'})`,
    digestIntro: (count: number, day: string) =>
      `Here ${count === 1 ? 'is the message' : `are the ${count} messages`} gathered for you on ${day}:`,
  },
} satisfies Record<Language, unknown>;

const page = (language: Language, inner: string) =>
  `<!doctype html><html lang="${language}"><body style="font-family:-apple-system,'PingFang SC','Microsoft YaHei',Arial,sans-serif;color:#1f2329;line-height:1.6">` +
  `${inner}<p style="color:#8f959e;font-size:12px;border-top:1px solid #e5e6eb;padding-top:8px">${escapeHtml(texts[language].footer)}</p></body></html>`;

const itemHtml = (language: Language, message: RenderedMessage, link: string, heading: 'h2' | 'h3') =>
  `<${heading} style="margin:16px 0 4px">${escapeHtml(message.title)}</${heading}>` +
  message.body
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => `<p style="margin:2px 0">${escapeHtml(line)}</p>`)
    .join('') +
  `<p style="margin:8px 0"><a href="${escapeHtml(link)}" style="color:#1677ff">${escapeHtml(texts[language].view)}</a></p>`;

/** One event's e-mail. */
export function eventMail(
  language: Language,
  to: { email: string; name: string },
  message: RenderedMessage,
  link: string,
  key: string,
): Mail {
  const t = texts[language];
  return {
    to: to.email,
    subject: t.subject(message.title),
    text: [t.greeting(to.name), '', message.title, '', message.body, '', `${t.view}: ${link}`, '', '--', t.footer].join('\n'),
    html: page(language, `<p>${escapeHtml(t.greeting(to.name))}</p>${itemHtml(language, message, link, 'h2')}`),
    key,
  };
}

/** A day's digest: every gathered message in one e-mail. */
export function digestMail(
  language: Language,
  to: { email: string; name: string },
  day: string,
  items: { message: RenderedMessage; link: string }[],
  key: string,
): Mail {
  const t = texts[language];
  return {
    to: to.email,
    subject: t.digestSubject(items.length, day),
    text: [
      t.greeting(to.name),
      '',
      t.digestIntro(items.length, day),
      ...items.flatMap((item, index) => ['', `${index + 1}. ${item.message.title}`, item.message.body, `${t.view}: ${item.link}`]),
      '',
      '--',
      t.footer,
    ].join('\n'),
    html: page(
      language,
      `<p>${escapeHtml(t.greeting(to.name))}</p><p>${escapeHtml(t.digestIntro(items.length, day))}</p>` +
        items.map((item) => itemHtml(language, item.message, item.link, 'h3')).join(''),
    ),
    key,
  };
}

/** A Message-ID from a key: the characters RFC 5322 allows in it, at the sender's domain. */
export function messageIdOf(key: string, from: string): string {
  const domain = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? 'portal.invalid';
  return `<${key.replace(/[^A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]/g, '-').slice(0, 200)}@${domain}>`;
}

/** The SMTP reply code at the start of an answer ("250 2.0.0 Ok"), null when there is none. */
const replyCode = (text: string | undefined) => {
  const code = /^(\d{3})\b/.exec(text ?? '')?.[1];
  return code ? Number(code) : null;
};

/** An SMTP connection pool: sends a Mail and answers what came of it. */
export class Mailer {
  private readonly transport: Transporter;
  constructor(readonly settings: MailSettings) {
    this.transport = nodemailer.createTransport({
      url: settings.url,
      pool: true,
      maxConnections: 4,
      connectionTimeout: settings.timeoutMs,
      greetingTimeout: settings.timeoutMs,
      socketTimeout: settings.timeoutMs,
    });
  }

  async send(mail: Mail): Promise<SendOutcome> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    try {
      const info = (await this.transport.sendMail({
        from: this.settings.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: messageIdOf(mail.key, this.settings.from),
        headers: { 'X-Portal-Delivery': mail.key },
      })) as { response?: string; rejected?: unknown[] };
      const rejected = info.rejected?.length ?? 0;
      return {
        ok: rejected === 0,
        status: replyCode(info.response),
        durationMs: elapsed(),
        excerpt: (info.response ?? '').slice(0, 500),
        error: rejected ? 'the SMTP server refused the recipient' : '',
        permanent: rejected > 0,
      };
    } catch (err) {
      const e = err as Error & { code?: string; responseCode?: number; response?: string };
      const status = e.responseCode ?? null;
      // A recipient refused for good (5xx on RCPT TO) will not pass later; a refused login or an outage may.
      const permanent = e.code === 'EENVELOPE' && status !== null && status >= 500;
      return { ok: false, status, durationMs: elapsed(), excerpt: (e.response ?? '').slice(0, 500), error: e.message, permanent };
    }
  }

  close(): void {
    this.transport.close();
  }
}
