// Registers a contract call as a Fastify route: schemas, envelope and the auth flag in one place.
import {
  type CallBody,
  type CallData,
  type CallDef,
  type CallQuery,
  type Language,
  envelopeSchema,
  failureEnvelopeSchema,
  languageOf,
  legacyEnvelopeSchema,
} from '@portal/contract';
import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { legacySuccess, success } from './envelope';
import { actorOfRequest, auditScope, filterOf } from './audit-scope';
import { afterFirstChunk } from './downloads';
import { ApiError } from './errors';
import { type ReceivedFile, receiveFiles, receiveParts } from './files/upload';
import { pathOfNul } from './validation';
import type { SessionContext } from './session-context';

export interface CallInput<C> {
  query: CallQuery<C>;
  body: CallBody<C>;
  /** The caller's session; reading it on a call without one answers 401. */
  readonly session: SessionContext;
  /** The caller's language (the web app sends the user's in Accept-Language; Chinese when none): exports follow it. */
  readonly language: Language;
  request: FastifyRequest;
  /** For headers and cookies only; the envelope is written by registerCall. */
  reply: FastifyReply;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Public calls need no token; every other call passes the auth hook. */
    isPublic?: boolean;
    /** Module code the caller must hold (checked by the auth hook). */
    module?: string;
    /** Button code of `module` the caller must hold as well. */
    button?: string;
    /** The call changes data: refused when the browser says it comes from another site. */
    changes?: boolean;
    /** An integration call: its own gate (a client's bearer token) runs instead of the session's. */
    integration?: boolean;
    /** A sensitive action: the session must have confirmed its user within the last minutes (two-factor step-up). */
    stepUp?: boolean;
    /** Open to a session whose account must still enrol in two-factor sign-in. */
    duringEnrolment?: boolean;
  }
}

/**
 * What the auth hook checks of a call: public, or the module (and button) the caller must hold; whether it
 * changes data; whether it is an integration call, which the session hook leaves to its own gate.
 */
export function accessOf(call: CallDef<z.ZodType | undefined, z.ZodType | undefined, z.ZodType>) {
  return {
    isPublic: call.public ?? false,
    changes: call.changes ?? false,
    integration: call.integration !== undefined,
    ...(call.stepUp ? { stepUp: true } : {}),
    ...(call.duringEnrolment ? { duringEnrolment: true } : {}),
    ...(call.module ? { module: call.module } : {}),
    ...(call.button ? { button: call.button } : {}),
  };
}

/** A streamed file answer of a download call. */
export interface Download {
  fileName: string;
  contentType: string;
  body: Readable;
}

/** How the OpenAPI document says a call is authenticated: none, a client's bearer token with its scope, or a session token. */
function securityOf(call: CallDef<z.ZodType | undefined, z.ZodType | undefined, z.ZodType>) {
  if (call.public) return {};
  if (call.integration) return { security: [{ integration: call.integration.scope ? [call.integration.scope] : [] }] };
  return { security: [{ token: [] }] };
}

/** Validation and OpenAPI schema of a call; `ok` is the success answer (none for a file). */
export function routeSchema(call: CallDef<z.ZodType | undefined, z.ZodType | undefined, z.ZodType>, ok?: z.ZodType) {
  const failureResponses = Object.fromEntries([400, 401, 403, 404, 409, 429, 500].map((s) => [s, failureEnvelopeSchema]));
  return {
    summary: call.summary,
    tags: [call.area],
    ...(call.query ? { querystring: call.query } : {}),
    ...(call.body ? { body: call.body } : {}),
    ...securityOf(call),
    response: { ...(ok ? { 200: ok } : {}), ...failureResponses },
  };
}

function inputOf<C>(request: FastifyRequest, reply: FastifyReply): CallInput<C> {
  return {
    query: request.query as CallQuery<C>,
    body: request.body as CallBody<C>,
    get session() {
      if (!request.session) throw ApiError.unauthorized();
      return request.session;
    },
    get language() {
      return languageOf(request.headers['accept-language']);
    },
    request,
    reply,
  };
}

/**
 * Registers a download: same validation and permissions as a call, but the answer is a file streamed
 * as it is produced. The handler counts as in flight until the stream has ended. Headers wait for the
 * stream's first chunk, so a failure before it answers the error envelope; DownloadLimits bounds exports.
 * A light read (`{ light: true }`: a stored file, a thumbnail) reads bytes already made, as a call reads a
 * row: it takes no export slot, so a page of images never waits behind exports nor they behind it. `bodyLimit`
 * raises the server's limit of a JSON body for this call alone. Every other download is an export entry of the audit
 * trail, written here, unless `ownsExportEntry` says its handler writes one itself (the trail's own export, whose
 * file holds its entry).
 */
export function registerDownload<C extends CallDef<z.ZodType | undefined, z.ZodType | undefined, z.ZodType>>(
  app: FastifyInstance,
  call: C,
  handler: (input: CallInput<C>) => Promise<Download>,
  options: { light?: boolean; bodyLimit?: number; ownsExportEntry?: boolean } = {},
): void {
  const schema = routeSchema(call);
  app.withTypeProvider<ZodTypeProvider>().route({
    method: call.method,
    url: call.path,
    // A download whose body is a report the page holds (an import's check) may be larger than a call's.
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    config: accessOf(call),
    schema: { ...schema, produces: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'] },
    // Never compressed: the file streams chunk by chunk, and a failure mid-way must cut the connection.
    compress: false,
    handler: async (request, reply) => {
      const release = options.light ? () => undefined : app.downloads.acquire(request.session);
      let download: Download;
      let body: Readable;
      try {
        download = await auditScope(request, call, () => handler(inputOf<C>(request, reply)));
        body = await afterFirstChunk(download.body);
        // An export is an event of the audit trail (a stored file read is not: `light`).
        if (!options.light && !options.ownsExportEntry)
          await app.auditEvents.exported(actorOfRequest(request, call), {
            fileName: download.fileName,
            contentType: download.contentType,
            ...filterOf(request),
          });
      } catch (err) {
        release();
        throw err;
      }
      void app.inFlight.track(() =>
        finished(body)
          .catch(() => undefined)
          .finally(release),
      );
      // After the first byte a failure can only cut the connection: the chunked body stays incomplete.
      body.on('error', (err) => request.log.error({ err }, 'download failed while streaming'));
      app.downloads.guardWrites(reply);
      return reply
        .header('content-type', download.contentType)
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(download.fileName)}`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  });
}

export function registerCall<C extends CallDef<z.ZodType | undefined, z.ZodType | undefined, z.ZodType>>(
  app: FastifyInstance,
  call: C,
  handler: (input: CallInput<C>) => Promise<CallData<C>>,
): void {
  if (call.integration) throw new Error(`${call.path} is an integration call: register it with registerIntegrationCall`);
  const legacy = call.envelope === 'legacy';
  app.withTypeProvider<ZodTypeProvider>().route({
    method: call.method,
    url: call.path,
    config: accessOf(call),
    schema: routeSchema(call, legacy ? legacyEnvelopeSchema(call.data) : envelopeSchema(call.data)),
    handler: async (request, reply) => {
      const data = await app.inFlight.track(() => auditScope(request, call, () => handler(inputOf<C>(request, reply))));
      return legacy ? legacySuccess(data, call.successMessage) : success(data, call.successMessage);
    },
  });
}

/**
 * Registers an upload: same access and envelope as a call; the files of the multipart body are read
 * within the contract's rule (count, size, kinds) and handed to the handler, checked, before anything is stored.
 */
export function registerUpload<C extends CallDef<z.ZodType | undefined, undefined, z.ZodType>>(
  app: FastifyInstance,
  call: C,
  handler: (input: CallInput<C>, files: ReceivedFile[]) => Promise<CallData<C>>,
): void {
  const rule = call.upload;
  if (!rule) throw new Error(`${call.path} has no upload rule in the contract`);
  app.withTypeProvider<ZodTypeProvider>().route({
    method: call.method,
    url: call.path,
    config: accessOf(call),
    schema: { ...routeSchema(call, envelopeSchema(call.data)), consumes: ['multipart/form-data'] },
    handler: async (request, reply) => {
      const data = await app.inFlight.track(() =>
        auditScope(request, call, async () => handler(inputOf<C>(request, reply), await receiveFiles(request, rule))),
      );
      return success(data, call.successMessage);
    },
  });
}

/** The `form` field of a multipart body checked as a JSON body would be: NUL characters, then the call's schema. */
function formOf(fields: Record<string, string>, schema: z.ZodType): unknown {
  const raw = fields.form;
  if (raw === undefined) throw ApiError.badRequest({ 'zh-CN': 'body: 缺少表单字段 form', en: 'body: the form field form is missing' });
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw ApiError.badRequest({ 'zh-CN': 'body: 表单字段 form 不是有效的 JSON', en: 'body: the form field form is not valid JSON' });
  }
  const nul = pathOfNul(value);
  if (nul)
    throw ApiError.badRequest({
      'zh-CN': `${['body', ...nul].join('.').replaceAll('\u0000', '\\u0000')}: 不能包含空字符 (\\u0000)`,
      en: `${['body', ...nul].join('.').replaceAll('\u0000', '\\u0000')}: cannot contain the null character (\\u0000)`,
    });
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const message = issue ? `${['body', ...issue.path.map(String)].join('.')}: ${issue.message}` : undefined;
    throw ApiError.badRequest(
      message ? { 'zh-CN': message, en: message } : { 'zh-CN': '请求参数不合法', en: 'Invalid request parameters' },
    );
  }
  return parsed.data;
}

/**
 * Registers an upload whose form travels with its files (one multipart body: the JSON form in the field
 * `form`, files in `file`), so that a record and its files are created together or not at all. `before`
 * runs ahead of reading the body (a rate limit refuses before any byte is stored in memory).
 */
export function registerFormUpload<C extends CallDef<z.ZodType | undefined, z.ZodType, z.ZodType>>(
  app: FastifyInstance,
  call: C,
  handler: (input: CallInput<C>, files: ReceivedFile[]) => Promise<CallData<C>>,
  before?: (request: FastifyRequest) => Promise<void>,
): void {
  const rule = call.upload;
  if (!rule || !call.body) throw new Error(`${call.path} has no upload rule or form in the contract`);
  const body = call.body;
  const { body: _form, ...schema } = routeSchema(call, envelopeSchema(call.data));
  app.withTypeProvider<ZodTypeProvider>().route({
    method: call.method,
    url: call.path,
    config: accessOf(call),
    schema: { ...schema, consumes: ['multipart/form-data'] },
    handler: async (request, reply) => {
      const data = await app.inFlight.track(() =>
        auditScope(request, call, async () => {
          if (before) await before(request);
          const { files, fields } = await receiveParts(request, rule);
          request.body = formOf(fields, body);
          return handler(inputOf<C>(request, reply), files);
        }),
      );
      return success(data, call.successMessage);
    },
  });
}
