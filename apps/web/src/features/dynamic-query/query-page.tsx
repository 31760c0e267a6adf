// The generic query page /scmQuery/dynamic/query/{queryCode}: the definition's parameter form and its result on
// the server-paged DataGrid (sort, column filters and checklists run on the server), exports, and the tab
// title and breadcrumb from the definition's title. Signed out it shows public definitions only.
import { type PageDefinition, type ParamValues, type ResultRow, dynamicQuery } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Result, Space, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ApiFailure } from '../../api/client';
import { fetchFile, fileTypes } from '../../api/download';
import { DataGrid, type GridColumn, type GridRow, titleWidth } from '../../components/data-grid';
import { ListPagination } from '../../components/list-pagination';
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

const rowOf = (row: ResultRow): GridRow =>
  Object.fromEntries(Object.entries(row).map(([k, v]) => [k, typeof v === 'boolean' ? String(v) : v]));

function QueryView({ definition, tenantid }: { definition: PageDefinition; tenantid: string | undefined }) {
  const { title } = definition;
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const [params, setParams] = useState<ParamValues>(() => paramValuesOf(definition.params, initialValues(definition.params)));
  const [exporting, setExporting] = useState<'csv' | 'xlsx' | null>(null);
  const list = useServerList({
    initialSearch: { params },
    search: { params },
    bodyOf: (s: { params: ParamValues }) => ({ queryCode: definition.queryCode, params: s.params }),
    pageQuery: (body: RunBody) => runQuery(body, tenantid),
    columnValues: (body: RunBody, field: string) => runColumnValues(body, field, tenantid),
    row: rowOf,
    pageSizes: [20, 50, 100],
  });
  const columns = useMemo(() => definition.columns.map(gridColumnOf), [definition.columns]);
  const run = useQuery(runQuery(list.body, tenantid));

  const exportAs = async (kind: 'csv' | 'xlsx') => {
    setExporting(kind);
    const key = 'dynamic-query-export';
    void message.loading({ key, content: t('dynamicQuery.exporting'), duration: 0 });
    try {
      const { blob, fileName } = await fetchFile(
        kind === 'csv' ? dynamicQuery.exportCsv : dynamicQuery.exportExcel,
        { body: list.exportBody, query: tenantid ? { tenantid } : {} },
        {
          accept: fileTypes[kind],
          fallbackName: `${definition.title}.${kind}`,
        },
      );
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = fileName;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      void message.success({ key, content: t('dynamicQuery.exported', { name: fileName }), duration: 2 });
    } catch {
      message.destroy(key);
    } finally {
      setExporting(null);
    }
  };

  return (
    <Card title={title}>
      {definition.description && <Typography.Paragraph type="secondary">{definition.description}</Typography.Paragraph>}
      <ParamForm params={definition.params} form={form} onSearch={(values) => setParams(paramValuesOf(definition.params, values))} />
      <Space wrap style={{ marginBottom: 12 }}>
        <Button onClick={() => void exportAs('csv')} loading={exporting === 'csv'} disabled={exporting !== null}>
          {t('dynamicQuery.exportCsv')}
        </Button>
        <Button onClick={() => void exportAs('xlsx')} loading={exporting === 'xlsx'} disabled={exporting !== null}>
          {t('dynamicQuery.exportExcel')}
        </Button>
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
