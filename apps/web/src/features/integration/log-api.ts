// Calls of 接口日志 (ms0112): the paged list, one batch's refusals, the export.
import { integration } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../api/client';
import { type DownloadOptions, download } from '../../api/download';

export type LogListQuery = integration.LogListQuery;
export type LogRow = integration.LogRow;

const keys = ['integration-log'] as const;

export const logPageQuery = (query: LogListQuery) =>
  queryOptions({
    queryKey: [...keys, 'page', query],
    queryFn: () => call(integration.getIntegrationLog, { body: query }),
    placeholderData: (previous) => previous,
  });

export const batchQuery = (id: string | undefined) =>
  queryOptions({
    queryKey: [...keys, 'batch', id],
    queryFn: () => call(integration.getIntegrationBatch, { query: { id: id! } }),
    enabled: Boolean(id),
  });

export const exportLog = (search: integration.LogFilter, format: 'csv' | 'xlsx', options: DownloadOptions) =>
  download(integration.exportIntegrationLog, { body: { ...search, format } }, options);
