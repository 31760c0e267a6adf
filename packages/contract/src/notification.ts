// Notifications (issue 30, docs/notifications.md): the message centre (ms0120), the bell's unread count and the
// preferences (ms0121). A message is one outbox event (integration/events.ts) for one account; its title, text and
// link are rendered by the server in the caller's language. Every call reads or changes the caller's own messages
// and preferences only, so every signed-in account may make them.
import { z } from 'zod';
import { defineCall } from './call';
import { type EventTopic, eventTopics } from './integration/events';
import { languages } from './language';
import { pageOf, pageParams } from './paging';

/** How topics are grouped in the message centre's filter and on the preferences page. */
export const notificationGroups = ['settlement', 'order', 'logistics', 'certificate', 'application', 'account'] as const;
export type NotificationGroup = (typeof notificationGroups)[number];
export const notificationGroupText: Record<NotificationGroup, string> = {
  settlement: '结算',
  order: '订单',
  logistics: '送货与收货',
  certificate: '资质证照',
  application: '申请审核',
  account: '账号安全',
};
export const notificationGroupTextEn: Record<NotificationGroup, string> = {
  settlement: 'Settlement',
  order: 'Orders',
  logistics: 'Deliveries and receiving',
  certificate: 'Certificates',
  application: 'Applications',
  account: 'Account security',
};

export const channels = ['portal', 'email'] as const;
export type PrefChannel = (typeof channels)[number];
export const modes = ['off', 'instant', 'digest'] as const;
export type PrefMode = (typeof modes)[number];

/**
 * What a topic is to people: its group, who hears of it (a supplier's accounts, the staff owning the step) and its
 * e-mail default (the portal default is 'instant' for every topic). Money, deadlines and security are mailed by
 * default; the rest only when the user asks.
 */
export interface TopicInfo {
  group: NotificationGroup;
  supplier: boolean;
  staff: boolean;
  email: 'off' | 'instant';
}

const t = (group: NotificationGroup, supplier: boolean, staff: boolean, email: 'off' | 'instant' = 'off'): TopicInfo => ({
  group,
  supplier,
  staff,
  email,
});

export const topicInfo: Record<EventTopic, TopicInfo> = {
  'settlement.bill.submitted': t('settlement', false, true),
  'settlement.bill.returned': t('settlement', true, true, 'instant'),
  'settlement.bill.audited': t('settlement', true, true),
  'settlement.bill.approved': t('settlement', true, true),
  'settlement.bill.paid': t('settlement', true, false, 'instant'),
  'settlement.bill.voided': t('settlement', true, false, 'instant'),
  'settlement.invoice.entered': t('settlement', false, true),
  'settlement.invoice.deleted': t('settlement', false, true),
  'settlement.charge.raised': t('settlement', true, false, 'instant'),
  'settlement.charge.disputed': t('settlement', false, true),
  'settlement.charge.answered': t('settlement', true, false),
  'purchase-order.order.issued': t('order', true, false),
  'purchase-order.order.changed': t('order', true, false),
  'purchase-order.order.reopened': t('order', true, false),
  'purchase-order.order.overdue': t('order', true, true, 'instant'),
  'purchase-order.order.confirmed': t('order', false, true),
  'purchase-order.order.declined': t('order', false, true),
  'order.delivery-note.created': t('logistics', false, true),
  'order.delivery-note.cancelled': t('logistics', false, true),
  'order.delivery-note.received': t('logistics', true, false),
  'order.receiving.differences': t('logistics', true, false, 'instant'),
  'dock.booking.made': t('logistics', false, true),
  'dock.booking.moved': t('logistics', true, true),
  'dock.booking.cancelled': t('logistics', false, true),
  'dock.booking.confirmed': t('logistics', true, false),
  'dock.booking.refused': t('logistics', true, false, 'instant'),
  'certificate.certificate.submitted': t('certificate', false, true),
  'certificate.certificate.expiring': t('certificate', true, false, 'instant'),
  'certificate.certificate.reviewed': t('certificate', true, false),
  'goods-apply.application.submitted': t('application', false, true),
  'goods-apply.application.withdrawn': t('application', false, true),
  'goods-apply.application.reviewed': t('application', true, true),
  'supplier-apply.application.submitted': t('application', false, true),
  'supplier-apply.application.reviewed': t('application', false, true),
  'auth.account.locked': t('account', true, true, 'instant'),
  'auth.password.expiring': t('account', true, true, 'instant'),
};

/** The topics a kind of account hears of, by group (in the groups' order), then in the contract's order. */
export const topicsFor = (kind: 'supplier' | 'staff'): EventTopic[] =>
  eventTopics
    .filter((topic) => topicInfo[topic][kind])
    .sort((a, b) => notificationGroups.indexOf(topicInfo[a].group) - notificationGroups.indexOf(topicInfo[b].group));

/** The default when no preference says otherwise. */
export const defaultMode = (topic: EventTopic, channel: PrefChannel): PrefMode =>
  channel === 'portal' ? 'instant' : topicInfo[topic].email;

const topic = z.enum(eventTopics);

export const message = z.object({
  id: z.string(),
  topic: z.string(),
  group: z.enum(notificationGroups),
  /** In the caller's language. */
  title: z.string(),
  body: z.string(),
  /** The portal route of the object (e.g. /samBill/detail?samBillNum=…). */
  link: z.string(),
  /** The object's key (bill number, order number...). */
  subject: z.string(),
  /** When it happened (ISO 8601). */
  at: z.string(),
  read: z.boolean(),
});
export type Message = z.infer<typeof message>;

export const readStates = ['all', 'unread', 'read'] as const;

export const messageQuery = z.object({
  ...pageParams,
  group: z.enum(notificationGroups).optional(),
  topic: topic.optional(),
  state: z.enum(readStates).default('all'),
});

export const getMessages = defineCall({
  area: 'notification',
  method: 'POST',
  path: '/notification/getPage',
  signedIn: "the caller's own messages",
  summary: "The caller's messages, newest first, paged; filters by group, topic and read state; with the unread count",
  body: messageQuery,
  data: pageOf(message).extend({ unread: z.number().int() }),
});

export const getUnreadCount = defineCall({
  area: 'notification',
  method: 'GET',
  path: '/notification/unreadCount',
  signedIn: "the caller's own messages",
  summary: "How many of the caller's messages are unread, and the newest message's id (the bell polls it)",
  data: z.object({ unread: z.number().int(), latestId: z.string().nullable() }),
});

const messageId = z.string().regex(/^\d{1,18}$/, '消息编号不正确');

export const markRead = defineCall({
  area: 'notification',
  method: 'POST',
  path: '/notification/markRead',
  signedIn: "the caller's own messages",
  changes: true,
  summary: "Marks the caller's messages read (ids of another account's are ignored); answers the unread count",
  body: z.object({ ids: z.array(messageId).min(1, '至少选择一条消息').max(500, '一次最多 500 条') }),
  data: z.object({ unread: z.number().int() }),
});

export const markAllRead = defineCall({
  area: 'notification',
  method: 'POST',
  path: '/notification/markAllRead',
  signedIn: "the caller's own messages",
  changes: true,
  summary: 'Marks every message of the caller read (of a group when given); answers the unread count',
  body: z.object({ group: z.enum(notificationGroups).optional() }),
  data: z.object({ unread: z.number().int() }),
});

export const prefRow = z.object({
  topic,
  portal: z.enum(['off', 'instant']),
  email: z.enum(modes),
});
export type PrefRow = z.infer<typeof prefRow>;

export const preferences = z.object({
  /** Every topic the account hears of, with its own setting (or the default it follows). */
  prefs: z.array(prefRow),
  /** A supplier main account's defaults for its child accounts; null for other accounts. */
  childDefaults: z.array(prefRow).nullable(),
  language: z.enum(languages),
  /** The account's e-mail address ('' when none: nothing is mailed). */
  email: z.string(),
});
export type Preferences = z.infer<typeof preferences>;

export const getPreferences = defineCall({
  area: 'notification',
  method: 'GET',
  path: '/notification/getPrefs',
  signedIn: "the caller's own preferences",
  summary: "The caller's notification settings per topic and channel (a supplier main account: also its children's defaults)",
  data: preferences,
});

export const savePreferences = defineCall({
  area: 'notification',
  method: 'POST',
  path: '/notification/savePrefs',
  signedIn: "the caller's own preferences",
  changes: true,
  summary: "Saves the caller's settings (and a supplier main account's defaults for its children); topics it does not hear of are refused",
  body: z.object({
    prefs: z.array(prefRow).max(200),
    childDefaults: z.array(prefRow).max(200).optional(),
    language: z.enum(languages).optional(),
  }),
  data: preferences,
});

export const saveLanguage = defineCall({
  area: 'notification',
  method: 'POST',
  path: '/notification/saveLanguage',
  signedIn: "the caller's own language",
  changes: true,
  summary: "Saves the language the caller's e-mails and robot texts are written in (the web app sends it when the user switches)",
  body: z.object({ language: z.enum(languages) }),
  data: z.object({ language: z.enum(languages) }),
});
