// 品牌 (ms0091): the tenant's brands on the server-paged grid, with how many goods and suppliers carry
// each; staff add a brand or rename one in a dialog. A supplier reads the brands of its own goods.
import { type BrandForm, type BrandRow, baseInfo } from '@portal/contract';
import { Button, Card, Form, Input, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataGrid, type GridColumn } from '../../components/data-grid';
import { ListPagination } from '../../components/list-pagination';
import { useServerList } from '../../components/server-list/use-server-list';
import { contractRule } from '../../lib/contract-rule';
import { useUserStore } from '../../stores/user';
import { brandColumnValues, brandPageQuery, useSaveBrand } from './api';
import { KeywordSearch } from './keyword-search';
import { EditDialog } from './edit-dialog';

const brandRow = (b: BrandRow) => ({ ...b });

export default function BrandPage() {
  const { t } = useTranslation();
  const brands = useServerList({
    initialSearch: { keyword: '' },
    bodyOf: (s: { keyword: string }) => (s.keyword.trim() ? { keyword: s.keyword.trim() } : {}),
    pageQuery: brandPageQuery,
    columnValues: brandColumnValues,
    row: brandRow,
    pageSizes: [20, 50, 100],
  });
  const [selectedCode, setSelectedCode] = useState<string>();
  const [editing, setEditing] = useState<BrandForm | null>(null);
  const selected = brands.list.find((b) => b.brandCode === selectedCode);
  // Suppliers read the brands of their own goods (the server scopes the list); only staff change brands.
  const staff = useUserStore((s) => s.staff);
  const columns = useMemo<GridColumn[]>(() => {
    const title = (field: string) => t(`baseData.brand.columns.${field}`);
    return [
      { field: 'brandCode', title: title('brandCode'), width: 120, fixed: 'left' },
      { field: 'brandName', title: title('brandName'), width: 200 },
      { field: 'goodsCount', title: staff ? title('goodsCount') : t('baseData.brand.ownGoodsCount'), type: 'number', width: 110 },
      ...(staff ? [{ field: 'supplierCount', title: title('supplierCount'), type: 'number' as const, width: 100 }] : []),
    ];
  }, [t, staff]);

  return (
    <Card title={t('baseData.brand.title')}>
      <KeywordSearch form={brands.form} onReset={brands.reset} />
      {staff && (
        <Space wrap style={{ marginBottom: 12 }}>
          <Button type="primary" onClick={() => setEditing({ brandCode: '', brandName: '', isNew: true })}>
            {t('baseData.add')}
          </Button>
          <Button disabled={!selected} onClick={() => selected && setEditing({ ...selected, isNew: false })}>
            {t('baseData.edit')}
          </Button>
          <Typography.Text type="secondary" aria-live="polite">
            {selected ? `${selected.brandCode} ${selected.brandName}` : ''}
          </Typography.Text>
        </Space>
      )}
      <DataGrid
        aria-label={t('baseData.brand.grid')}
        columns={columns}
        {...brands.grid}
        onActiveRowChange={(index) => setSelectedCode(brands.list[index]?.brandCode)}
        onRowOpen={(index) => {
          const row = brands.list[index];
          if (row && staff) setEditing({ ...row, isNew: false });
        }}
      />
      <ListPagination {...brands.pagination} />
      {editing && <BrandDialog brand={editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}

function BrandDialog({ brand, onClose }: { brand: BrandForm; onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<BrandForm>();
  const save = useSaveBrand();
  return (
    <EditDialog
      title={brand.isNew ? t('baseData.brand.addTitle') : t('baseData.brand.editTitle', { code: brand.brandCode })}
      initialValues={brand}
      form={form}
      saving={save.isPending}
      save={(values) => save.mutateAsync({ ...values, isNew: brand.isNew })}
      onSaved={onClose}
      onCancel={onClose}
    >
      <Form.Item
        name="brandCode"
        label={t('baseData.brand.columns.brandCode')}
        extra={brand.isNew ? t('baseData.brand.codeHint') : undefined}
        rules={[contractRule(baseInfo.brandForm.shape.brandCode)]}
      >
        <Input disabled={!brand.isNew} maxLength={16} />
      </Form.Item>
      <Form.Item name="brandName" label={t('baseData.brand.columns.brandName')} rules={[contractRule(baseInfo.brandForm.shape.brandName)]}>
        <Input maxLength={40} autoFocus={!brand.isNew} />
      </Form.Item>
    </EditDialog>
  );
}
