// Calls of the module usage page with their query keys.
import { type CallQuery, usageLog } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../api/client';

export type UsageRange = CallQuery<typeof usageLog.getModuleUsage>;

const keys = { all: ['module-usage'] as const };

export const moduleUsageQuery = (range: UsageRange) =>
  queryOptions({
    queryKey: [...keys.all, range],
    queryFn: () => call(usageLog.getModuleUsage, { query: range }),
  });
