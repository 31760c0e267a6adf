// Notification channels (issue 30, delivery): where the outbox's events go besides the portal itself. Staff
// admins keep the retailer's webhooks and their teams' group robots (通知渠道, ms0122); a supplier keeps its own
// group robots of 企业微信, 钉钉 and 飞书 (群机器人, ms0123). Each endpoint has a delivery log (every try: status,
// answer time, the start of the answer) with replay, and a test message. A webhook's signing secret is made by
// the server and shown once (on create and on rotate); a robot's 加签 secret is the platform's, typed in.
import { z } from 'zod';
import { defineCall } from './call';
import { eventTopics } from './integration/events';
import type { Localized } from './language';
import { ModuleCode } from './modules';
import { pageOf, pageParams } from './paging';

export const channelsModule = ModuleCode.notifyChannels;
export const robotsModule = ModuleCode.groupRobots;

export const endpointKinds = ['webhook', 'wecom', 'dingtalk', 'feishu'] as const;
export type EndpointKind = (typeof endpointKinds)[number];
export const robotKinds = ['wecom', 'dingtalk', 'feishu'] as const;
export type RobotKind = (typeof robotKinds)[number];

export const endpointKindText: Record<EndpointKind, Localized> = {
  webhook: { 'zh-CN': 'Webhook', en: 'Webhook' },
  wecom: { 'zh-CN': '企业微信', en: 'WeCom' },
  dingtalk: { 'zh-CN': '钉钉', en: 'DingTalk' },
  feishu: { 'zh-CN': '飞书', en: 'Feishu' },
};

export const deliveryStates = ['pending', 'sending', 'sent', 'dead'] as const;
export type DeliveryState = (typeof deliveryStates)[number];
export const deliveryStateText: Record<DeliveryState, Localized> = {
  pending: { 'zh-CN': '待发送', en: 'Pending' },
  sending: { 'zh-CN': '发送中', en: 'Sending' },
  sent: { 'zh-CN': '已送达', en: 'Delivered' },
  dead: { 'zh-CN': '已放弃', en: 'Given up' },
};

/** The topics a supplier's robot may take: every event that concerns a supplier (not a new supplier's application). */
export const supplierTopics: readonly string[] = eventTopics.filter((t) => !t.startsWith('supplier-apply.'));

/** Webhook headers (docs/notify-delivery.md): event topic, delivery key, Unix timestamp, signature. */
export const webhookHeaders = {
  event: 'X-Portal-Event',
  delivery: 'X-Portal-Delivery',
  timestamp: 'X-Portal-Timestamp',
  signature: 'X-Portal-Signature',
} as const;
/** A receiver refuses a request whose timestamp is further than this from its clock (a replay). */
export const replayWindowSeconds = 300;

const id = z.string().regex(/^[1-9]\d{0,14}$/, 'id 不是有效的编号');

const endpointName = z.string().trim().min(1, '请填写名称').max(60, '名称最多 60 个字');
const endpointUrl = z
  .string()
  .trim()
  .min(1, '请填写地址')
  .max(1000, '地址最多 1000 个字符')
  .regex(/^https?:\/\/\S+$/i, '地址须以 http:// 或 https:// 开头');
const topicList = (allowed: readonly string[]) =>
  z
    .array(z.string().max(100))
    .max(allowed.length)
    .refine((topics) => topics.every((t) => allowed.includes(t)), '含有不认识的事件类型')
    .default([]);
/** 钉钉's and 飞书's 加签 secret (企业微信 robots have none). */
const robotSecret = z
  .string()
  .trim()
  .max(200, '密钥最多 200 个字符')
  .regex(/^[\x21-\x7e]*$/, '密钥只能含可见的 ASCII 字符');

/** What a staff admin sets of a webhook or a team robot. */
export const endpointForm = z.object({
  kind: z.enum(endpointKinds),
  name: endpointName,
  url: endpointUrl,
  /** Topics it receives; empty: every topic. */
  topics: topicList(eventTopics),
  /** A team robot's staff role ('' or absent: the whole retailer); webhooks have none. */
  ownerRole: z.string().trim().max(32).optional(),
  /** A robot's 加签 secret; on update absent keeps the one set. Webhooks' secrets are the server's (rotate). */
  secret: robotSecret.optional(),
});
export type EndpointForm = z.infer<typeof endpointForm>;

/** What a supplier sets of its own group robot. */
export const robotForm = z.object({
  kind: z.enum(robotKinds),
  name: endpointName,
  url: endpointUrl,
  topics: topicList(supplierTopics),
  secret: robotSecret.optional(),
});
export type RobotForm = z.infer<typeof robotForm>;

/** An endpoint as its screen lists it; secrets never leave the server after the answer that made them. */
export const endpoint = z.object({
  id: z.string(),
  kind: z.enum(endpointKinds),
  name: z.string(),
  url: z.string(),
  topics: z.array(z.string()),
  /** The team robot's role code and name ('' for the whole retailer, a supplier's robot or a webhook). */
  ownerRole: z.string(),
  ownerRoleName: z.string(),
  enabled: z.boolean(),
  /** A signing secret is set. */
  signed: z.boolean(),
  createdBy: z.string(),
  /** YYYY-MM-DD HH:mm:ss, the retailer's time. */
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Deliveries waiting (pending or being sent) and given up. */
  waiting: z.number().int(),
  dead: z.number().int(),
  /** The last try: when ('' never), whether it went through. */
  lastAttemptAt: z.string(),
  lastOk: z.boolean().nullable(),
});
export type Endpoint = z.infer<typeof endpoint>;

export const endpointWithSecret = z.object({
  endpoint,
  /** A webhook's new signing secret, shown this once; '' for a robot. */
  secret: z.string(),
});
export type EndpointWithSecret = z.infer<typeof endpointWithSecret>;

export const roleOption = z.object({ code: z.string(), name: z.string() });

/** What a test message came to. */
export const testResult = z.object({
  ok: z.boolean(),
  /** HTTP status, null when no answer came. */
  status: z.number().int().nullable(),
  durationMs: z.number().int(),
  excerpt: z.string(),
  error: z.string(),
});
export type TestResult = z.infer<typeof testResult>;

/** One delivery of an endpoint's log, with its last try. */
export const deliveryRow = z.object({
  id: z.string(),
  /** The event's id in the integration feed (`<txid>-<id>`). */
  eventId: z.string(),
  topic: z.string(),
  subject: z.string(),
  suppCode: z.string(),
  state: z.enum(deliveryStates),
  attempts: z.number().int(),
  /** Queued, next try, delivered: YYYY-MM-DD HH:mm:ss, the retailer's time ('' none). */
  createdAt: z.string(),
  nextAt: z.string(),
  sentAt: z.string(),
  lastError: z.string(),
  /** The last try: its HTTP status (null: no answer), answer time, the start of the answer. */
  lastAt: z.string(),
  lastStatus: z.number().int().nullable(),
  lastDurationMs: z.number().int().nullable(),
  lastExcerpt: z.string(),
});
export type DeliveryRow = z.infer<typeof deliveryRow>;

export const attemptRow = z.object({
  at: z.string(),
  status: z.number().int().nullable(),
  ok: z.boolean(),
  durationMs: z.number().int(),
  excerpt: z.string(),
  error: z.string(),
});
export type AttemptRow = z.infer<typeof attemptRow>;

export const deliveryQuery = z.object({ endpointId: id, state: z.enum(deliveryStates).optional(), ...pageParams });
export type DeliveryQuery = z.infer<typeof deliveryQuery>;

const ref = z.object({ id });

/** The calls of one screen: the same shapes under the screen's module and path. */
function screenCalls<F extends z.ZodType, U extends z.ZodType>(module: string, base: string, form: F, updateForm: U, who: string) {
  return {
    list: defineCall({
      area: 'notify-delivery',
      method: 'GET',
      path: `${base}/list`,
      module,
      summary: `${who}: the endpoints with their waiting and given-up deliveries and last try, and the staff roles a team robot may belong to`,
      data: z.object({ endpoints: z.array(endpoint), roles: z.array(roleOption) }),
    }),
    create: defineCall({
      area: 'notify-delivery',
      method: 'POST',
      path: `${base}/create`,
      module,
      changes: true,
      summary: `${who}: adds an endpoint; its address must be http(s) and not private; a webhook's secret comes back this once`,
      body: form,
      data: endpointWithSecret,
    }),
    update: defineCall({
      area: 'notify-delivery',
      method: 'POST',
      path: `${base}/update`,
      module,
      changes: true,
      summary: `${who}: changes an endpoint's name, address, topics, role or robot secret`,
      body: updateForm,
      data: endpoint,
    }),
    disable: defineCall({
      area: 'notify-delivery',
      method: 'POST',
      path: `${base}/disable`,
      module,
      changes: true,
      summary: `${who}: disables an endpoint: nothing more is sent to it (what is queued for it is given up)`,
      body: ref,
      data: endpoint,
    }),
    enable: defineCall({
      area: 'notify-delivery',
      method: 'POST',
      path: `${base}/enable`,
      module,
      changes: true,
      summary: `${who}: enables a disabled endpoint again`,
      body: ref,
      data: endpoint,
    }),
    test: defineCall({
      area: 'notify-delivery',
      method: 'POST',
      path: `${base}/test`,
      module,
      changes: true,
      summary: `${who}: sends a test message to an endpoint now and answers what came of it (not queued, not logged)`,
      body: ref,
      data: testResult,
    }),
    deliveries: defineCall({
      area: 'notify-delivery',
      method: 'POST',
      path: `${base}/deliveries`,
      module,
      summary: `${who}: an endpoint's delivery log, newest first, paged, by state`,
      body: deliveryQuery,
      data: pageOf(deliveryRow),
    }),
    attempts: defineCall({
      area: 'notify-delivery',
      method: 'GET',
      path: `${base}/attempts`,
      module,
      summary: `${who}: every try of one delivery, oldest first`,
      query: ref,
      data: z.array(attemptRow),
    }),
    replay: defineCall({
      area: 'notify-delivery',
      method: 'POST',
      path: `${base}/replay`,
      module,
      changes: true,
      summary: `${who}: queues a delivered or given-up delivery again (same idempotency key, a new try now)`,
      body: ref,
      data: deliveryRow,
    }),
  };
}

/** 通知渠道 (staff admins): the retailer's webhooks and its teams' group robots. */
export const staffCalls = screenCalls(channelsModule, '/notify/endpoint', endpointForm, endpointForm.extend(ref.shape), 'Staff');
/** 群机器人 (a supplier): its own group robots. */
export const supplierCalls = screenCalls(robotsModule, '/notify/robot', robotForm, robotForm.extend(ref.shape), "A supplier's");
export type ScreenCalls = typeof staffCalls | typeof supplierCalls;

export const listEndpoints = staffCalls.list;
export const createEndpoint = staffCalls.create;
export const updateEndpoint = staffCalls.update;
export const disableEndpoint = staffCalls.disable;
export const enableEndpoint = staffCalls.enable;
export const testEndpoint = staffCalls.test;
export const endpointDeliveries = staffCalls.deliveries;
export const endpointAttempts = staffCalls.attempts;
export const replayEndpointDelivery = staffCalls.replay;
export const rotateEndpointSecret = defineCall({
  area: 'notify-delivery',
  method: 'POST',
  path: '/notify/endpoint/rotate',
  module: channelsModule,
  changes: true,
  summary: 'Staff: gives a webhook a new signing secret (shown this once); the old one stops signing at once',
  body: ref,
  data: endpointWithSecret,
});

export const listRobots = supplierCalls.list;
export const createRobot = supplierCalls.create;
export const updateRobot = supplierCalls.update;
export const disableRobot = supplierCalls.disable;
export const enableRobot = supplierCalls.enable;
export const testRobot = supplierCalls.test;
export const robotDeliveries = supplierCalls.deliveries;
export const robotAttempts = supplierCalls.attempts;
export const replayRobotDelivery = supplierCalls.replay;
