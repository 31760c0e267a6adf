// The audit trail's list, one component for both screens: 审计日志 (staff: the tenant's entries, by supplier too) and
// 操作日志 (a main account: its own accounts' actions). Searched by days (the last 7 by default, never empty),
// account, supplier, module, kind and object; paged on the server, newest first; the selected entry opens its
// before and after; the list exports as CSV or Excel (the export button of the module).
import { audit, languageOf } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, DatePicker, Form, Input, Select, Space, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataGrid, type GridColumn } from '../../components/data-grid';
import { ExportButtons } from '../../components/export-buttons';
import { ListPagination } from '../../components/list-pagination';
import { SupplierPicker } from '../../components/pickers/supplier-picker';
import { useServerList } from '../../components/server-list/use-server-list';
import { lastDays } from '../../lib/business-day';
import { formatTime } from '../../lib/format';
import { useAuthButtons } from '../../lib/use-auth-buttons';
import { type AuditListQuery, type AuditRow, type Viewer, auditPageQuery, exportTrail, moduleOf, modulesQuery } from './api';
import { EntryDrawer } from './entry-drawer';
import { whoOf } from './who';

interface Search {
  days: [Dayjs, Dayjs];
  account: string;
  suppCode?: string | undefined;
  moduleCode?: string | undefined;
  kind?: audit.AuditKind | undefined;
  objectType?: string | undefined;
  objectId: string;
}
const initialSearch = (): Search => ({ days: lastDays(audit.defaultAuditDays), account: '', objectId: '' });

function queryOf(search: Search): Omit<AuditListQuery, 'page' | 'limit'> {
  // A cleared range goes back to the default days: a search always covers a bounded time.
  const [from, to] = search.days ?? lastDays(audit.defaultAuditDays);
  const account = search.account?.trim();
  const objectId = search.objectId?.trim();
  return {
    dateFrom: from.format('YYYY-MM-DD'),
    dateTo: to.format('YYYY-MM-DD'),
    ...(account ? { account } : {}),
    ...(search.suppCode ? { suppCode: search.suppCode } : {}),
    ...(search.moduleCode ? { moduleCode: search.moduleCode } : {}),
    ...(search.kind ? { kind: search.kind } : {}),
    ...(search.objectType ? { objectType: search.objectType } : {}),
    ...(objectId ? { objectId } : {}),
  };
}

export function AuditPage({ viewer }: { viewer: Viewer }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const k = useCallback((key: string, options?: Record<string, unknown>) => t(`audit.${key}`, options), [t]);
  const title = k(viewer === 'staff' ? 'trailTitle' : 'activityTitle');
  const { has } = useAuthButtons(moduleOf(viewer));
  const modules = useQuery(modulesQuery(viewer));
  const [first] = useState(initialSearch);

  const row = useCallback(
    (r: AuditRow) => ({
      id: r.id,
      at: formatTime(r.at),
      who: whoOf(r, language),
      supplier: r.suppCode ? `${r.suppCode} ${r.suppName}`.trim() : '',
      kind: [audit.kindLabel(r.kind, language), r.action && audit.actionLabel(r.action, language)].filter(Boolean).join(' · '),
      module: language === 'en' ? r.moduleNameEn : r.moduleName,
      object: [r.objectType && audit.objectLabel(r.objectType, language), r.objectId].filter(Boolean).join(' '),
      from: r.clientIp,
    }),
    [language],
  );
  const log = useServerList({
    initialSearch: first,
    bodyOf: queryOf,
    pageQuery: auditPageQuery(viewer),
    row,
    pageSizes: [20, 50, 100],
    maxRows: 15,
  });
  const { list } = log;
  const [selectedId, setSelectedId] = useState<string>();
  const [open, setOpen] = useState(false);
  const selected = list.find((r) => r.id === selectedId);

  const columns = useMemo((): GridColumn[] => {
    const fixed = { sortable: false, filterable: false } as const;
    const column = (field: string, width: number): GridColumn => ({ field, title: k(`columns.${field}`), width, ...fixed });
    return [
      { ...column('at', 170), fixed: 'left' },
      column('who', 180),
      ...(viewer === 'staff' ? [column('supplier', 200)] : []),
      column('kind', 170),
      column('module', 160),
      column('object', 200),
      column('from', 140),
    ];
  }, [k, viewer]);

  const objectTypes = useMemo(
    () =>
      Object.keys(audit.auditObjectLabels)
        .map((type) => ({ value: type, label: audit.objectLabel(type, language) }))
        .sort((a, b) => a.label.localeCompare(b.label, language)),
    [language],
  );

  return (
    <Card title={title}>
      <Typography.Paragraph type="secondary">{k(viewer === 'staff' ? 'trailIntro' : 'activityIntro')}</Typography.Paragraph>
      <Form {...log.form} name={`audit-${viewer}`} layout="inline" style={{ rowGap: 12, marginBottom: 12 }} aria-label={title}>
        <Form.Item name="days" label={k('days')}>
          <DatePicker.RangePicker allowClear={false} style={{ width: 240 }} />
        </Form.Item>
        <Form.Item name="account" label={k('account')}>
          <Input allowClear maxLength={64} placeholder={k('accountPlaceholder')} style={{ width: 160 }} />
        </Form.Item>
        {viewer === 'staff' && (
          <Form.Item name="suppCode" label={k('supplier')}>
            <SupplierPicker width={220} aria-label={k('supplier')} />
          </Form.Item>
        )}
        <Form.Item name="moduleCode" label={k('module')}>
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            placeholder={k('all')}
            style={{ width: 180 }}
            loading={modules.isLoading}
            options={(modules.data ?? []).map((m) => ({ value: m.moduleCode, label: language === 'en' ? m.nameEn : m.name }))}
          />
        </Form.Item>
        <Form.Item name="kind" label={k('kind')}>
          <Select
            allowClear
            placeholder={k('all')}
            style={{ width: 130 }}
            options={audit.auditKinds.map((kind) => ({ value: kind, label: audit.kindLabel(kind, language) }))}
          />
        </Form.Item>
        <Form.Item name="objectType" label={k('objectType')}>
          <Select allowClear showSearch optionFilterProp="label" placeholder={k('all')} style={{ width: 170 }} options={objectTypes} />
        </Form.Item>
        <Form.Item name="objectId" label={k('objectId')}>
          <Input allowClear maxLength={128} style={{ width: 140 }} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {k('search')}
          </Button>
          <Button onClick={log.reset}>{k('reset')}</Button>
        </Space>
      </Form>
      <Space wrap style={{ marginBottom: 12 }}>
        <Button type="primary" disabled={!selected} onClick={() => setOpen(true)}>
          {k('view')}
        </Button>
        {has('export') && (
          <ExportButtons
            texts="audit"
            fallbackName={title}
            exportAs={(format, options) => exportTrail(viewer, log.exportBody, format, options)}
          />
        )}
        <Typography.Text type="secondary" aria-live="polite">
          {selected ? k('selected', { at: formatTime(selected.at), who: whoOf(selected, language) }) : k('noneSelected')}
        </Typography.Text>
      </Space>
      <DataGrid
        aria-label={k('grid')}
        columns={columns}
        {...log.grid}
        onActiveRowChange={(index) => setSelectedId(list[index]?.id)}
        onRowOpen={(index) => {
          if (!list[index]) return;
          setSelectedId(list[index].id);
          setOpen(true);
        }}
      />
      <ListPagination {...log.pagination} />
      <EntryDrawer viewer={viewer} id={open ? selectedId : undefined} onClose={() => setOpen(false)} />
    </Card>
  );
}
