// 业务选项 (ms0081): the tenant's business options — a short name, a name, and to whom the option applies
// (everyone, or some stores, categories or suppliers); staff add one or change one in a dialog.
import { type BusOption, baseInfo } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Input, Select, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StorePicker } from '../../components/pickers/store-picker';
import { SupplierPicker } from '../../components/pickers/supplier-picker';
import { CategoryPicker } from '../../components/pickers/tree-picker';
import { contractRule } from '../../lib/contract-rule';
import { busOptionsQuery, useSaveBusOption } from './api';
import { EditDialog } from './edit-dialog';

type PermissionType = BusOption['permissionType'];
const permissionTypes: PermissionType[] = ['all', 'dept', 'category', 'supplier'];

export default function BusOptionPage() {
  const { t } = useTranslation();
  const { data = [], isLoading } = useQuery(busOptionsQuery);
  const [editing, setEditing] = useState<{ option: BusOption; isNew: boolean } | null>(null);
  const text = (key: string) => t(`baseData.busOption.${key}`);

  return (
    <Card
      title={text('title')}
      extra={
        <Button
          type="primary"
          onClick={() =>
            setEditing({ option: { busShortName: '', busShortDetailName: '', permissionType: 'all', permission: [] }, isNew: true })
          }
        >
          {t('baseData.add')}
        </Button>
      }
    >
      <Table<BusOption>
        aria-label={text('grid')}
        rowKey="busShortName"
        size="small"
        loading={isLoading}
        dataSource={data}
        pagination={false}
        scroll={{ x: 640 }}
        columns={[
          { dataIndex: 'busShortName', title: text('busShortName'), width: 160 },
          { dataIndex: 'busShortDetailName', title: text('busShortDetailName') },
          {
            dataIndex: 'permissionType',
            title: text('permissionType'),
            width: 120,
            render: (type: PermissionType) => <Tag>{t(`baseData.busOption.types.${type}`)}</Tag>,
          },
          {
            dataIndex: 'permission',
            title: text('permission'),
            width: 160,
            render: (codes: string[], option) =>
              option.permissionType === 'all' ? '-' : t('baseData.busOption.count', { count: codes.length }),
          },
          {
            key: 'edit',
            title: '',
            width: 90,
            render: (_, option) => (
              <Button
                type="link"
                onClick={() => setEditing({ option, isNew: false })}
                aria-label={`${t('baseData.edit')} ${option.busShortName}`}
              >
                {t('baseData.edit')}
              </Button>
            ),
          },
        ]}
      />
      {editing && <BusOptionDialog option={editing.option} isNew={editing.isNew} onClose={() => setEditing(null)} />}
    </Card>
  );
}

/** The codes an option applies to, picked with the shared picker of the scope type (stores, categories, suppliers). */
function ScopePicker({
  type,
  id,
  value,
  onChange,
}: {
  type: PermissionType;
  id?: string;
  value?: string[];
  onChange?(codes: string[]): void;
}) {
  const shared = { id, multiple: true, width: '100%', value, onChange } as const;
  if (type === 'dept') return <StorePicker {...shared} />;
  if (type === 'category') return <CategoryPicker {...shared} />;
  if (type === 'supplier') return <SupplierPicker {...shared} />;
  return <Select id={id} mode="multiple" disabled value={[]} />;
}

function BusOptionDialog({ option, isNew, onClose }: { option: BusOption; isNew: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<BusOption>();
  const type = Form.useWatch('permissionType', form) ?? option.permissionType;
  const save = useSaveBusOption();
  const fields = baseInfo.busOption.shape;
  const text = (key: string) => t(`baseData.busOption.${key}`);
  return (
    <EditDialog
      title={isNew ? text('addTitle') : t('baseData.busOption.editTitle', { name: option.busShortName })}
      initialValues={option}
      form={form}
      saving={save.isPending}
      save={(values) => save.mutateAsync({ ...values, permission: values.permissionType === 'all' ? [] : (values.permission ?? []) })}
      onSaved={onClose}
      onCancel={onClose}
    >
      <Form.Item name="busShortName" label={text('busShortName')} rules={[contractRule(fields.busShortName)]}>
        <Input disabled={!isNew} maxLength={32} />
      </Form.Item>
      <Form.Item name="busShortDetailName" label={text('busShortDetailName')} rules={[contractRule(fields.busShortDetailName)]}>
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name="permissionType" label={text('permissionType')}>
        <Select options={permissionTypes.map((value) => ({ value, label: t(`baseData.busOption.types.${value}`) }))} />
      </Form.Item>
      <Form.Item
        name="permission"
        label={text('permission')}
        extra={type === 'all' ? text('permissionHint') : undefined}
        rules={type === 'all' ? [] : [{ required: true, type: 'array', min: 1, message: text('pickOne') }]}
      >
        <ScopePicker type={type} />
      </Form.Item>
    </EditDialog>
  );
}
