// Calls of the channel screens with their query keys: both screens (通知渠道 ms0122, 群机器人 ms0123) take the same
// shapes under their own calls, so each hook takes the screen's calls; a change refreshes the list and the log.
import { type CallBody, notifyDelivery } from '@portal/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../../api/client';
import { useChange } from '../../lib/react-query';

/** The calls of a screen. The staff screen's bodies are the wider ones (webhooks, team roles): both screens send through them. */
export type ScreenCalls = typeof notifyDelivery.staffCalls;
export const staffCalls: ScreenCalls = notifyDelivery.staffCalls;
export const supplierCalls = notifyDelivery.supplierCalls as unknown as ScreenCalls;

export type EndpointBody = CallBody<typeof notifyDelivery.createEndpoint>;
export type DeliveryQuery = notifyDelivery.DeliveryQuery;

const keys = (calls: ScreenCalls) => ['notify-delivery', calls.list.path] as const;

export const endpointsQuery = (calls: ScreenCalls) =>
  queryOptions({ queryKey: [...keys(calls), 'list'], queryFn: () => call(calls.list, {}) });

export const deliveriesQuery = (calls: ScreenCalls, query: DeliveryQuery | undefined) =>
  queryOptions({
    queryKey: [...keys(calls), 'deliveries', query],
    queryFn: () => call(calls.deliveries, { body: query! }),
    enabled: Boolean(query),
    placeholderData: keepPreviousData,
  });

export const attemptsQuery = (calls: ScreenCalls, id: string) =>
  queryOptions({ queryKey: [...keys(calls), 'attempts', id], queryFn: () => call(calls.attempts, { query: { id } }) });

export const useCreateEndpoint = (calls: ScreenCalls) => useChange((body: EndpointBody) => call(calls.create, { body }), [keys(calls)]);
export const useUpdateEndpoint = (calls: ScreenCalls) =>
  useChange((body: EndpointBody & { id: string }) => call(calls.update, { body }), [keys(calls)]);
export const useSetEnabled = (calls: ScreenCalls) =>
  useChange(
    ({ id, enabled }: { id: string; enabled: boolean }) => call(enabled ? calls.enable : calls.disable, { body: { id } }),
    [keys(calls)],
  );
export const useTestEndpoint = (calls: ScreenCalls) => useChange((id: string) => call(calls.test, { body: { id } }), [keys(calls)]);
export const useReplay = (calls: ScreenCalls) => useChange((id: string) => call(calls.replay, { body: { id } }), [keys(calls)]);
export const useRotateSecret = () =>
  useChange((id: string) => call(notifyDelivery.rotateEndpointSecret, { body: { id } }), [keys(staffCalls)]);
