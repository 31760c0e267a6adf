// buildApp: the whole server as a Fastify instance, without listening.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { Messages, ResultCode, integration, languageOf } from '@portal/contract';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { type Config, databaseOptionsOf } from './config';
import { type Database, openDatabase } from './db/database';
import { acceptanceRoutes } from './modules/acceptance/routes';
import { authRoutes } from './modules/auth/routes';
import { baseInfoRoutes } from './modules/base-info/routes';
import { commonRoutes } from './modules/common/routes';
import { dashboardRoutes } from './modules/dashboard/routes';
import { performanceRoutes } from './modules/performance/routes';
import { orderSettingsRoutes } from './modules/order-settings/routes';
import { fileRoutes } from './modules/file/routes';
import { authenticate } from './modules/auth/service';
import { requireStepUp } from './modules/auth/mfa/service';
import { frameModuleUrls } from './modules/menu/repo';
import { menuRoutes } from './modules/menu/routes';
import { purchaseOrderRoutes } from './modules/purchase-order/routes';
import { deliveryNoteRoutes } from './modules/delivery-note/routes';
import { systemRoutes } from './modules/system/routes';
import { UsageLogBuffer } from './modules/usage-log/buffer';
import { usageLogRoutes } from './modules/usage-log/routes';
import { userRoutes } from './modules/user/routes';
import { sessionRoutes } from './modules/session/routes';
import { settlementRoutes } from './modules/settlement/routes';
import { certificateRoutes } from './modules/certificate/routes';
import { dockRoutes } from './modules/dock/routes';
import { printRoutes } from './modules/print/routes';
import { goodsApplyRoutes } from './modules/goods-apply/routes';
import { supplierApplyRoutes } from './modules/supplier-apply/routes';
import { dynamicQueryRoutes } from './modules/dynamic-query/routes';
import { integrationRoutes } from './modules/integration/routes';
import { importRoutes } from './modules/integration/imports/routes';
import { logRoutes } from './modules/integration/log/routes';
import { startDispatcher } from './modules/notification/dispatcher';
import { auditEventsOf } from './modules/audit/record';
import { notificationRoutes } from './modules/notification/routes';
import { notifyDeliveryRoutes } from './modules/notify-delivery/routes';
import { auditRoutes } from './modules/audit/routes';
import { type Access, registerAuthHook } from './platform/auth-hook';
import type { AppContext } from './platform/context';
import type { SessionContext } from './platform/session-context';
import { failure } from './platform/envelope';
import { DownloadLimits } from './platform/downloads';
import { FrameSources } from './platform/frame-sources';
import { InFlight } from './platform/in-flight';
import { IndexPage } from './platform/index-page';
import { answerClientError, answerFrameworkError, registerErrorHandling, requestIdOf } from './platform/errors';
import { registerMetrics } from './platform/metrics';
import { redactPaths, redactUrl, requestForLog } from './platform/log-redaction';
import { loadTransportKey } from './platform/passwords';
import { loadSecret } from './platform/secrets';
import { registerSecurityHeaders } from './platform/security-headers';
import { registerCompression, setStaticCacheHeaders } from './platform/compression';
import { serializerCompiler } from './platform/serializer';
import { validatorCompiler } from './platform/validation';

export interface BuildOptions {
  /** An open, migrated database; when absent buildApp opens one from the config. */
  database?: Database;
  /** Close the database when the app closes (always so when buildApp opened it). */
  closeDatabase?: boolean;
  now?: () => Date;
  /** Where log lines go (tests read them); standard output by default. */
  logStream?: { write(line: string): void };
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const database = options.database ?? (await openDatabase(databaseOptionsOf(config)));
  const closeDatabase = options.closeDatabase ?? !options.database;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: redactPaths, censor: '[redacted]' },
      serializers: { req: requestForLog },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    // Every log line of a request, its error answers and the x-request-id header carry one id (a proxy's, when sane).
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'requestId' }),
    genReqId: requestIdOf,
    trustProxy: config.trustProxy,
    // Requests still arriving while the app closes are answered (health says 503 from the drain flag).
    return503OnClosing: false,
    clientErrorHandler: answerClientError,
    frameworkErrors: answerFrameworkError,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('inFlight', new InFlight());
  app.decorate('downloads', new DownloadLimits(config.exports));
  app.decorate('auditEvents', auditEventsOf(database.db));
  const usageLogs = new UsageLogBuffer(database.db, (err) => app.log.error({ err }, 'usage logs could not be written'));
  // The notification dispatcher (NOTIFY_DISPATCH): every process polls, one at a time dispatches; it stops with the app.
  const stopDispatcher = config.dispatcher.enabled ? startDispatcher(database.db, config.dispatcher, app.log) : async () => undefined;
  app.addHook('onClose', async () => {
    await stopDispatcher();
    await app.inFlight.idle();
    await usageLogs.flush();
    if (closeDatabase) await database.close();
  });

  // One JSON line per request.
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        url: redactUrl(request.url),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        account: request.session?.employeeCode,
        ip: request.ip,
      },
      'request',
    );
  });

  const ctx: AppContext = {
    config,
    db: database.db,
    readDb: database.readDb,
    copyCsv: database.copyCsv,
    reportPool: database.reportPool,
    transportKey: await loadTransportKey(database.db),
    identKey: await loadSecret(database.db, 'ident-cookie-hmac-key', () => randomBytes(32).toString('base64')),
    csrfKey: await loadSecret(database.db, 'csrf-hmac-key', () => randomBytes(32).toString('base64')),
    now: options.now ?? (() => new Date()),
  };

  registerErrorHandling(app);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  const gate = {
    authenticate: (token: string, access?: Access) => authenticate(ctx, token, access),
    csrfKey: ctx.csrfKey,
    requireStepUp: (session: SessionContext) => requireStepUp(ctx, session),
  };
  registerMetrics(app, config.apiPrefix, {
    pools: database.poolStats,
    downloads: () => app.downloads.active,
    token: config.metricsToken,
    gate,
  });
  // Upload calls set their own limits (registerUpload, from the contract); these only bound a stray request.
  await app.register(fastifyMultipart, { limits: { fileSize: 10 * 1024 * 1024, files: 10, fields: 20, parts: 40 } });
  // Limits a route asks for itself (app.createRateLimit); none applies by default.
  await app.register(fastifyRateLimit, { global: false });
  await registerSecurityHeaders(app, config);
  await registerCompression(app);
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: '供应商协同平台 API',
        version: '1.0.0',
        description: 'Every call answers the envelope {code, success, data, message, msg}.',
      },
      servers: [{ url: config.apiPrefix }],
      components: {
        securitySchemes: {
          token: { type: 'apiKey', in: 'header', name: 'token' },
          // The retailer's systems: OAuth 2.0 client credentials, then `Authorization: Bearer <access_token>`.
          integration: {
            type: 'oauth2',
            description:
              'Integration clients (接口集成): POST the client id and secret to the token URL (HTTP Basic or the body), then send ' +
              '`Authorization: Bearer <access_token>` on every /integration/v1 call. Tokens live 15 minutes.',
            flows: {
              clientCredentials: {
                tokenUrl: `${config.apiPrefix}${integration.issueToken.path}`,
                scopes: Object.fromEntries(integration.integrationScopes.map((s) => [s, integration.scopeLabels[s].en])),
              },
            },
          },
          clientBasic: {
            type: 'http',
            scheme: 'basic',
            description: 'An integration client: its id as the user, its secret as the password.',
          },
        },
      },
      tags: [
        {
          name: 'integration',
          description:
            'How the retailer’s ERP, WMS and finance systems feed the portal. Get a token from /integration/oauth/token ' +
            '(client credentials), then call /integration/v1/… with `Authorization: Bearer <token>`: 401 for a missing, wrong ' +
            'or expired token or a disabled client, 403 for a scope the client lacks or a source address outside its list, ' +
            '429 with Retry-After beyond the client’s calls per minute.',
        },
        {
          name: 'notify-delivery',
          description:
            'Notification channels: the retailer’s webhooks and group robots (通知渠道, ms0122) and a supplier’s robots (群机器人, ' +
            'ms0123). A webhook receives each event as JSON {delivery, eventId, topic, subject, suppCode, at, payload, link} with ' +
            'the headers X-Portal-Event (topic), X-Portal-Delivery (the idempotency key, the same on every retry), X-Portal-Timestamp ' +
            '(Unix seconds) and X-Portal-Signature: `sha256=` + hex HMAC-SHA256 of `${timestamp}.${raw body}` keyed by the ' +
            'endpoint’s secret. Refuse a timestamp more than 300 s from your clock; answer 2xx within 10 s (docs/notify-delivery.md).',
        },
      ],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: `${config.apiPrefix}/docs` });
  app.get(`${config.apiPrefix}/openapi.json`, { schema: { hide: true } }, async () => app.swagger());

  await app.register(
    async (api) => {
      registerAuthHook(api, gate);
      await api.register(systemRoutes(ctx));
      await api.register(authRoutes(ctx));
      await api.register(menuRoutes(ctx));
      await api.register(userRoutes(ctx));
      await api.register(sessionRoutes(ctx));
      await api.register(baseInfoRoutes(ctx));
      await api.register(commonRoutes(ctx));
      await api.register(purchaseOrderRoutes(ctx));
      await api.register(deliveryNoteRoutes(ctx));
      await api.register(acceptanceRoutes(ctx));
      await api.register(dashboardRoutes(ctx));
      await api.register(performanceRoutes(ctx));
      await api.register(usageLogRoutes(ctx, usageLogs));
      await api.register(fileRoutes(ctx));
      await api.register(settlementRoutes(ctx));
      await api.register(certificateRoutes(ctx));
      await api.register(dockRoutes(ctx));
      await api.register(orderSettingsRoutes(ctx));
      await api.register(printRoutes(ctx));
      await api.register(goodsApplyRoutes(ctx));
      await api.register(supplierApplyRoutes(ctx));
      await api.register(dynamicQueryRoutes(ctx));
      await api.register(integrationRoutes(ctx));
      await api.register(importRoutes(ctx));
      await api.register(logRoutes(ctx));
      await api.register(notificationRoutes(ctx));
      await api.register(notifyDeliveryRoutes(ctx));
      await api.register(auditRoutes(ctx));
    },
    { prefix: config.apiPrefix },
  );

  const indexHtml = path.join(config.webDist, 'index.html');
  const hasWeb = fs.existsSync(indexHtml);
  const indexPage = new IndexPage(
    indexHtml,
    config,
    new FrameSources(
      () => frameModuleUrls(database.db),
      () => ctx.now().getTime(),
    ),
  );
  if (hasWeb) {
    // index.html only through the fallback below, which gives it its nonce.
    await app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: setStaticCacheHeaders,
      allowedPath: (pathName) => pathName !== '/index.html',
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    if (url === config.apiPrefix || url.startsWith(`${config.apiPrefix}/`) || !hasWeb || request.method !== 'GET') {
      return reply
        .status(404)
        .send(
          failure(
            ResultCode.notFound,
            `${Messages.notFound[languageOf(request.headers['accept-language'])]}: ${request.method} ${url}`,
            request.id,
          ),
        );
    }
    // SPA fallback: the browser router owns every other path.
    return indexPage.send(reply);
  });

  return app;
}
