// Calls of the dashboard with their query keys (under the shared dashboard key, which settlement changes refresh).
import { certificate, dashboard } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../api/client';
import { dashboardKeys } from '../../lib/query-keys';

const supplierQuery = (suppCode: string | undefined) => (suppCode ? { suppCode } : {});

export const overviewQuery = (suppCode: string | undefined) =>
  queryOptions({
    queryKey: [...dashboardKeys.all, suppCode ?? ''],
    queryFn: () => call(dashboard.getOverview, { query: supplierQuery(suppCode) }),
  });

export const certificateSummaryQuery = (suppCode: string | undefined) =>
  queryOptions({
    queryKey: [...dashboardKeys.all, 'certificates', suppCode ?? ''],
    queryFn: () => call(certificate.getCertificateSummary, { query: supplierQuery(suppCode) }),
  });

export const deliveryOverviewQuery = (suppCode: string | undefined) =>
  queryOptions({
    queryKey: [...dashboardKeys.all, 'deliveries', suppCode ?? ''],
    queryFn: () => call(dashboard.getDeliveryOverview, { query: supplierQuery(suppCode) }),
  });
