// bench:mixed's traffic, shared by the benches that run it beside their own measure (bench:notify-latency) or
// through another front (bench:scale): getInfo, the menu, an order page, 90 days of receiving lines, the dashboard.

/** What the load process (load.ts) prints of a run. */
export interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  requests: number;
}

/** A day `daysAgo` days back, YYYY-MM-DD. */
export const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

/** The requests each connection cycles through, signed in with `token`. */
export function mixedRequests(token: string) {
  const json = { token, 'content-type': 'application/json' };
  return [
    { method: 'GET' as const, path: '/api/user/getInfo', headers: { token } },
    { method: 'GET' as const, path: '/api/user/queryMerchantsModuleList', headers: { token } },
    { method: 'POST' as const, path: '/api/purOrderBill/getPurOrderPage', headers: json, body: JSON.stringify({ page: 1, limit: 20 }) },
    {
      method: 'POST' as const,
      path: '/api/acceptance/getAccDetailInfo',
      headers: json,
      body: JSON.stringify({ startDate: day(90), endDate: day(0), page: 1, limit: 50 }),
    },
    { method: 'GET' as const, path: '/api/dashboard/overview', headers: { token } },
  ];
}
