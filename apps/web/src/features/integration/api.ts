// Calls of the integration clients page with their query key; each change refreshes the list.
import { type CallBody, integration } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../api/client';
import { useChange } from '../../lib/react-query';

const keys = { clients: ['integration', 'clients'] as const };

export type ClientSettings = CallBody<typeof integration.createClient>;
export type ClientUpdate = CallBody<typeof integration.updateClient>;

export const clientsQuery = queryOptions({
  queryKey: keys.clients,
  queryFn: () => call(integration.listClients, {}),
});

export const useCreateClient = () => useChange((body: ClientSettings) => call(integration.createClient, { body }), [keys.clients]);
export const useUpdateClient = () => useChange((body: ClientUpdate) => call(integration.updateClient, { body }), [keys.clients]);
export const useRotateSecret = () =>
  useChange((body: CallBody<typeof integration.rotateSecret>) => call(integration.rotateSecret, { body }), [keys.clients]);
export const useSetDisabled = () =>
  useChange(
    ({ clientId, disabled }: { clientId: string; disabled: boolean }) =>
      call(disabled ? integration.disableClient : integration.enableClient, { body: { clientId } }),
    [keys.clients],
  );
