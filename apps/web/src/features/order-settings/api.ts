// Calls of the order collaboration settings (ms0124) with their query key; the save refreshes what it changed.
import { type OrderSettings, orderSettings } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../api/client';
import { useChange } from '../../lib/react-query';

const keys = { all: ['order-settings'] as const };

export const settingsQuery = queryOptions({
  queryKey: keys.all,
  queryFn: () => call(orderSettings.getOrderSettings, {}),
});

export const useSaveSettings = () =>
  useChange((settings: OrderSettings) => call(orderSettings.saveOrderSettings, { body: settings }), [keys.all]);
