// HTTP of the integration area: clients and the token call, and the calls under /integration/v1 behind the gate
// (ping, the inbound documents, the events feed).
import { integration } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { clientRoutes } from './clients/routes';
import { ingest } from './documents/service';
import { listEvents } from './events/service';
import { registerIntegrationCall } from './gate';

export function integrationRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    await app.register(clientRoutes(ctx));
    registerIntegrationCall(app, ctx, integration.ping, async ({ caller }) => caller);
    // POST /integration/v1/<entity>: a batch of one entity's documents, in the client's tenant. The line limit
    // (50,000) is the service's 413; the body limit lets a batch at that limit through and answers 413 past it.
    for (const [entity, call] of Object.entries(integration.documentCalls) as [integration.DocumentEntity, integration.DocumentCall][])
      registerIntegrationCall(
        app,
        ctx,
        call,
        ({ caller, body }) =>
          ingest(
            ctx,
            { tenantId: caller.tenantId, source: 'api', clientId: caller.clientId, clientName: caller.clientName },
            entity,
            body.documents,
          ),
        { bodyLimit: integration.maxBatchBytes },
      );
    registerIntegrationCall(app, ctx, integration.listEvents, ({ caller, query }) =>
      listEvents(ctx, caller.tenantId, query.after, query.limit),
    );
  };
}
