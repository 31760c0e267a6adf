// Publishing a query definition to the menu of chosen roles and suppliers (all suppliers, or picked ones).
import { useQuery } from '@tanstack/react-query';
import { App, Checkbox, Form, Modal, Switch } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { SupplierPicker } from '../../components/pickers/supplier-picker';
import { publishOptionsQuery, usePublish } from './api';

export interface PublishTargets {
  roles: string[];
  allSuppliers: boolean;
  suppliers: string[];
}

export function PublishDialog({ queryCode, targets, onClose }: { queryCode: string; targets: PublishTargets; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { data: options } = useQuery(publishOptionsQuery);
  const publish = usePublish();
  const [form] = Form.useForm<PublishTargets>();
  const all = Form.useWatch('allSuppliers', form) as boolean | undefined;
  useEffect(() => form.setFieldsValue(targets), [form, targets]);
  const submit = async () => {
    const values = await form.validateFields();
    await publish.mutateAsync({
      queryCode,
      roles: values.roles ?? [],
      allSuppliers: values.allSuppliers ?? false,
      suppliers: values.suppliers ?? [],
    });
    void message.success(t('dynamicQuery.designer.published'));
    onClose();
  };
  return (
    <Modal
      open
      title={t('dynamicQuery.designer.publishTitle', { code: queryCode })}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      confirmLoading={publish.isPending}
      okText={t('dynamicQuery.designer.publish')}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={targets}>
        <Form.Item name="roles" label={t('dynamicQuery.designer.roles')}>
          <Checkbox.Group options={(options?.roles ?? []).map((r) => ({ value: r.roleCode, label: r.roleName }))} />
        </Form.Item>
        <Form.Item name="allSuppliers" label={t('dynamicQuery.designer.allSuppliers')} valuePropName="checked">
          <Switch aria-label={t('dynamicQuery.designer.allSuppliers')} />
        </Form.Item>
        <Form.Item name="suppliers" label={t('dynamicQuery.designer.suppliers')}>
          <SupplierPicker multiple disabled={all} aria-label={t('dynamicQuery.designer.suppliers')} width="100%" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
