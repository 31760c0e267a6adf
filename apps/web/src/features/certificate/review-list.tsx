// Staff: current certificates by review state (default 已提交, the review queue), paged on the server;
// double-click or 详情 opens one to approve or return.
import { type CallData, certificate as contract } from '@portal/contract';
import { Button, Form, Select, Space, Typography } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataGrid, type GridColumn, type GridRow } from '../../components/data-grid';
import { ListPagination } from '../../components/list-pagination';
import { useServerList } from '../../components/server-list/use-server-list';
import { SupplierPicker } from '../../components/pickers/supplier-picker';
import { formatTime } from '../../lib/format';
import { type ReviewListQuery, reviewColumnValues, reviewPageQuery } from './api';

interface Search {
  status: ReviewListQuery['status'];
  suppCode?: string | undefined;
}
type Item = CallData<typeof contract.getCtfReviewList>['list'][number];

const fields = ['suppName', 'typeName', 'ctfNumber', 'ctfName', 'barcode', 'validTo', 'status', 'expiryState', 'updatedAt'] as const;

export function ReviewList({ onOpen }: { onOpen(id: number): void }) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<Item>();
  const row = useCallback(
    (r: Item): GridRow => ({
      suppName: `${r.suppCode} ${r.suppName}`,
      typeName: r.typeName,
      ctfNumber: r.ctfNumber,
      ctfName: r.ctfName,
      barcode: r.barcode,
      validTo: r.validTo,
      status: r.status,
      expiryState: r.expiryState,
      updatedAt: formatTime(r.updatedAt),
    }),
    [],
  );
  const list = useServerList({
    initialSearch: { status: '已提交' } as Search,
    bodyOf: (s: Search) => ({ status: s.status ?? '', ...(s.suppCode ? { suppCode: s.suppCode } : {}) }),
    pageQuery: reviewPageQuery,
    columnValues: reviewColumnValues,
    row,
    pageSizes: [20, 50, 100],
    maxRows: 12,
  });
  const titles: Record<(typeof fields)[number], string> = {
    suppName: t('certificate.supplier'),
    typeName: t('certificate.type'),
    ctfNumber: t('certificate.number'),
    ctfName: t('certificate.name'),
    barcode: t('certificate.barcode'),
    validTo: t('certificate.validTo'),
    status: t('certificate.status'),
    expiryState: t('certificate.expiryState'),
    updatedAt: t('certificate.updatedAt'),
  };
  const columns = useMemo(
    (): GridColumn[] =>
      fields.map((field) => ({
        field,
        title: titles[field],
        width: field === 'suppName' || field === 'ctfName' ? 200 : field === 'updatedAt' ? 160 : 120,
        ...(field === 'validTo' ? { type: 'date' as const } : {}),
        ...(field === 'status' || field === 'expiryState'
          ? {
              display: (value: string) =>
                t(`certificate.${field === 'status' ? 'statuses' : 'expiryStates'}.${value}`, { defaultValue: value }),
            }
          : {}),
      })),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- titles follow the language
    [t],
  );
  const statusOptions = [
    { value: '', label: t('certificate.all') },
    ...contract.certificateStatuses.map((s) => ({ value: s, label: t(`certificate.statuses.${s}`) })),
  ];
  return (
    <>
      <Form {...list.form} layout="inline" style={{ rowGap: 12, marginBottom: 12 }} aria-label={t('certificate.reviewGrid')}>
        <Form.Item name="suppCode" label={t('certificate.supplier')}>
          <SupplierPicker width={220} />
        </Form.Item>
        <Form.Item name="status" label={t('certificate.statusFilter')}>
          <Select options={statusOptions} style={{ width: 120 }} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('certificate.search')}
          </Button>
          <Button onClick={list.reset}>{t('certificate.reset')}</Button>
        </Space>
      </Form>
      <Space wrap style={{ marginBottom: 12 }}>
        <Button type="primary" disabled={!selected} onClick={() => selected && onOpen(selected.id)}>
          {t('certificate.detail')}
        </Button>
        <Typography.Text type="secondary" aria-live="polite">
          {selected ? t('certificate.selected', { name: selected.ctfName, number: selected.ctfNumber }) : t('certificate.noneSelected')}
        </Typography.Text>
      </Space>
      <DataGrid
        aria-label={t('certificate.reviewGrid')}
        columns={columns}
        {...list.grid}
        onActiveRowChange={(index) => setSelected(list.list[index])}
        onRowOpen={(index) => {
          const item = list.list[index];
          if (item) onOpen(item.id);
        }}
      />
      <ListPagination {...list.pagination} />
    </>
  );
}
