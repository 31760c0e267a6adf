// Applications paged on the server, for the supplier (its own, drafts included) or for staff (the review):
// a search by state and name or barcode, the grid, and a row picked by a click (double-click opens it).
import { type ApplyStatus, type ApplySummary, goodsApply } from '@portal/contract';
import { Button, Form, Input, Select, Space } from 'antd';
import { type ReactNode, useCallback, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { DataGrid, type GridColumn, type GridRow } from '../../components/data-grid';
import { ListPagination } from '../../components/list-pagination';
import { useServerList } from '../../components/server-list/use-server-list';
import { formatDecimal, formatTime } from '../../lib/format';
import { type Side, columnValuesOf, pageQuery } from './api';

interface Search {
  status: ApplyStatus | '';
  keyword?: string;
}

const supplierFields = [
  'applyNo',
  'goodsName',
  'barcode',
  'spec',
  'categoryName',
  'brandName',
  'price',
  'retailPrice',
  'status',
  'returnReason',
  'goodsCode',
  'updatedAt',
] as const;
const auditFields = [
  'applyNo',
  'suppName',
  'goodsName',
  'barcode',
  'spec',
  'categoryName',
  'brandName',
  'price',
  'retailPrice',
  'status',
  'submittedAt',
] as const;
type Field = (typeof supplierFields)[number] | (typeof auditFields)[number];

export function ApplyList({
  side,
  initialStatus,
  onSelect,
  onOpen,
  actions,
}: {
  side: Side;
  initialStatus: ApplyStatus | '';
  onSelect(item: ApplySummary | undefined): void;
  onOpen(item: ApplySummary): void;
  /** Buttons above the grid. */
  actions: ReactNode;
}) {
  const { t } = useTranslation();
  const row = useCallback(
    (r: ApplySummary): GridRow => ({
      applyNo: r.applyNo,
      suppName: `${r.suppCode} ${r.suppName}`,
      goodsName: r.goodsName,
      barcode: r.barcode,
      spec: r.spec,
      categoryName: r.categoryName,
      brandName: r.brandName,
      price: formatDecimal(r.price, { min: 2, max: 6, group: false }),
      retailPrice: formatDecimal(r.retailPrice, { min: 2, max: 2, group: false }),
      status: r.status,
      returnReason: r.status === '驳回' ? r.returnReason : '',
      goodsCode: r.goodsCode,
      submittedAt: formatTime(r.submittedAt),
      updatedAt: formatTime(r.updatedAt),
    }),
    [],
  );
  const list = useServerList({
    initialSearch: { status: initialStatus } as Search,
    bodyOf: (s: Search) => ({ status: s.status ?? '', keyword: s.keyword ?? '' }),
    pageQuery: useMemo(() => pageQuery(side), [side]),
    columnValues: useMemo(() => columnValuesOf(side), [side]),
    row,
    pageSizes: [20, 50, 100],
    maxRows: 12,
  });
  // The picked application is reported again whenever the page is fetched again (after a withdraw, a review...),
  // so the buttons above follow the state it now stands in, not the one it had when it was clicked.
  const picked = useRef<string | undefined>(undefined);
  const pick = (item: ApplySummary | undefined) => {
    picked.current = item?.applyNo;
    onSelect(item);
  };
  useEffect(() => {
    if (picked.current !== undefined) onSelect(list.list.find((a) => a.applyNo === picked.current));
  }, [list.list, onSelect]);
  const titles: Record<Field, string> = {
    applyNo: t('goodsApply.applyNo'),
    suppName: t('goodsApply.supplier'),
    goodsName: t('goodsApply.goodsName'),
    barcode: t('goodsApply.barcode'),
    spec: t('goodsApply.spec'),
    categoryName: t('goodsApply.category'),
    brandName: t('goodsApply.brand'),
    price: t('goodsApply.price'),
    retailPrice: t('goodsApply.retailPrice'),
    status: t('goodsApply.status'),
    returnReason: t('goodsApply.returnReason'),
    goodsCode: t('goodsApply.goodsCode'),
    submittedAt: t('goodsApply.submittedAt'),
    updatedAt: t('goodsApply.updatedAt'),
  };
  const fields = side === 'supplier' ? supplierFields : auditFields;
  const columns = useMemo(
    (): GridColumn[] =>
      fields.map((field) => ({
        field,
        title: titles[field],
        width: field === 'goodsName' || field === 'suppName' || field === 'returnReason' ? 200 : field.endsWith('At') ? 160 : 130,
        ...(field === 'price' || field === 'retailPrice' ? { type: 'number' as const } : {}),
        ...(field === 'status' ? { display: (value: string) => t(`goodsApply.statuses.${value}`, { defaultValue: value }) } : {}),
      })),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- titles follow the language
    [t, side],
  );
  const statuses = side === 'supplier' ? goodsApply.applyStatuses : goodsApply.applyStatuses.filter((s) => s !== '草稿');
  const gridName = side === 'supplier' ? t('goodsApply.grid') : t('goodsApply.auditGrid');
  return (
    <>
      <Form {...list.form} layout="inline" style={{ rowGap: 12, marginBottom: 12 }} aria-label={gridName}>
        <Form.Item name="status" label={t('goodsApply.statusFilter')}>
          <Select
            options={[
              { value: '', label: t('goodsApply.all') },
              ...statuses.map((s) => ({ value: s, label: t(`goodsApply.statuses.${s}`) })),
            ]}
            style={{ width: 120 }}
          />
        </Form.Item>
        <Form.Item name="keyword" label={t('goodsApply.keyword')}>
          <Input allowClear maxLength={60} style={{ width: 200 }} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('goodsApply.search')}
          </Button>
          <Button onClick={list.reset}>{t('goodsApply.reset')}</Button>
        </Space>
      </Form>
      {actions}
      <DataGrid
        aria-label={gridName}
        columns={columns}
        {...list.grid}
        onActiveRowChange={(index) => pick(list.list[index])}
        onRowOpen={(index) => {
          const item = list.list[index];
          if (item) onOpen(item);
        }}
      />
      <ListPagination {...list.pagination} />
    </>
  );
}
