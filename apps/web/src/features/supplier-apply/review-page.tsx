// Staff: the cooperation applications (/supplierApplyAudit, module ms0063), paged on the server, default the
// waiting ones; double-click or 详情 opens one to accept, approve or return it on the workflow.
import { type CallData, supplierApply } from '@portal/contract';
import { Button, Form, Input, Select, Space, Typography } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataGrid, type GridColumn, type GridRow } from '../../components/data-grid';
import { ListPagination } from '../../components/list-pagination';
import { useServerList } from '../../components/server-list/use-server-list';
import { type ApplyListQuery, applyColumnValues, applyPageQuery } from './api';
import { ApplyDrawer } from './apply-drawer';
import { formatTime } from '../../lib/format';
import { useCanOpen } from '../../lib/use-can-open';

type Item = CallData<typeof supplierApply.getApplyList>['list'][number];
interface Search {
  status: ApplyListQuery['status'];
  keyword?: string | undefined;
}

const fields = [
  'applyNo',
  'companyName',
  'creditCode',
  'contactName',
  'contactPhone',
  'categoryNames',
  'status',
  'suppCode',
  'fileCount',
  'submittedAt',
  'updatedAt',
] as const;

/** The supplier history (module ms0064): linked only for a role that holds it. */
const historyPath = '/ZeroMaster/historySupplier';

export default function ReviewPage() {
  const { t } = useTranslation();
  const canOpen = useCanOpen();
  const [selected, setSelected] = useState<Item>();
  const [open, setOpen] = useState<string>();
  const row = useCallback((r: Item): GridRow => ({ ...r, submittedAt: formatTime(r.submittedAt), updatedAt: formatTime(r.updatedAt) }), []);
  const list = useServerList({
    initialSearch: { status: 'open' } as Search,
    bodyOf: (s: Search) => ({ status: s.status ?? '', keyword: s.keyword ?? '' }),
    pageQuery: applyPageQuery,
    columnValues: applyColumnValues,
    row,
    pageSizes: [20, 50, 100],
    maxRows: 12,
  });
  const titles: Record<(typeof fields)[number], string> = {
    applyNo: t('supplierApply.applyNo'),
    companyName: t('supplierApply.companyName'),
    creditCode: t('supplierApply.creditCode'),
    contactName: t('supplierApply.contactName'),
    contactPhone: t('supplierApply.contactPhone'),
    categoryNames: t('supplierApply.categories'),
    status: t('supplierApply.status'),
    suppCode: t('supplierApply.suppCode'),
    fileCount: t('supplierApply.fileCount'),
    submittedAt: t('supplierApply.submittedAt'),
    updatedAt: t('supplierApply.updatedAt'),
  };
  const columns = useMemo(
    (): GridColumn[] =>
      fields.map((field) => ({
        field,
        title: titles[field],
        width: field === 'companyName' || field === 'categoryNames' ? 220 : field === 'creditCode' || field.endsWith('At') ? 170 : 120,
        ...(field === 'fileCount' ? { type: 'number' as const } : {}),
        ...(field === 'status' ? { display: (value: string) => t(`supplierApply.statuses.${value}`, { defaultValue: value }) } : {}),
      })),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- titles follow the language
    [t],
  );
  const statusOptions = [
    { value: 'open', label: t('supplierApply.open') },
    { value: '', label: t('supplierApply.all') },
    ...supplierApply.applyStatuses.map((s) => ({ value: s, label: t(`supplierApply.statuses.${s}`) })),
  ];
  return (
    <div>
      <Form {...list.form} layout="inline" style={{ rowGap: 12, marginBottom: 12 }} aria-label={t('supplierApply.grid')}>
        <Form.Item name="keyword" label={t('supplierApply.keyword')}>
          <Input allowClear placeholder={t('supplierApply.keywordPlaceholder')} style={{ width: 240 }} maxLength={100} />
        </Form.Item>
        <Form.Item name="status" label={t('supplierApply.statusFilter')}>
          <Select options={statusOptions} style={{ width: 120 }} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('supplierApply.search')}
          </Button>
          <Button onClick={list.reset}>{t('supplierApply.reset')}</Button>
        </Space>
      </Form>
      <Space wrap style={{ marginBottom: 12 }}>
        <Button type="primary" disabled={!selected} onClick={() => selected && setOpen(selected.applyNo)}>
          {t('supplierApply.detail')}
        </Button>
        {canOpen(historyPath) && <Link to={historyPath}>{t('supplierApply.openHistory')}</Link>}
        <Typography.Text type="secondary" aria-live="polite">
          {selected
            ? t('supplierApply.selected', { name: selected.companyName, applyNo: selected.applyNo })
            : t('supplierApply.noneSelected')}
        </Typography.Text>
      </Space>
      <DataGrid
        aria-label={t('supplierApply.grid')}
        columns={columns}
        {...list.grid}
        onActiveRowChange={(index) => setSelected(list.list[index])}
        onRowOpen={(index) => {
          const item = list.list[index];
          if (item) setOpen(item.applyNo);
        }}
      />
      <ListPagination {...list.pagination} />
      <ApplyDrawer applyNo={open} onClose={() => setOpen(undefined)} />
    </div>
  );
}
