// The generic query page /scmQuery/dynamic/query/{queryCode}: the definition's parameter form and its result on
// the server-paged DataGrid (sort, column filters and checklists run on the server), exports, and the tab
// title and breadcrumb from the definition's title. Signed out it shows public definitions only.
import { type PageDefinition, type ParamValues, type ResultRow, dynamicQuery } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Form, Result, Space, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ApiFailure } from '../../api/client';
import { download } from '../../api/download';
import { DataGrid, type GridColumn, type GridRow, titleWidth } from '../../components/data-grid';
import { ExportButtons } from '../../components/export-buttons';
import { ListPagination } from '../../components/list-pagination';
import { formatTime } from '../../lib/format';
import { useServerList } from '../../components/server-list/use-server-list';
import { usePageTitlesStore } from '../../stores/page-titles';
import { useUserStore } from '../../stores/user';
import { type RunBody, cappedOf, pageDefinitionQuery, runColumnValues, runQuery } from './api';
import { localized } from './localized';
import { type FormValues, ParamForm, initialValues, paramValuesOf } from './param-form';

/** The query code of a path …/dynamic/query/{code}. */
export const queryCodeOf = (pathname: string) => decodeURIComponent(pathname.split('/dynamic/query/')[1]?.split('/')[0] ?? '');

export default function DynamicQueryPage() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const queryCode = queryCodeOf(location.pathname);
  const signedIn = useUserStore((s) => s.signedIn);
  const storedTenant = useUserStore((s) => s.tenantid);
  const tenantid = signedIn ? undefined : (new URLSearchParams(location.search).get('tenantid') ?? storedTenant);
  const { data: stored, error } = useQuery(pageDefinitionQuery(queryCode, tenantid));
  const definition = useMemo(() => stored && localized(stored, i18n.language), [stored, i18n.language]);
  const setTitle = usePageTitlesStore((s) => s.setTitle);
  const title = definition?.title;
  useEffect(() => {
    if (title) setTitle(location.pathname, title);
  }, [title, location.pathname, setTitle]);
  // Signed out no shell names the window (a public definition opened by link): the page does.
  useEffect(() => {
    if (!signedIn && title) document.title = `${title} - ${t('app.title')}`;
  }, [signedIn, title, t]);

  if (error) {
    const status = error instanceof ApiFailure ? error.status : 0;
    return (
      <Result
        status={status === 404 ? '404' : status === 401 || status === 403 ? '403' : 'warning'}
        title={t('dynamicQuery.notFound')}
        subTitle={error.message}
        extra={
          status === 401 ? (
            <Link to={`/login?redirect=${encodeURIComponent(location.pathname + location.search)}`}>{t('dynamicQuery.signIn')}</Link>
          ) : undefined
        }
      />
    );
  }
  if (!definition) return null;
  return <QueryView key={queryCode} definition={definition} tenantid={tenantid} />;
}

function gridColumnOf(c: PageDefinition['columns'][number]): GridColumn {
  const type = c.type === 'number' ? (c.format === 'money' ? 'money' : 'number') : c.type === 'date' ? 'date' : 'text';
  // A definition's width never cuts its title.
  const width = Math.max(c.width, titleWidth(c.title));
  return { field: c.field, title: c.title, type, width, ...(c.fixed ? { fixed: c.fixed } : {}) };
}

/** A timestamp cell as the runner sends it (ISO, UTC): shown as the retailer's time like every other time. */
const instant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const cellOf = (v: ResultRow[string]) =>
  typeof v === 'boolean' ? String(v) : typeof v === 'string' && instant.test(v) ? formatTime(v) : v;
const rowOf = (row: ResultRow): GridRow => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, cellOf(v)]));

function QueryView({ definition, tenantid }: { definition: PageDefinition; tenantid: string | undefined }) {
  const { title } = definition;
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const [params, setParams] = useState<ParamValues>(() => paramValuesOf(definition.params, initialValues(definition.params)));
  // One search object per 查询: a new one fetches again, the same one across renders keeps the page.
  const search = useMemo(() => ({ params }), [params]);
  const list = useServerList({
    initialSearch: search,
    search,
    bodyOf: (s: { params: ParamValues }) => ({ queryCode: definition.queryCode, params: s.params }),
    pageQuery: (body: RunBody) => runQuery(body, tenantid),
    columnValues: (body: RunBody, field: string) => runColumnValues(body, field, tenantid),
    row: rowOf,
    pageSizes: [20, 50, 100],
  });
  const columns = useMemo(() => definition.columns.map(gridColumnOf), [definition.columns]);
  const run = useQuery(runQuery(list.body, tenantid));

  return (
    <Card title={title}>
      {definition.description && <Typography.Paragraph type="secondary">{definition.description}</Typography.Paragraph>}
      <ParamForm params={definition.params} form={form} onSearch={(values) => setParams(paramValuesOf(definition.params, values))} />
      <Space wrap style={{ marginBottom: 12 }}>
        <ExportButtons
          texts="dynamicQuery"
          fallbackName={definition.title}
          exportAs={(format, options) =>
            download(
              format === 'csv' ? dynamicQuery.exportCsv : dynamicQuery.exportExcel,
              { body: list.exportBody, query: tenantid ? { tenantid } : {} },
              options,
            )
          }
        />
        {list.total !== undefined && <Typography.Text aria-live="polite">{t('dynamicQuery.total', { count: list.total })}</Typography.Text>}
      </Space>
      {cappedOf(run.data) && (
        <Alert type="warning" showIcon style={{ marginBottom: 12 }} message={t('dynamicQuery.capped', { total: run.data?.total })} />
      )}
      <DataGrid aria-label={`${title} ${t('dynamicQuery.grid')}`} columns={columns} {...list.grid} />
      <ListPagination {...list.pagination} />
    </Card>
  );
}
