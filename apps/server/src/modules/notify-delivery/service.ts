// Rules of the channel screens: staff admins keep the retailer's webhooks and team robots (通知渠道), a supplier its
// own robots (群机器人), each only its own; an address is saved only when the guard admits it; a webhook's secret is
// made here and shown once; a test message goes out at once; a delivered or given-up delivery may be sent again.
import { randomBytes } from 'node:crypto';
import type { Localized, notifyDelivery } from '@portal/contract';
import type { AppContext } from '../../platform/context';
import { ApiError } from '../../platform/errors';
import type { SessionContext } from '../../platform/session-context';
import * as repo from './endpoint-repo';
import type { EndpointRecord, Owner } from './endpoint-repo';
import type { NotifyEvent, RenderedMessage } from './message';
import { senderOf } from './runtime';
import { UrlPolicy, UrlRefused, checkTarget } from './url-guard';
import { openStored, seal } from '../../platform/secret-box';

export type Screen = 'staff' | 'supplier';
type EndpointForm = notifyDelivery.EndpointForm;
type RobotForm = notifyDelivery.RobotForm;

const newSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

/** Whose endpoints a caller keeps on a screen: staff the retailer's, a supplier its own. */
function ownerOf(session: SessionContext, screen: Screen): Owner {
  if (screen === 'staff') {
    if (session.kind !== 'staff')
      throw ApiError.forbidden({ 'zh-CN': '只有零售商员工可以管理通知渠道', en: 'Only the retailer’s staff manage notification channels' });
    return { tenantId: session.tenantId, suppCode: null };
  }
  if (session.kind !== 'supplier' || !session.suppCode)
    throw ApiError.forbidden({ 'zh-CN': '只有供应商账号可以管理群机器人', en: 'Only supplier accounts manage group robots' });
  return { tenantId: session.tenantId, suppCode: session.suppCode };
}

const noSuchEndpoint = (id: string) =>
  ApiError.notFound({ 'zh-CN': `通知渠道 ${id} 不存在`, en: `Notification endpoint ${id} does not exist` });
const nameInUse = (name: string) =>
  ApiError.conflict({ 'zh-CN': `已有名为「${name}」的通知渠道`, en: `An endpoint named "${name}" already exists` });

/** The listed endpoint, its secret left out. */
const shown = ({ secret: _secret, ...endpoint }: EndpointRecord): notifyDelivery.Endpoint => endpoint;

async function endpointOf(ctx: AppContext, owner: Owner, id: string): Promise<EndpointRecord> {
  const [found] = await repo.endpoints(ctx.db, owner, id);
  if (!found) throw noSuchEndpoint(id);
  return found;
}

export async function list(ctx: AppContext, session: SessionContext, screen: Screen) {
  const owner = ownerOf(session, screen);
  const [endpoints, roles] = await Promise.all([
    repo.endpoints(ctx.db, owner),
    screen === 'staff' ? repo.roles(ctx.db, owner.tenantId) : Promise.resolve([]),
  ]);
  return { endpoints: endpoints.map(shown), roles };
}

/** The form as stored, its address checked by the guard and its team role known. */
async function valuesOf(
  ctx: AppContext,
  owner: Owner,
  form: EndpointForm | RobotForm,
): Promise<Omit<repo.EndpointValues, 'secret'> & { secret: string | undefined }> {
  try {
    await checkTarget(form.url, new UrlPolicy(ctx.config.notify.allowPrivateUrls));
  } catch (err) {
    if (err instanceof UrlRefused) throw ApiError.badRequest(err.texts);
    throw err;
  }
  const webhook = form.kind === 'webhook';
  const ownerRole = 'ownerRole' in form && form.ownerRole && !webhook ? form.ownerRole : null;
  if (ownerRole && !(await repo.roles(ctx.db, owner.tenantId)).some((r) => r.code === ownerRole))
    throw ApiError.badRequest({ 'zh-CN': `角色 ${ownerRole} 不存在`, en: `There is no role ${ownerRole}` });
  if (form.kind === 'wecom' && form.secret)
    throw ApiError.badRequest({ 'zh-CN': '企业微信群机器人没有加签密钥', en: 'A WeCom robot has no signing secret' });
  return {
    kind: form.kind,
    name: form.name,
    url: form.url,
    topics: [...new Set(form.topics)],
    ownerRole,
    // A webhook's secret is the server's own (made on create, changed by rotate).
    secret: webhook ? undefined : form.secret,
  };
}

/** A signing secret as it is stored: sealed (platform/secret-box.ts); none stays ''. */
const sealed = (ctx: AppContext, plain: string): Promise<string> => (plain ? seal(ctx, plain) : Promise.resolve(''));

export async function create(
  ctx: AppContext,
  session: SessionContext,
  screen: Screen,
  form: EndpointForm | RobotForm,
): Promise<notifyDelivery.EndpointWithSecret> {
  const owner = ownerOf(session, screen);
  const values = await valuesOf(ctx, owner, form);
  if (await repo.nameTaken(ctx.db, owner, values.name)) throw nameInUse(values.name);
  const secret = values.kind === 'webhook' ? newSecret() : '';
  const stored = await sealed(ctx, secret || (values.secret ?? ''));
  const id = await repo.insertEndpoint(ctx.db, owner, { ...values, secret: stored }, session.employeeCode);
  return { endpoint: shown(await endpointOf(ctx, owner, id)), secret };
}

export async function update(
  ctx: AppContext,
  session: SessionContext,
  screen: Screen,
  form: (EndpointForm | RobotForm) & { id: string },
): Promise<notifyDelivery.Endpoint> {
  const owner = ownerOf(session, screen);
  const before = await endpointOf(ctx, owner, form.id);
  if ((before.kind === 'webhook') !== (form.kind === 'webhook'))
    throw ApiError.badRequest({
      'zh-CN': 'Webhook 与群机器人不能互相转换，请新建',
      en: 'A webhook cannot become a robot or the other way round: add a new one',
    });
  const values = await valuesOf(ctx, owner, form);
  if (await repo.nameTaken(ctx.db, owner, values.name, form.id)) throw nameInUse(values.name);
  // A robot that becomes a 企业微信 one drops its secret; the others keep theirs unless a new one is typed.
  const secret = values.kind === 'wecom' ? '' : values.secret;
  await repo.updateEndpoint(ctx.db, owner, form.id, { ...values, ...(secret === undefined ? {} : { secret: await sealed(ctx, secret) }) });
  return shown(await endpointOf(ctx, owner, form.id));
}

export async function setEnabled(ctx: AppContext, session: SessionContext, screen: Screen, id: string, enabled: boolean) {
  const owner = ownerOf(session, screen);
  if (!(await repo.setEnabled(ctx.db, owner, id, enabled))) throw noSuchEndpoint(id);
  return shown(await endpointOf(ctx, owner, id));
}

export async function rotate(ctx: AppContext, session: SessionContext, id: string): Promise<notifyDelivery.EndpointWithSecret> {
  const owner = ownerOf(session, 'staff');
  const found = await endpointOf(ctx, owner, id);
  if (found.kind !== 'webhook')
    throw ApiError.badRequest({
      'zh-CN': '只有 Webhook 的密钥由平台生成；群机器人的加签密钥请在编辑中填写',
      en: 'Only a webhook’s secret is made by the portal; type a robot’s signing secret in its form',
    });
  const secret = newSecret();
  await repo.setSecret(ctx.db, owner, id, await sealed(ctx, secret));
  return { endpoint: shown(await endpointOf(ctx, owner, id)), secret };
}

const testTexts: Record<'zh-CN' | 'en', (name: string, by: string) => RenderedMessage> = {
  'zh-CN': (name, by) => ({
    title: '测试消息',
    body: `这是供应商协同平台发往「${name}」的测试消息（${by} 发送），收到即表示配置正确。`,
    link: '/',
  }),
  en: (name, by) => ({
    title: 'Test message',
    body: `A test message from the Supplier Collaboration Portal to "${name}" (sent by ${by}): it arrived, so the set-up works.`,
    link: '/',
  }),
};

/** The topic of a test message (webhooks see it in X-Portal-Event). */
export const testTopic = 'notify.endpoint.test';

/** Sends a test message to an endpoint now; the answer says what came of it. */
export async function test(
  ctx: AppContext,
  session: SessionContext,
  screen: Screen,
  id: string,
  language: 'zh-CN' | 'en',
): Promise<notifyDelivery.TestResult> {
  const owner = ownerOf(session, screen);
  const found = await endpointOf(ctx, owner, id);
  const message = testTexts[language](found.name, session.employeeName);
  const now = ctx.now();
  const event: NotifyEvent = {
    rowId: 0,
    feedId: '0-0',
    tenantId: owner.tenantId,
    topic: testTopic,
    subject: `test-${now.getTime()}`,
    suppCode: owner.suppCode,
    payload: { test: true, endpoint: found.name, by: session.employeeCode },
    at: now,
  };
  const sender = senderOf(ctx.db, ctx.config, () => message, null);
  const outcome = await sender.toEndpoint(
    { kind: found.kind, url: found.url, secret: await openStored(ctx, found.secret), ownerSuppCode: owner.suppCode },
    event,
    `test-${id}-${now.getTime()}`,
    language,
  );
  return { ok: outcome.ok, status: outcome.status, durationMs: outcome.durationMs, excerpt: outcome.excerpt, error: outcome.error };
}

export async function deliveries(ctx: AppContext, session: SessionContext, screen: Screen, query: notifyDelivery.DeliveryQuery) {
  const owner = ownerOf(session, screen);
  await endpointOf(ctx, owner, query.endpointId);
  return repo.deliveries(ctx.db, owner, query);
}

const noSuchDelivery = (id: string): Localized => ({ 'zh-CN': `推送记录 ${id} 不存在`, en: `Delivery ${id} does not exist` });

export async function attempts(ctx: AppContext, session: SessionContext, screen: Screen, id: string) {
  const owner = ownerOf(session, screen);
  if (!(await repo.delivery(ctx.db, owner, id))) throw ApiError.notFound(noSuchDelivery(id));
  return repo.attempts(ctx.db, id);
}

/** Queues a delivered or given-up delivery again: same key (a receiver recognises a repeat), a new try now. */
export async function replay(ctx: AppContext, session: SessionContext, screen: Screen, id: string) {
  const owner = ownerOf(session, screen);
  if (!(await repo.delivery(ctx.db, owner, id))) throw ApiError.notFound(noSuchDelivery(id));
  if (!(await repo.requeue(ctx.db, id)))
    throw ApiError.conflict({ 'zh-CN': '该推送仍在队列中，无需重发', en: 'The delivery is still queued: there is nothing to replay' });
  return (await repo.delivery(ctx.db, owner, id))!;
}
