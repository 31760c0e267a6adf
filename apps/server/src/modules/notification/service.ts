// The message centre and the preferences of the signed-in account (docs/notifications.md): its messages rendered in
// its language, the unread count, marking read; its settings per topic and channel and, for a supplier main account,
// the defaults of its child accounts; the language its e-mails and robot texts are written in.
import { type CallBody, type CallData, type Language, notification } from '@portal/contract';
import type { AppContext } from '../../platform/context';
import { ApiError } from '../../platform/errors';
import type { SessionContext } from '../../platform/session-context';
import { renderEvent } from './render';
import * as repo from './repo';

type Topic = notification.PrefRow['topic'];

const kindOf = (session: SessionContext): 'supplier' | 'staff' => (session.kind === 'staff' ? 'staff' : 'supplier');

/** The topics of a group (null: every topic). */
const topicsOf = (group: notification.NotificationGroup | undefined, topic: Topic | undefined): readonly string[] | null => {
  if (topic) return group && notification.topicInfo[topic].group !== group ? [] : [topic];
  if (!group) return null;
  return Object.entries(notification.topicInfo)
    .filter(([, info]) => info.group === group)
    .map(([t]) => t);
};

export async function page(
  ctx: AppContext,
  session: SessionContext,
  query: CallBody<typeof notification.getMessages>,
  language: Language,
): Promise<CallData<typeof notification.getMessages>> {
  const filter = { topics: topicsOf(query.group, query.topic), state: query.state };
  const [found, counts] = await Promise.all([
    repo.messagePage(ctx.db, session.accountId, filter, { offset: (query.page - 1) * query.limit, limit: query.limit }),
    repo.unread(ctx.db, session.accountId),
  ]);
  const audience = kindOf(session);
  return {
    total: found.total,
    unread: counts.unread,
    list: found.rows.map((row) => {
      const rendered = renderEvent(
        { topic: row.topic, subject: row.subject, suppCode: row.supp_code, payload: row.payload },
        language,
        audience,
      );
      const info = Object.hasOwn(notification.topicInfo, row.topic) ? notification.topicInfo[row.topic as Topic] : null;
      return {
        id: row.id,
        topic: row.topic,
        group: info?.group ?? 'account',
        ...rendered,
        subject: row.subject,
        at: row.at.toISOString(),
        read: row.read_at !== null,
      };
    }),
  };
}

export function unreadCount(ctx: AppContext, session: SessionContext) {
  return repo.unread(ctx.db, session.accountId);
}

export async function markRead(ctx: AppContext, session: SessionContext, ids: string[]) {
  await repo.markRead(ctx.db, session.accountId, { ids }, ctx.now());
  return { unread: (await repo.unread(ctx.db, session.accountId)).unread };
}

export async function markAllRead(ctx: AppContext, session: SessionContext, group: notification.NotificationGroup | undefined) {
  await repo.markRead(ctx.db, session.accountId, { topics: topicsOf(group, undefined) }, ctx.now());
  return { unread: (await repo.unread(ctx.db, session.accountId)).unread };
}

const isMainSupplier = (session: SessionContext) => session.kind === 'supplier' && session.parentCode === null && session.suppCode !== null;

/** Rows per topic from stored records over a fallback. */
function rowsOf(
  topics: Topic[],
  records: repo.PrefRecord[],
  fallback: (topic: Topic, channel: 'portal' | 'email') => repo.PrefRecord['mode'],
) {
  const stored = new Map(records.map((r) => [`${r.topic}|${r.channel}`, r.mode]));
  const mode = (topic: Topic, channel: 'portal' | 'email') => stored.get(`${topic}|${channel}`) ?? fallback(topic, channel);
  return topics.map((topic) => ({
    topic,
    portal: mode(topic, 'portal') === 'off' ? ('off' as const) : ('instant' as const),
    email: mode(topic, 'email'),
  }));
}

export async function preferences(ctx: AppContext, session: SessionContext): Promise<notification.Preferences> {
  const topics = notification.topicsFor(kindOf(session));
  const suppCode = session.suppCode;
  const isChild = session.kind === 'supplier' && session.parentCode !== null && suppCode !== null;
  const [own, defaults, account] = await Promise.all([
    repo.ownPrefs(ctx.db, session.accountId),
    suppCode && session.kind === 'supplier' ? repo.childDefaults(ctx.db, session.tenantId, suppCode) : Promise.resolve([]),
    repo.account(ctx.db, session.accountId),
  ]);
  // A child follows its main account's defaults where it set nothing itself, as the dispatcher does.
  const inherited = new Map(defaults.map((r) => [`${r.topic}|${r.channel}`, r.mode]));
  const fallback = (topic: Topic, channel: 'portal' | 'email') =>
    (isChild ? inherited.get(`${topic}|${channel}`) : undefined) ?? notification.defaultMode(topic, channel);
  return {
    prefs: rowsOf(topics, own, fallback),
    childDefaults: isMainSupplier(session) ? rowsOf(topics, defaults, notification.defaultMode) : null,
    language: account.language,
    email: account.email,
  };
}

function records(rows: notification.PrefRow[], allowed: ReadonlySet<string>, path: string): repo.PrefRecord[] {
  return rows.flatMap((row, index) => {
    if (!allowed.has(row.topic))
      throw ApiError.badRequest({
        'zh-CN': `${path}.${index}.topic: 该账号不接收此类通知`,
        en: `${path}.${index}.topic: this account does not receive this kind of notification`,
      });
    return [
      { topic: row.topic, channel: 'portal' as const, mode: row.portal },
      { topic: row.topic, channel: 'email' as const, mode: row.email },
    ];
  });
}

export async function savePreferences(ctx: AppContext, session: SessionContext, body: CallBody<typeof notification.savePreferences>) {
  const allowed = new Set<string>(notification.topicsFor(kindOf(session)));
  const own = records(body.prefs, allowed, 'body.prefs');
  if (body.childDefaults && body.childDefaults.length > 0 && !isMainSupplier(session))
    throw ApiError.forbidden({
      'zh-CN': '只有供应商主账号可以设置子账号的默认通知',
      en: "Only a supplier's main account can set its child accounts' defaults",
    });
  const children = records(body.childDefaults ?? [], allowed, 'body.childDefaults');
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    await repo.saveOwnPrefs(trx, session.tenantId, session.accountId, own, now);
    if (session.suppCode && children.length > 0) await repo.saveChildDefaults(trx, session.tenantId, session.suppCode, children, now);
    if (body.language) await repo.saveLanguage(trx, session.accountId, body.language);
  });
  return preferences(ctx, session);
}

export async function saveLanguage(ctx: AppContext, session: SessionContext, language: Language) {
  await repo.saveLanguage(ctx.db, session.accountId, language);
  return { language };
}
