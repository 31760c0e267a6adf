// Integration clients (接口集成, admin only): the retailer's sending systems, their scopes, sources, rate and
// secrets; the OAuth 2.0 client-credentials token call they sign in with; and the first bearer call, ping.
import { z } from 'zod';
import { defineCall } from '../call';
import type { Localized } from '../language';
import { ModuleCode } from '../modules';

/** The entities the integration API writes (docs/integration.md), by path segment under /integration/v1. */
export const integrationEntities = [
  'suppliers',
  'stores',
  'acc-units',
  'categories',
  'brands',
  'goods',
  'contracts',
  'purchase-orders',
  'receiving',
  'returns',
  'charges',
  'payments',
] as const;
export type IntegrationEntity = (typeof integrationEntities)[number];

/** What a client may do: write one entity, or read the events feed. */
export const integrationScopes = [...integrationEntities.map((e) => `${e}:write` as const), 'events:read'] as const;
export type IntegrationScope = (typeof integrationScopes)[number];
export const integrationScope = z.enum(integrationScopes);

/** The scope an entity's inbound calls need. */
export const writeScopeOf = (entity: IntegrationEntity): IntegrationScope => `${entity}:write`;

const entityTitles: Record<IntegrationEntity, Localized> = {
  suppliers: { 'zh-CN': '供应商', en: 'Suppliers' },
  stores: { 'zh-CN': '门店与配送中心', en: 'Stores and DCs' },
  'acc-units': { 'zh-CN': '核算单位', en: 'Accounting units' },
  categories: { 'zh-CN': '商品类别', en: 'Categories' },
  brands: { 'zh-CN': '品牌', en: 'Brands' },
  goods: { 'zh-CN': '商品', en: 'Goods' },
  contracts: { 'zh-CN': '供应商合同', en: 'Supplier contracts' },
  'purchase-orders': { 'zh-CN': '采购订单', en: 'Purchase orders' },
  receiving: { 'zh-CN': '验收单', en: 'Receiving' },
  returns: { 'zh-CN': '退货单', en: 'Returns' },
  charges: { 'zh-CN': '费用', en: 'Charges' },
  payments: { 'zh-CN': '付款', en: 'Payments' },
};

/** Each scope's label in both languages (the admin screen's checkboxes, the OpenAPI document). */
export const scopeLabels: Record<IntegrationScope, Localized> = {
  ...(Object.fromEntries(
    integrationEntities.map((e) => [
      writeScopeOf(e),
      { 'zh-CN': `写入${entityTitles[e]['zh-CN']}`, en: `Write ${entityTitles[e].en.toLowerCase()}` },
    ]),
  ) as Record<`${IntegrationEntity}:write`, Localized>),
  'events:read': { 'zh-CN': '读取供应商动态（事件）', en: 'Read supplier events' },
};

/** The staff module that grants the admin calls (接口集成). */
export const clientsModule = ModuleCode.integration;

/** How long an access token lives, in seconds (15 minutes). */
export const tokenLifetimeSeconds = 900;
/** The longest grace period of a rotated secret, in days. */
export const maxGraceDays = 30;
export const defaultRatePerMinute = 120;

const ipv4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
/** An IPv4 or IPv6 address, or a CIDR block of one (`10.0.0.0/8`, `2001:db8::/32`). */
export const sourceAddress = z
  .string()
  .trim()
  .max(64)
  .refine((value) => {
    const [address = '', prefix, extra] = value.split('/');
    if (extra !== undefined) return false;
    const v4 = ipv4.test(address);
    const v6 = !v4 && /^[0-9a-fA-F:.]+$/.test(address) && address.includes(':');
    if (!v4 && !v6) return false;
    if (prefix === undefined) return true;
    if (!/^\d{1,3}$/.test(prefix)) return false;
    return Number(prefix) <= (v4 ? 32 : 128);
  }, '来源地址须为 IP 地址或 CIDR（如 10.0.0.0/8）');

export const clientId = z
  .string()
  .trim()
  .regex(/^ic_[0-9a-f]{16}$/, 'clientId 格式不正确');

const clientName = z.string().trim().min(1, '请填写名称').max(100);
const ratePerMinute = z.number().int().min(1).max(100_000);

/** What an admin sets of a client (create and update). */
export const clientForm = z.object({
  name: clientName,
  scopes: z.array(integrationScope).max(integrationScopes.length),
  /** Source addresses the client may call from; empty: any. */
  allowedSources: z.array(sourceAddress).max(50).default([]),
  ratePerMinute: ratePerMinute.default(defaultRatePerMinute),
});
export type ClientForm = z.input<typeof clientForm>;

/** A client as the admin screen lists it; its secrets never leave the server after the answer that made them. */
export const integrationClient = z.object({
  clientId: z.string(),
  name: z.string(),
  scopes: z.array(z.string()),
  allowedSources: z.array(z.string()),
  ratePerMinute: z.number().int(),
  disabled: z.boolean(),
  createdBy: z.string(),
  createdAt: z.string(),
  /** When a token was last issued to it, '' never. */
  lastUsedAt: z.string(),
  /** When its secret was last rotated, '' never. */
  rotatedAt: z.string(),
  /** Until when the secret before the last rotation still works, '' when it no longer does. */
  previousValidUntil: z.string(),
});
export type IntegrationClient = z.infer<typeof integrationClient>;

/** An answer that holds a secret: shown once, stored only as its hash. */
export const clientWithSecret = z.object({ client: integrationClient, clientSecret: z.string() });
export type ClientWithSecret = z.infer<typeof clientWithSecret>;

const clientRef = z.object({ clientId });

export const listClients = defineCall({
  area: 'integration',
  method: 'GET',
  path: '/integration/client/list',
  module: clientsModule,
  summary: "The tenant's integration clients, newest first",
  data: z.array(integrationClient),
});

export const createClient = defineCall({
  area: 'integration',
  method: 'POST',
  path: '/integration/client/create',
  module: clientsModule,
  changes: true,
  stepUp: true,
  summary: 'Creates an integration client; the answer holds its secret, shown this once',
  body: clientForm,
  data: clientWithSecret,
});

export const updateClient = defineCall({
  area: 'integration',
  method: 'POST',
  path: '/integration/client/update',
  module: clientsModule,
  changes: true,
  summary: "Changes a client's name, scopes, source addresses and rate",
  body: clientForm.extend({ clientId }),
  data: integrationClient,
});

export const rotateSecret = defineCall({
  area: 'integration',
  method: 'POST',
  path: '/integration/client/rotate',
  module: clientsModule,
  changes: true,
  summary: 'Gives a client a new secret (shown this once); the old one keeps working for the grace days chosen (0-30)',
  body: z.object({ clientId, graceDays: z.number().int().min(0).max(maxGraceDays) }),
  data: clientWithSecret,
});

export const disableClient = defineCall({
  area: 'integration',
  method: 'POST',
  path: '/integration/client/disable',
  module: clientsModule,
  changes: true,
  summary: 'Disables a client: its tokens stop working at once',
  body: clientRef,
  data: integrationClient,
});

export const enableClient = defineCall({
  area: 'integration',
  method: 'POST',
  path: '/integration/client/enable',
  module: clientsModule,
  changes: true,
  summary: 'Enables a disabled client again',
  body: clientRef,
  data: integrationClient,
});

/** The token call's parameters (RFC 6749 §4.4.2), as a form or JSON body; the client may authenticate by HTTP Basic instead. */
export const tokenRequest = z
  .object({
    grant_type: z.string().max(64).meta({ description: 'Always `client_credentials`.' }),
    client_id: z.string().max(64).optional().meta({ description: 'The client id (`ic_…`), unless sent by HTTP Basic.' }),
    client_secret: z.string().max(128).optional().meta({ description: 'The client secret (`isc_…`), unless sent by HTTP Basic.' }),
    scope: z
      .string()
      .max(2000)
      .optional()
      .meta({ description: "Space-separated scopes to narrow the token to; all of the client's when absent." }),
  })
  .meta({
    examples: [
      { grant_type: 'client_credentials', client_id: 'ic_0123456789abcdef', client_secret: 'isc_…', scope: 'goods:write receiving:write' },
    ],
  });
export type TokenRequest = z.infer<typeof tokenRequest>;

/** The token answer (RFC 6749 §5.1), with the portal envelope's code, success and msg beside it. */
export const tokenAnswer = z
  .object({
    access_token: z.string(),
    token_type: z.literal('Bearer'),
    expires_in: z.number().int(),
    scope: z.string(),
    code: z.string(),
    success: z.boolean(),
    msg: z.string(),
  })
  .meta({
    examples: [
      {
        access_token: 'iat_3q2-7wEvZ0mX…',
        token_type: 'Bearer',
        expires_in: tokenLifetimeSeconds,
        scope: 'goods:write receiving:write',
        code: '1',
        success: true,
        msg: 'success',
      },
    ],
  });
export type TokenAnswer = z.infer<typeof tokenAnswer>;

/** A refused token request (RFC 6749 §5.2), with the portal envelope's fields beside it. */
export const tokenError = z
  .object({
    error: z.enum(['invalid_request', 'invalid_client', 'invalid_scope', 'unsupported_grant_type']),
    error_description: z.string(),
    code: z.string(),
    success: z.literal(false),
    data: z.null(),
    message: z.string(),
    msg: z.string(),
  })
  .meta({
    examples: [
      {
        error: 'invalid_client',
        error_description: 'Unknown client, wrong secret or disabled client',
        code: '401',
        success: false,
        data: null,
        message: 'Unknown client, wrong secret or disabled client',
        msg: 'Unknown client, wrong secret or disabled client',
      },
    ],
  });
export type TokenError = z.infer<typeof tokenError>;

export const issueToken = defineCall({
  area: 'integration',
  method: 'POST',
  path: '/integration/oauth/token',
  public: true,
  summary: 'OAuth 2.0 client credentials (RFC 6749 §4.4): a bearer token for the /integration/v1 calls, valid 15 minutes',
  body: tokenRequest,
  data: tokenAnswer,
});

/** Who calls an integration call, as the gate resolved it from the bearer token. */
export const integrationCaller = z.object({
  tenantId: z.string(),
  clientId: z.string(),
  clientName: z.string(),
  scopes: z.array(z.string()),
});
export type IntegrationCallerInfo = z.infer<typeof integrationCaller>;

export const ping = defineCall({
  area: 'integration',
  method: 'GET',
  path: '/integration/v1/ping',
  integration: {},
  summary: "Checks a bearer token: answers the client's tenant, name and scopes",
  data: integrationCaller,
});
