// 接口日志 (ms0112): every batch the documents service took (API, import, seed, feed), newest first, paged on the
// server; searched by days, source, entity, client or user and refusals; the selected batch opens its refusals
// (document key, field, reason in the user's language); the list exports as CSV or Excel.
import { integration, languageOf, titleIn } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Checkbox, DatePicker, Drawer, Form, Input, Select, Space, Table, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataGrid, type GridColumn, titleWidth } from '../../components/data-grid';
import { ExportButtons } from '../../components/export-buttons';
import { ListPagination } from '../../components/list-pagination';
import { useServerList } from '../../components/server-list/use-server-list';
import { formatTime } from '../../lib/format';
import { type LogListQuery, type LogRow, batchQuery, exportLog, logPageQuery } from './log-api';
import './screens.css';

interface Search {
  days: [Dayjs | null, Dayjs | null] | null;
  source?: integration.BatchSource | undefined;
  entity?: string | undefined;
  sender: string;
  refusedOnly: boolean;
}
const noSearch: Search = { days: null, sender: '', refusedOnly: false };

function queryOf(search: Search): Omit<LogListQuery, 'page' | 'limit'> {
  const [from, to] = search.days ?? [null, null];
  const sender = search.sender.trim();
  return {
    ...(from ? { dateFrom: from.format('YYYY-MM-DD') } : {}),
    ...(to ? { dateTo: to.format('YYYY-MM-DD') } : {}),
    ...(search.source ? { source: search.source } : {}),
    ...(search.entity ? { entity: search.entity } : {}),
    ...(sender ? { sender } : {}),
    ...(search.refusedOnly ? { refusedOnly: true } : {}),
  };
}

export default function LogPage() {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const k = useCallback((key: string, options?: Record<string, unknown>) => t(`integrationLog.${key}`, options), [t]);
  const sourceText = language === 'en' ? integration.batchSourceTextEn : integration.batchSourceText;
  const entityText = useMemo(
    () => Object.fromEntries(integration.importEntities.map((e) => [e.entity, titleIn(language, e)])) as Record<string, string>,
    [language],
  );
  const row = useCallback((r: LogRow) => ({ ...r, at: formatTime(r.at) }), []);
  const log = useServerList({
    initialSearch: noSearch,
    bodyOf: queryOf,
    pageQuery: logPageQuery,
    row,
    pageSizes: [20, 50, 100],
    maxRows: 15,
  });
  const { list } = log;
  const [selectedId, setSelectedId] = useState<string>();
  const [open, setOpen] = useState(false);
  const selected = list.find((r) => r.id === selectedId);

  const columns = useMemo((): GridColumn[] => {
    const fixedWords = { sortable: false, filterable: false } as const;
    const title = (field: keyof LogRow) =>
      titleIn(
        language,
        integration.logColumns.find((c) => c.field === field)!,
      );
    const number = (field: keyof LogRow, width = 80): GridColumn => ({
      field,
      title: title(field),
      type: 'number',
      width: Math.max(width, titleWidth(title(field))),
      ...fixedWords,
    });
    return [
      { field: 'at', title: title('at'), width: 170, fixed: 'left', ...fixedWords },
      {
        field: 'source',
        title: title('source'),
        width: Math.max(90, titleWidth(title('source'))),
        display: (v) => sourceText[v as integration.BatchSource] ?? v,
        ...fixedWords,
      },
      { field: 'sender', title: title('sender'), width: 170, ...fixedWords },
      { field: 'entity', title: title('entity'), width: 150, display: (v) => entityText[v] ?? v, ...fixedWords },
      number('documents'),
      number('created'),
      number('updated'),
      number('unchanged'),
      number('stale'),
      { ...number('refused'), cellClass: (r) => (Number(r.refused) > 0 ? 'integration-refused' : undefined) },
      number('lines'),
      number('durationMs', 110),
    ];
  }, [language, sourceText, entityText]);

  return (
    <Card title={k('title')}>
      <Form {...log.form} name="integration-log" layout="inline" style={{ rowGap: 12, marginBottom: 12 }} aria-label={k('title')}>
        <Form.Item name="days" label={k('days')}>
          <DatePicker.RangePicker allowEmpty={[true, true]} style={{ width: 240 }} />
        </Form.Item>
        <Form.Item name="source" label={k('source')}>
          <Select
            allowClear
            placeholder={k('all')}
            style={{ width: 120 }}
            options={integration.batchSources.map((s) => ({ value: s, label: sourceText[s] }))}
          />
        </Form.Item>
        <Form.Item name="entity" label={k('entity')}>
          <Select
            allowClear
            placeholder={k('all')}
            style={{ width: 150 }}
            options={integration.importEntities.map((e) => ({ value: e.entity, label: titleIn(language, e) }))}
          />
        </Form.Item>
        <Form.Item name="sender" label={k('sender')}>
          <Input allowClear maxLength={64} placeholder={k('senderPlaceholder')} style={{ width: 170 }} />
        </Form.Item>
        <Form.Item name="refusedOnly" valuePropName="checked">
          <Checkbox>{k('refusedOnly')}</Checkbox>
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
        <ExportButtons
          texts="integrationLog"
          fallbackName={k('title')}
          exportAs={(format, options) => exportLog(log.exportBody, format, options)}
        />
        <Typography.Text type="secondary" aria-live="polite">
          {selected
            ? k('selected', { at: formatTime(selected.at), entity: entityText[selected.entity] ?? selected.entity })
            : k('noneSelected')}
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
      <BatchDrawer id={open ? selectedId : undefined} onClose={() => setOpen(false)} />
    </Card>
  );
}

function BatchDrawer({ id, onClose }: { id: string | undefined; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const { data, isFetching } = useQuery(batchQuery(id));
  const k = (key: string, options?: Record<string, unknown>) => t(`integrationLog.${key}`, options);
  return (
    <Drawer open={Boolean(id)} onClose={onClose} title={id ? k('detail', { id }) : ''} size="large" destroyOnHidden>
      {data && (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Text>
            {formatTime(data.at)} · {data.sender || '—'} · {k('duration', { value: data.durationMs })}
          </Typography.Text>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {k('refusals')}
          </Typography.Title>
          <Typography.Text type="secondary">{k('refusalsKept')}</Typography.Text>
          <Table
            aria-label={k('refusals')}
            size="small"
            loading={isFetching}
            rowKey={(r) => `${r.key}|${r.path}|${r.reason['zh-CN']}`}
            dataSource={data.refusals}
            pagination={data.refusals.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: k('noRefusals') }}
            columns={[
              { title: k('refusalColumns.key'), dataIndex: 'key' },
              { title: k('refusalColumns.path'), dataIndex: 'path' },
              { title: k('refusalColumns.reason'), render: (_, r) => r.reason[language] },
            ]}
          />
        </Space>
      )}
    </Drawer>
  );
}
