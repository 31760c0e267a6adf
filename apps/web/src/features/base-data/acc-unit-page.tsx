// 核算单位 (ms0094): the retailer's legal entities that settle with suppliers, on the server-paged grid with how
// many stores settle through each; staff add a unit or change one in a dialog (never its code). A supplier reads
// the units settling the stores it deals with: whom it invoices, with their tax number, address and bank.
import { type AccUnitForm, type AccUnitRow, baseInfo } from '@portal/contract';
import { Alert, Button, Card, Form, Input, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataGrid, type GridColumn } from '../../components/data-grid';
import { ListPagination } from '../../components/list-pagination';
import { useServerList } from '../../components/server-list/use-server-list';
import { contractRule } from '../../lib/contract-rule';
import { useUserStore } from '../../stores/user';
import { accUnitColumnValues, accUnitPageQuery, useSaveAccUnit } from './api';
import { KeywordSearch } from './keyword-search';
import { EditDialog } from './edit-dialog';

const unitRow = (u: AccUnitRow) => ({ ...u });
const blank: AccUnitForm = { unitCode: '', unitName: '', taxNumber: '', address: '', bankName: '', bankAccount: '', isNew: true };
const formOf = ({ deptCount: _count, ...unit }: AccUnitRow): AccUnitForm => ({ ...unit, isNew: false });

export default function AccUnitPage() {
  const { t } = useTranslation();
  const staff = useUserStore((s) => s.staff);
  const units = useServerList({
    initialSearch: { keyword: '' },
    bodyOf: (s: { keyword: string }) => (s.keyword.trim() ? { keyword: s.keyword.trim() } : {}),
    pageQuery: accUnitPageQuery,
    columnValues: accUnitColumnValues,
    row: unitRow,
    pageSizes: [20, 50, 100],
  });
  const [selectedCode, setSelectedCode] = useState<string>();
  const [editing, setEditing] = useState<AccUnitForm | null>(null);
  const selected = units.list.find((u) => u.unitCode === selectedCode);
  const columns = useMemo<GridColumn[]>(() => {
    const title = (field: string) => t(`baseData.accUnit.columns.${field}`);
    return [
      { field: 'unitCode', title: title('unitCode'), width: 120, fixed: 'left' },
      { field: 'unitName', title: title('unitName'), width: 220 },
      { field: 'taxNumber', title: title('taxNumber'), width: 190 },
      { field: 'address', title: title('address'), width: 240 },
      { field: 'bankName', title: title('bankName'), width: 200 },
      { field: 'bankAccount', title: title('bankAccount'), width: 190 },
      { field: 'deptCount', title: title('deptCount'), type: 'number', width: 90 },
    ];
  }, [t]);

  return (
    <Card title={t('baseData.accUnit.title')}>
      {!staff && <Alert type="info" showIcon title={t('baseData.accUnit.readOnly')} style={{ marginBottom: 12 }} />}
      <KeywordSearch form={units.form} onReset={units.reset} placeholder={t('baseData.accUnit.keywordPlaceholder')} />
      {staff && (
        <Space wrap style={{ marginBottom: 12 }}>
          <Button type="primary" onClick={() => setEditing(blank)}>
            {t('baseData.add')}
          </Button>
          <Button disabled={!selected} onClick={() => selected && setEditing(formOf(selected))}>
            {t('baseData.edit')}
          </Button>
          <Typography.Text type="secondary" aria-live="polite">
            {selected ? `${selected.unitCode} ${selected.unitName}` : ''}
          </Typography.Text>
        </Space>
      )}
      <DataGrid
        aria-label={t('baseData.accUnit.grid')}
        columns={columns}
        {...units.grid}
        onActiveRowChange={(index) => setSelectedCode(units.list[index]?.unitCode)}
        onRowOpen={(index) => {
          const row = units.list[index];
          if (row && staff) setEditing(formOf(row));
        }}
      />
      <ListPagination {...units.pagination} />
      {editing && <AccUnitDialog unit={editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}

function AccUnitDialog({ unit, onClose }: { unit: AccUnitForm; onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AccUnitForm>();
  const save = useSaveAccUnit();
  const fields = baseInfo.accUnitForm.shape;
  const label = (field: string) => t(`baseData.accUnit.columns.${field}`);
  return (
    <EditDialog
      title={unit.isNew ? t('baseData.accUnit.addTitle') : t('baseData.accUnit.editTitle', { code: unit.unitCode })}
      initialValues={unit}
      form={form}
      saving={save.isPending}
      save={(values) => save.mutateAsync({ ...values, isNew: unit.isNew })}
      onSaved={onClose}
      onCancel={onClose}
    >
      <Form.Item
        name="unitCode"
        label={label('unitCode')}
        extra={unit.isNew ? t('baseData.accUnit.codeHint') : undefined}
        rules={[contractRule(fields.unitCode)]}
      >
        <Input disabled={!unit.isNew} maxLength={16} />
      </Form.Item>
      <Form.Item name="unitName" label={label('unitName')} rules={[contractRule(fields.unitName)]}>
        <Input maxLength={60} autoFocus={!unit.isNew} />
      </Form.Item>
      <Form.Item name="taxNumber" label={label('taxNumber')} rules={[contractRule(fields.taxNumber)]}>
        <Input maxLength={20} />
      </Form.Item>
      <Form.Item name="address" label={label('address')} rules={[contractRule(fields.address)]}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="bankName" label={label('bankName')} rules={[contractRule(fields.bankName)]}>
        <Input maxLength={60} />
      </Form.Item>
      <Form.Item name="bankAccount" label={label('bankAccount')} rules={[contractRule(fields.bankAccount)]}>
        <Input maxLength={40} inputMode="numeric" />
      </Form.Item>
    </EditDialog>
  );
}
