// HTTP of integration clients: the admin calls (module 接口集成) and the OAuth 2.0 token call, which answers
// RFC 6749's shapes (with the envelope's code, success and msg beside them) rather than the envelope.
import { type TokenError, integration, languageOf } from '@portal/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../platform/context';
import { ApiError } from '../../../platform/errors';
import { registerCall } from '../../../platform/route';
import { TokenRefused, issueToken, list, create, update, rotate, setDisabled } from './service';

const tokenDescription = `OAuth 2.0 client credentials grant (RFC 6749 §4.4). Authenticate the client by HTTP Basic
(\`Authorization: Basic base64(client_id:client_secret)\`) or with \`client_id\` and \`client_secret\` in the body,
sent as \`application/x-www-form-urlencoded\` or JSON. The answer's \`access_token\` is sent as
\`Authorization: Bearer <token>\` on every \`/integration/v1\` call for 15 minutes; ask for a new one when it expires.
The client acts in its own tenant only.

\`\`\`
curl -u "ic_0123456789abcdef:isc_…" -d grant_type=client_credentials -d "scope=goods:write" https://portal.example.com/api/integration/oauth/token
curl -H "Content-Type: application/json" -d '{"grant_type":"client_credentials","client_id":"ic_0123456789abcdef","client_secret":"isc_…"}' https://portal.example.com/api/integration/oauth/token
curl -H "Authorization: Bearer iat_…" https://portal.example.com/api/integration/v1/ping
\`\`\``;

/** A refused token request: RFC 6749's error, the envelope's fields beside it. */
function tokenRefusal(reply: FastifyReply, status: number, error: TokenError['error'], message: string) {
  void reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
  if (status === 401) void reply.header('www-authenticate', 'Basic realm="integration"');
  const answer: TokenError = { error, error_description: message, code: String(status), success: false, data: null, message, msg: message };
  return reply.status(status).send(answer);
}

/** The credentials of a token request: HTTP Basic (RFC 6749 §2.3.1: form-encoded, then base64) or the body's. */
function credentialsOf(request: FastifyRequest, body: integration.TokenRequest) {
  const header = request.headers.authorization;
  const invalid = (zh: string, en: string) => new TokenRefused('invalid_request', { 'zh-CN': zh, en });
  if (header?.toLowerCase().startsWith('basic ')) {
    if (body.client_id !== undefined || body.client_secret !== undefined)
      throw invalid('客户端凭据只能用一种方式发送', 'Send the client credentials one way only: HTTP Basic or the body');
    const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
    const at = decoded.indexOf(':');
    if (at < 0) throw new TokenRefused('invalid_client', { 'zh-CN': 'Basic 凭据格式不正确', en: 'Malformed Basic credentials' });
    const part = (text: string) => {
      try {
        return decodeURIComponent(text.replaceAll('+', ' '));
      } catch {
        return text;
      }
    };
    return { clientId: part(decoded.slice(0, at)), clientSecret: part(decoded.slice(at + 1)) };
  }
  if (!body.client_id || !body.client_secret)
    throw new TokenRefused('invalid_client', {
      'zh-CN': '缺少客户端凭据（HTTP Basic 或 client_id 与 client_secret）',
      en: 'Client credentials are missing (HTTP Basic, or client_id and client_secret)',
    });
  return { clientId: body.client_id, clientSecret: body.client_secret };
}

/** A form body (application/x-www-form-urlencoded) as an object; a repeated parameter becomes a list, which the schema refuses. */
function parseForm(text: string): Record<string, string | string[]> {
  const form: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const had = Object.hasOwn(form, key) ? form[key] : undefined;
    const entry = had === undefined ? value : [...(Array.isArray(had) ? had : [had]), value];
    Object.defineProperty(form, key, { value: entry, enumerable: true, writable: true, configurable: true });
  }
  return form;
}

export function clientRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    registerCall(app, integration.listClients, ({ session }) => list(ctx, session));
    registerCall(app, integration.createClient, ({ session, body }) => create(ctx, session, body));
    registerCall(app, integration.updateClient, ({ session, body }) => update(ctx, session, body));
    registerCall(app, integration.rotateSecret, ({ session, body }) => rotate(ctx, session, body));
    registerCall(app, integration.disableClient, ({ session, body }) => setDisabled(ctx, session, body.clientId, true));
    registerCall(app, integration.enableClient, ({ session, body }) => setDisabled(ctx, session, body.clientId, false));

    // The token call takes a form body as RFC 6749 has it (only here: the other calls stay JSON).
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) =>
      done(null, parseForm(String(body))),
    );
    const call = integration.issueToken;
    app.withTypeProvider<ZodTypeProvider>().route({
      method: call.method,
      url: call.path,
      config: { isPublic: true },
      schema: {
        summary: call.summary,
        description: tokenDescription,
        tags: [call.area],
        body: call.body,
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        security: [{ clientBasic: [] }, {}],
        response: { 200: integration.tokenAnswer, 400: integration.tokenError, 401: integration.tokenError },
      },
      // Bad input is the RFC's invalid_request, not the envelope's plain 400.
      attachValidation: true,
      errorHandler: (err: FastifyError, request, reply) => {
        const language = languageOf(request.headers['accept-language']);
        if (err instanceof TokenRefused) return tokenRefusal(reply, err.status, err.error, err.texts[language]);
        if (err instanceof ApiError) return tokenRefusal(reply, 400, 'invalid_request', err.messageIn(language));
        const status = err.statusCode ?? 500;
        if (status >= 400 && status < 500) return tokenRefusal(reply, 400, 'invalid_request', err.message);
        return app.errorHandler(err, request, reply);
      },
      handler: async (request, reply) => {
        const invalid = request.validationError;
        if (invalid)
          throw invalid instanceof ApiError
            ? invalid
            : new TokenRefused('invalid_request', {
                'zh-CN': `请求参数不合法：${invalid.message}`,
                en: `Invalid request: ${invalid.message}`,
              });
        const body = request.body as integration.TokenRequest;
        if (body.grant_type !== 'client_credentials')
          throw new TokenRefused('unsupported_grant_type', {
            'zh-CN': '只支持 grant_type=client_credentials',
            en: 'Only grant_type=client_credentials is supported',
          });
        const credentials = credentialsOf(request, body);
        const answer = await app.inFlight.track(() =>
          issueToken(ctx, { ...credentials, ...(body.scope !== undefined ? { scope: body.scope } : {}) }),
        );
        return reply.header('cache-control', 'no-store').header('pragma', 'no-cache').send(answer);
      },
    });
  };
}
