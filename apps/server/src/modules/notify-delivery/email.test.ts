// E-mail through a real SMTP server started here (smtp-server), the mails parsed with mailparser: each in its
// recipient's language with the delivery's key as Message-ID; a refused recipient is a dead letter; without an
// SMTP server the e-mails wait, untried; the daily digest sends one e-mail per account and day.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { seededDatabase } from '../../test/helpers';
import { attemptsOf, deliveryRow, newEvent, queueDelivery, setMail } from '../../test/notify-fixtures';
import { type SmtpSink, smtpSink } from '../../test/notify-sinks';
import { Mailer } from './channels/email';
import { runDigest } from './digest';
import { plainRender } from './message';
import { releaseWaitingMail } from './queue-repo';
import { Sender, waitingForMail } from './sender';
import { UrlPolicy } from './url-guard';
import { DeliveryWorker } from './worker';

let database: Database;
let sink: SmtpSink;
let mailer: Mailer;
let en: number;
let zh: number;
const silent = { info: () => undefined, error: () => undefined };
const settings = { concurrency: 4, leaseMs: 60_000, maxAttempts: 3, retryBaseMs: 30_000, retryMaxMs: 3_600_000, idlePollMs: 50 };
const workerWith = (withMailer: Mailer | null) =>
  new DeliveryWorker(
    database.db,
    new Sender({
      render: plainRender,
      mailer: withMailer,
      http: { policy: new UrlPolicy(), timeoutMs: 2000 },
      publicUrl: 'https://portal.example.com',
      now: () => new Date(),
    }),
    settings,
    'mail',
    silent,
  );

beforeAll(async () => {
  database = await seededDatabase();
  sink = await smtpSink();
  mailer = new Mailer({ url: sink.url, from: '供应商协同平台 <noreply@portal.example.com>', timeoutMs: 5000 });
  en = await setMail(database.db, '100002', 'wang.fang@lvyuan.example.com', 'en');
  zh = await setMail(database.db, '100001', 'zhang.wei@hefeng.example.com', 'zh-CN');
});
afterAll(async () => {
  mailer.close();
  await sink.close();
  await database.close();
});
beforeEach(() => {
  sink.mails.length = 0;
  sink.refuseRecipients = false;
});

describe('an e-mail', () => {
  it('arrives at the SMTP server in the recipient’s language, keyed by the delivery', async () => {
    const eventId = await newEvent(database.db, { subject: 'JS202506-0008' });
    const toEn = await queueDelivery(database.db, { eventId, channel: 'email', accountId: en, key: 'mail-en-1' });
    const toZh = await queueDelivery(database.db, { eventId, channel: 'email', accountId: zh, key: 'mail-zh-1' });
    await workerWith(mailer).runOnce();
    const mails = await sink.waitFor(2);
    const english = mails.find((m) => m.subject?.startsWith('[Supplier Portal]'))!;
    const chinese = mails.find((m) => m.subject?.startsWith('【供应商协同平台】'))!;
    expect(english.subject).toBe('[Supplier Portal] Settlement bill submitted');
    expect(english.text).toContain('Hello 王芳,');
    expect(english.text).toContain('Open in the portal: https://portal.example.com/');
    expect(english.html).toContain('href="https://portal.example.com/"');
    expect(english.messageId).toBe('<mail-en-1@portal.example.com>');
    expect(english.headers.get('x-portal-delivery')).toBe('mail-en-1');
    expect((english.to as { text: string }).text).toBe('wang.fang@lvyuan.example.com');
    expect(chinese.subject).toBe('【供应商协同平台】结算单已提交');
    expect(chinese.text).toContain('张伟，您好：');
    expect(chinese.text).toContain('单号: JS202506-0008');
    expect(chinese.messageId).toBe('<mail-zh-1@portal.example.com>');
    expect(chinese.from?.text).toContain('noreply@portal.example.com');

    expect(await deliveryRow(database.db, toEn)).toMatchObject({ state: 'sent', attempts: 1 });
    expect((await attemptsOf(database.db, toZh))[0]).toMatchObject({ ok: true, status: 250 });
  });

  it('is a dead letter when the server refuses the recipient for good', async () => {
    sink.refuseRecipients = true;
    const eventId = await newEvent(database.db);
    const id = await queueDelivery(database.db, { eventId, channel: 'email', accountId: zh });
    await workerWith(mailer).runOnce();
    const row = await deliveryRow(database.db, id);
    expect(row.state).toBe('dead');
    expect(row.last_error).toMatch(/mailbox unavailable/);
    expect((await attemptsOf(database.db, id))[0]).toMatchObject({ ok: false, status: 550 });
  });

  it('waits untried while no SMTP server is set, and is due again once one is', async () => {
    const eventId = await newEvent(database.db);
    const id = await queueDelivery(database.db, { eventId, channel: 'email', accountId: zh });
    await workerWith(null).runOnce();
    let row = await deliveryRow(database.db, id);
    expect(row).toMatchObject({ state: 'pending', attempts: 0, last_error: waitingForMail, locked_by: null });
    expect(row.next_at.getTime() - Date.now()).toBeGreaterThan(3_500_000);
    expect(await attemptsOf(database.db, id)).toEqual([]);

    expect(await releaseWaitingMail(database.db, waitingForMail)).toBeGreaterThanOrEqual(1);
    await workerWith(mailer).runOnce();
    await sink.waitFor(1);
    row = await deliveryRow(database.db, id);
    expect(row).toMatchObject({ state: 'sent', attempts: 1, last_error: '' });
  });
});

describe('the daily digest', () => {
  it('gathers an account’s digest e-mails into one mail a day and marks them all sent', async () => {
    const first = await newEvent(database.db, { subject: 'JS202506-0008' });
    const second = await newEvent(database.db, { topic: 'settlement.charge.disputed', subject: 'FY202506-0003' });
    const ids = [
      await queueDelivery(database.db, { eventId: first, channel: 'email', accountId: en, digest: true }),
      await queueDelivery(database.db, { eventId: second, channel: 'email', accountId: en, digest: true }),
      await queueDelivery(database.db, { eventId: first, channel: 'email', accountId: zh, digest: true }),
    ];
    // The worker leaves digest rows to the digest.
    expect(await workerWith(mailer).runOnce()).toBe(0);

    const deps = {
      db: database.db,
      mailer,
      render: plainRender,
      publicUrl: 'https://portal.example.com',
      worker: 'digest',
      leaseMs: 60_000,
      maxAttempts: 3,
    };
    const day = '2031-03-04';
    expect(await runDigest(deps, day)).toEqual({ ran: true, mails: 2, deliveries: 3, failed: 0 });
    const mails = await sink.waitFor(2);
    const english = mails.find((m) => m.subject?.startsWith('[Supplier Portal]'))!;
    expect(english.subject).toBe('[Supplier Portal] Your digest of 2031-03-04 (2 messages)');
    expect(english.text).toContain('1. Settlement bill submitted');
    expect(english.text).toContain('2. Charge disputed');
    expect(english.text).toContain('Subject: FY202506-0003');
    expect(english.messageId).toBe(`<digest-${en}-2031-03-04@portal.example.com>`);
    const chinese = mails.find((m) => m.subject?.startsWith('【供应商协同平台】'))!;
    expect(chinese.subject).toBe('【供应商协同平台】2031-03-04 消息汇总（1 条）');
    for (const id of ids) expect(await deliveryRow(database.db, id)).toMatchObject({ state: 'sent', attempts: 1 });

    // Once a day: a second run that day (another process, say) sends nothing, even for a new digest row.
    const later = await queueDelivery(database.db, { eventId: second, channel: 'email', accountId: zh, digest: true });
    expect(await runDigest(deps, day)).toMatchObject({ ran: false });
    expect(sink.mails).toHaveLength(2);
    expect((await deliveryRow(database.db, later)).state).toBe('pending');
    // The next day's digest takes it.
    expect(await runDigest(deps, '2031-03-05')).toEqual({ ran: true, mails: 1, deliveries: 1, failed: 0 });
    await sink.waitFor(3);
  });
});
