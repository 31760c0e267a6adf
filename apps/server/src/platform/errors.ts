// One place that turns every failure into the envelope and a real HTTP status.
import { type Language, type Localized, Messages, ResultCode, languageOf } from '@portal/contract';
import { randomUUID } from 'node:crypto';
import { type IncomingMessage, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/unavailable';
import { failure } from './envelope';
import { bareErrorHeaders } from './security-headers';

/** A message in each language: the caller reads the one its Accept-Language asks for (Chinese when none). */
export type { Localized };

/**
 * A failure the caller should see: HTTP status, envelope code and a message for people in each language
 * (`message` is the Chinese one, as logs and callers naming no language read it). Every refusal is written
 * so: `ApiError.conflict({ 'zh-CN': '…', en: '…' })`, or a Localized constant (contract `Messages`).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    private readonly texts: Localized,
    /** What the caller may act on besides the message (the envelope's data; null when none). */
    readonly data: unknown = null,
  ) {
    super(texts['zh-CN']);
  }
  /** The message in a language. */
  messageIn(language: Language): string {
    return this.texts[language];
  }
  static badRequest(message: Localized) {
    return new ApiError(400, ResultCode.badRequest, message);
  }
  static unauthorized(message: Localized = Messages.tokenInvalid) {
    return new ApiError(401, ResultCode.unauthorized, message);
  }
  static forbidden(message: Localized = Messages.forbidden) {
    return new ApiError(403, ResultCode.forbidden, message);
  }
  static notFound(message: Localized) {
    return new ApiError(404, ResultCode.notFound, message);
  }
  static conflict(message: Localized, data: unknown = null) {
    return new ApiError(409, ResultCode.conflict, message, data);
  }
}

const statusCodes: Record<number, string> = {
  400: ResultCode.badRequest,
  401: ResultCode.unauthorized,
  403: ResultCode.forbidden,
  404: ResultCode.notFound,
  409: ResultCode.conflict,
  429: ResultCode.throttled,
  503: ResultCode.unavailable,
};

function send(reply: FastifyReply, status: number, code: string, message: string, data: unknown = null) {
  return reply.status(status).send(failure(code, message, reply.request.id, data));
}

const invalidRequest: Localized = { 'zh-CN': '请求参数不合法', en: 'Invalid request parameters' };
const invalidJson: Localized = { 'zh-CN': '请求体不是合法的 JSON', en: 'The request body is not valid JSON' };
const badUrl: Localized = { 'zh-CN': '请求地址不合法', en: 'Invalid request URL' };

const saneRequestId = /^[\w.:-]{1,64}$/;

/** A request's id: the x-request-id a proxy gave when it looks like one, else a new UUID. */
export function requestIdOf(raw: IncomingMessage): string {
  const given = raw.headers['x-request-id'];
  return typeof given === 'string' && saneRequestId.test(given) ? given : randomUUID();
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const language = languageOf(request.headers['accept-language']);
    if (err instanceof ApiError) {
      return send(reply, err.status, err.code, err.messageIn(language), err.data);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issue = err.validation[0];
      const where = [err.validationContext, ...(issue?.instancePath ?? '').split('/').filter(Boolean)].join('.');
      const message = issue ? `${where}: ${issue.message}` : invalidRequest[language];
      return send(reply, 400, ResultCode.badRequest, message);
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err, issues: err.cause.issues }, 'response does not match the contract');
      return send(reply, 500, ResultCode.internal, Messages.internal[language]);
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError
          ? `${invalidJson[language]}: ${err.message}`
          : err.message;
      return send(reply, status, statusCodes[status] ?? String(status), message);
    }
    if (isDatabaseUnavailable(err)) {
      request.log.error({ err }, 'database unavailable');
      return send(reply, 503, ResultCode.unavailable, Messages.serviceUnavailable[language]);
    }
    request.log.error({ err }, 'unexpected error');
    return send(reply, 500, ResultCode.internal, Messages.internal[language]);
  });
}

/**
 * Fastify's frameworkErrors: errors of its router before any route (a path whose percent-encoding does not
 * decode), answered in the envelope like every other error instead of Fastify's own JSON.
 */
export function answerFrameworkError(err: FastifyError, request: { headers: IncomingMessage['headers'] }, reply: FastifyReply): void {
  const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 400;
  // No hook runs for these: the headers every answer carries are set here.
  void reply.headers({ ...bareErrorHeaders, 'x-request-id': reply.request.id });
  void send(
    reply,
    status,
    statusCodes[status] ?? String(status),
    err.code === 'FST_ERR_BAD_URL' ? badUrl[languageOf(request.headers['accept-language'])] : err.message,
  );
}

/** Node's parser errors of a request that never reached routing: status and message. */
function clientErrorOf(err: NodeJS.ErrnoException): [number, string] {
  if (err.code === 'HPE_HEADER_OVERFLOW') return [431, '请求头过大'];
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') return [408, '请求超时'];
  return [400, '请求格式不正确'];
}

/**
 * Fastify's clientErrorHandler: a request Node could not parse (a malformed line, headers over the
 * limit) is answered in the envelope as well, then the connection closes.
 */
export function answerClientError(err: NodeJS.ErrnoException, socket: Socket): void {
  if (!socket.writable) return;
  const [status, message] = clientErrorOf(err);
  const body = JSON.stringify(failure(statusCodes[status] ?? String(status), message));
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      Object.entries(bareErrorHeaders)
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('') +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
