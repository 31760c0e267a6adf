// Staff: current certificates by review state (default 已提交, the review queue), paged on the server;
// double-click or 详情 opens one to approve or return.
import { type CallData, certificate as contract, languageOf } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Select, Space, Typography } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataGrid, type GridRow } from '../../components/data-grid';
import { ListPagination } from '../../components/list-pagination';
import { useServerList } from '../../components/server-list/use-server-list';
import { SupplierPicker } from '../../components/pickers/supplier-picker';
import { formatTime } from '../../lib/format';
import { type ReviewListQuery, reviewColumnValues, reviewPageQuery, typesQuery } from './api';
import { reviewColumns } from './review-columns';

interface Search {
  status: ReviewListQuery['status'];
  suppCode?: string | undefined;
}
type Item = CallData<typeof contract.getCtfReviewList>['list'][number];

export function ReviewList({ onOpen }: { onOpen(id: number): void }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const types = useQuery(typesQuery);
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
  const columns = useMemo(() => reviewColumns(t, language, types.data ?? []), [t, language, types.data]);
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
