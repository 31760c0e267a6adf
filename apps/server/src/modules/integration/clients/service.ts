// Rules of integration clients: secrets made, shown once and kept as SHA-256 hashes; rotation with a grace
// period; the client-credentials token; and what the gate checks of a bearer token at each call.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { BlockList, isIPv4, isIPv6 } from 'node:net';
import { type ClientWithSecret, type IntegrationClient, type Localized, type TokenAnswer, integration } from '@portal/contract';
import type { z } from 'zod';
import type { AppContext } from '../../../platform/context';
import { ApiError } from '../../../platform/errors';
import type { SessionContext } from '../../../platform/session-context';
import * as repo from './repo';

type ClientForm = z.infer<typeof integration.clientForm>;

const sha256 = (text: string): Buffer => createHash('sha256').update(text, 'utf8').digest();

/** A new client secret: `isc_` and 32 random bytes, base64url. */
const newSecret = () => `isc_${randomBytes(32).toString('base64url')}`;
const newClientId = () => `ic_${randomBytes(8).toString('hex')}`;
const newAccessToken = () => `iat_${randomBytes(32).toString('base64url')}`;

const noSuchClient = (clientId: string) =>
  ApiError.notFound({ 'zh-CN': `接口客户端 ${clientId} 不存在`, en: `Integration client ${clientId} does not exist` });
const nameInUse = (name: string) =>
  ApiError.conflict({ 'zh-CN': `已有名为「${name}」的接口客户端`, en: `An integration client named "${name}" already exists` });

/** The form's values as stored: scopes in the contract's order, sources without repeats. */
function settingsOf(form: ClientForm): repo.ClientSettings {
  return {
    name: form.name,
    scopes: integration.integrationScopes.filter((s) => form.scopes.includes(s)),
    allowedSources: [...new Set(form.allowedSources)],
    ratePerMinute: form.ratePerMinute,
  };
}

async function clientOf(ctx: AppContext, session: SessionContext, clientId: string): Promise<IntegrationClient> {
  const client = await repo.findClient(ctx.db, session.tenantId, clientId, ctx.now());
  if (!client) throw noSuchClient(clientId);
  return client;
}

export function list(ctx: AppContext, session: SessionContext): Promise<IntegrationClient[]> {
  return repo.listClients(ctx.db, session.tenantId, ctx.now());
}

export async function create(ctx: AppContext, session: SessionContext, form: ClientForm): Promise<ClientWithSecret> {
  const settings = settingsOf(form);
  const secret = newSecret();
  const id = newClientId();
  const inserted = await repo.insertClient(ctx.db, {
    ...settings,
    id,
    tenantId: session.tenantId,
    secretHash: sha256(secret),
    createdBy: session.employeeCode,
    createdAt: ctx.now(),
  });
  if (!inserted) throw nameInUse(settings.name);
  return { client: await clientOf(ctx, session, id), clientSecret: secret };
}

export async function update(
  ctx: AppContext,
  session: SessionContext,
  form: ClientForm & { clientId: string },
): Promise<IntegrationClient> {
  const settings = settingsOf(form);
  if (await repo.nameTaken(ctx.db, session.tenantId, settings.name, form.clientId)) throw nameInUse(settings.name);
  if (!(await repo.updateSettings(ctx.db, session.tenantId, form.clientId, settings))) throw noSuchClient(form.clientId);
  return clientOf(ctx, session, form.clientId);
}

/** A new secret; the current one keeps working for `graceDays` days (0: it stops at once). */
export async function rotate(
  ctx: AppContext,
  session: SessionContext,
  input: { clientId: string; graceDays: number },
): Promise<ClientWithSecret> {
  const secret = newSecret();
  const now = ctx.now();
  const rotated = await repo.rotateSecret(ctx.db, session.tenantId, input.clientId, {
    secretHash: sha256(secret),
    previousValidUntil: new Date(now.getTime() + input.graceDays * 86_400_000),
    rotatedAt: now,
  });
  if (!rotated) throw noSuchClient(input.clientId);
  return { client: await clientOf(ctx, session, input.clientId), clientSecret: secret };
}

export async function setDisabled(
  ctx: AppContext,
  session: SessionContext,
  clientId: string,
  disabled: boolean,
): Promise<IntegrationClient> {
  if (!(await repo.setDisabled(ctx.db, session.tenantId, clientId, disabled))) throw noSuchClient(clientId);
  return clientOf(ctx, session, clientId);
}

/** A refused token request, in RFC 6749's terms (§5.2). */
export class TokenRefused extends Error {
  constructor(
    readonly error: 'invalid_request' | 'invalid_client' | 'invalid_scope' | 'unsupported_grant_type',
    readonly texts: Localized,
  ) {
    super(texts.en);
  }
  get status(): 400 | 401 {
    return this.error === 'invalid_client' ? 401 : 400;
  }
}

const badClient = new TokenRefused('invalid_client', {
  'zh-CN': '客户端不存在、密钥错误或客户端已停用',
  en: 'Unknown client, wrong secret or disabled client',
});

/** Hash of no secret: an unknown client id costs the same comparison as a known one. */
const noHash = sha256('');
const sameHash = (a: Buffer, b: Buffer | null) => b !== null && a.length === b.length && timingSafeEqual(a, b);

/** The client credentials grant (RFC 6749 §4.4): a bearer token for the client's tenant, narrowed to `scope` when given. */
export async function issueToken(
  ctx: AppContext,
  credentials: { clientId: string; clientSecret: string; scope?: string },
): Promise<TokenAnswer> {
  const presented = sha256(credentials.clientSecret);
  const client = /^ic_[0-9a-f]{16}$/.test(credentials.clientId) ? await repo.credentialsOf(ctx.db, credentials.clientId) : undefined;
  const now = ctx.now();
  const current = sameHash(presented, client?.secretHash ?? noHash);
  const previous =
    sameHash(presented, client?.previousSecretHash ?? noHash) && !!client?.previousValidUntil && client.previousValidUntil > now;
  if (!client || client.disabled || !(current || previous)) throw badClient;

  const asked = credentials.scope?.split(' ').filter(Boolean);
  const unknown = asked?.filter((s) => !client.scopes.includes(s));
  if (unknown?.length)
    throw new TokenRefused('invalid_scope', {
      'zh-CN': `客户端没有以下权限范围：${unknown.join(' ')}`,
      en: `The client does not hold these scopes: ${unknown.join(' ')}`,
    });
  const scopes = asked ? client.scopes.filter((s) => asked.includes(s)) : client.scopes;
  const token = newAccessToken();
  await repo.storeToken(ctx.db, {
    tokenHash: sha256(token),
    clientId: client.id,
    tenantId: client.tenantId,
    scopes,
    expiresAt: new Date(now.getTime() + integration.tokenLifetimeSeconds * 1000),
    now,
  });
  return {
    access_token: token,
    token_type: 'Bearer',
    expires_in: integration.tokenLifetimeSeconds,
    scope: scopes.join(' '),
    code: '1',
    success: true,
    msg: 'success',
  };
}

/** Who makes an integration call: the client of its bearer token, in the client's tenant; `scopes` are its token's that the client still holds. */
export type IntegrationCaller = integration.IntegrationCallerInfo;

/** A refusal of the gate; `retryAfter` (seconds) for a client over its rate. */
export class CallRefused extends ApiError {
  constructor(
    status: 401 | 403 | 429,
    texts: Localized,
    readonly reason: 'invalid_token' | 'insufficient_scope' | 'source' | 'rate',
    readonly retryAfter = 0,
  ) {
    super(status, String(status), texts);
  }
}

const invalidToken = () =>
  new CallRefused(
    401,
    {
      'zh-CN': '访问令牌缺失、无效、已过期或客户端已停用',
      en: 'The access token is missing, invalid or expired, or the client is disabled',
    },
    'invalid_token',
  );

/** A source address as compared: an IPv4 address mapped into IPv6 is the IPv4 one. */
function plainAddress(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return mapped?.[1] ?? ip;
}

/** Whether `ip` is one of the sources (addresses or CIDR blocks); an empty list admits any. */
export function sourceAllowed(sources: readonly string[], ip: string): boolean {
  if (sources.length === 0) return true;
  const address = plainAddress(ip);
  const family = isIPv4(address) ? 'ipv4' : isIPv6(address) ? 'ipv6' : undefined;
  if (!family) return false;
  const allowed = new BlockList();
  for (const source of sources) {
    const [base = '', prefix] = source.split('/');
    const type = isIPv4(base) ? 'ipv4' : isIPv6(base) ? 'ipv6' : undefined;
    if (!type) continue;
    if (prefix === undefined) allowed.addAddress(base, type);
    else allowed.addSubnet(base, Number(prefix), type);
  }
  return allowed.check(address, family);
}

/**
 * The caller of a bearer token, checked at each call: the token exists and has not expired, its client is
 * enabled (so disabling takes effect at once), the source address is the client's, it holds `scope`, and this
 * call stays within the client's rate (counted per minute in PostgreSQL, shared by every server process).
 */
export async function callerOf(
  ctx: AppContext,
  token: string | undefined,
  source: string,
  scope: string | undefined,
): Promise<IntegrationCaller> {
  if (!token || token.length > 200) throw invalidToken();
  const found = await repo.tokenWithClient(ctx.db, sha256(token));
  const now = ctx.now();
  if (!found || found.disabled || found.expiresAt <= now) throw invalidToken();
  if (!sourceAllowed(found.allowedSources, source))
    throw new CallRefused(
      403,
      { 'zh-CN': `来源地址 ${source} 不在客户端允许的地址内`, en: `The source address ${source} is not one the client may call from` },
      'source',
    );
  const scopes = found.tokenScopes.filter((s) => found.clientScopes.includes(s));
  if (scope && !scopes.includes(scope))
    throw new CallRefused(
      403,
      { 'zh-CN': `访问令牌没有权限范围 ${scope}`, en: `The access token does not hold the scope ${scope}` },
      'insufficient_scope',
    );
  const windowStart = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
  const count = await repo.countCall(ctx.db, found.clientId, windowStart);
  if (count > found.ratePerMinute)
    throw new CallRefused(
      429,
      {
        'zh-CN': `调用过于频繁：每分钟最多 ${found.ratePerMinute} 次`,
        en: `Too many calls: at most ${found.ratePerMinute} a minute`,
      },
      'rate',
      Math.max(1, Math.ceil((windowStart.getTime() + 60_000 - now.getTime()) / 1000)),
    );
  return { tenantId: found.tenantId, clientId: found.clientId, clientName: found.clientName, scopes };
}
