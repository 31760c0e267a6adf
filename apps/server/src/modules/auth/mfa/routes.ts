// HTTP of two-factor sign-in: the user's own enrolment and step-up, and the tenant's policy (ms0127).
import { mfa } from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../../platform/context';
import { registerCall } from '../../../platform/route';
import * as service from './service';

export function clientOf(request: FastifyRequest): service.Client {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? '', requestId: String(request.id) };
}

export function mfaRoutes(ctx: AppContext) {
  return (app: FastifyInstance) => {
    registerCall(app, mfa.status, ({ session }) => service.status(ctx, session));
    registerCall(app, mfa.startEnrolment, ({ session }) => service.startEnrolment(ctx, session));
    registerCall(app, mfa.confirmEnrolment, ({ session, body }) => service.confirmEnrolment(ctx, session, body.code));
    registerCall(app, mfa.disable, ({ session, body }) => service.disable(ctx, session, body.code));
    registerCall(app, mfa.stepUp, ({ session, body }) => service.stepUp(ctx, session, body));
    registerCall(app, mfa.getPolicy, ({ session }) => service.getPolicy(ctx, session.tenantId));
    registerCall(app, mfa.savePolicy, ({ session, body }) => service.savePolicy(ctx, session, body));
  };
}
