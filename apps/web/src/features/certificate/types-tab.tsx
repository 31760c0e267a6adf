// Staff: the tenant's certificate types — whose they are, mandatory, annual review, in use — added and changed here.
import type { CertificateType } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Form, Input, InputNumber, Modal, Select, Switch, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiFailure } from '../../api/client';
import { typesQuery, useSaveType } from './api';

const blank: CertificateType = {
  typeCode: '',
  typeName: '',
  typeNameEn: '',
  scope: 'supplier',
  mandatory: false,
  annualReview: false,
  enabled: true,
  sortNo: 0,
};

export function TypesTab() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { data, isLoading } = useQuery(typesQuery);
  const save = useSaveType();
  const [editing, setEditing] = useState<{ type: CertificateType; isNew: boolean }>();
  const [form] = Form.useForm<CertificateType>();
  const yes = (v: boolean) => (v ? <Tag color="blue">{t('certificate.types.yes')}</Tag> : t('certificate.types.no'));
  const open = (type: CertificateType, isNew: boolean) => {
    setEditing({ type, isNew });
    form.setFieldsValue(type);
  };
  return (
    <>
      <Button type="primary" style={{ marginBottom: 12 }} onClick={() => open({ ...blank, sortNo: (data?.length ?? 0) + 1 }, true)}>
        {t('certificate.types.add')}
      </Button>
      <Table
        size="small"
        rowKey="typeCode"
        loading={isLoading}
        dataSource={data ?? []}
        pagination={false}
        aria-label={t('certificate.types.title')}
        columns={[
          { title: t('certificate.types.code'), dataIndex: 'typeCode' },
          { title: t('certificate.type'), dataIndex: 'typeName' },
          { title: t('certificate.types.nameEn'), dataIndex: 'typeNameEn' },
          {
            title: t('certificate.types.scope'),
            dataIndex: 'scope',
            render: (s: string) => (s === 'goods' ? t('certificate.goodsType') : t('certificate.supplier')),
          },
          { title: t('certificate.mandatory'), dataIndex: 'mandatory', render: yes },
          { title: t('certificate.annualReview'), dataIndex: 'annualReview', render: yes },
          { title: t('certificate.types.enabled'), dataIndex: 'enabled', render: yes },
          {
            title: '',
            key: 'edit',
            render: (_, r) => (
              <Button size="small" type="link" onClick={() => open(r, false)}>
                {t('certificate.edit')}
              </Button>
            ),
          },
        ]}
      />
      <Modal
        open={Boolean(editing)}
        title={editing?.isNew ? t('certificate.types.add') : `${t('certificate.edit')} ${editing?.type.typeName ?? ''}`}
        confirmLoading={save.isPending}
        onCancel={() => setEditing(undefined)}
        onOk={async () => {
          const values = await form.validateFields();
          try {
            await save.mutateAsync(values);
            setEditing(undefined);
          } catch (err) {
            if (err instanceof ApiFailure) void message.error(err.message, 5);
          }
        }}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" aria-label={t('certificate.types.title')}>
          <Form.Item name="typeCode" label={t('certificate.types.code')} rules={[{ required: true, pattern: /^[A-Za-z0-9_-]{1,20}$/ }]}>
            <Input disabled={!editing?.isNew} maxLength={20} />
          </Form.Item>
          <Form.Item name="typeName" label={t('certificate.type')} rules={[{ required: true, whitespace: true }]}>
            <Input maxLength={40} />
          </Form.Item>
          <Form.Item name="typeNameEn" label={t('certificate.types.nameEn')}>
            <Input maxLength={60} />
          </Form.Item>
          <Form.Item name="scope" label={t('certificate.types.scope')}>
            <Select
              options={[
                { value: 'supplier', label: t('certificate.supplier') },
                { value: 'goods', label: t('certificate.goodsType') },
              ]}
            />
          </Form.Item>
          <Form.Item name="mandatory" label={t('certificate.mandatory')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="annualReview" label={t('certificate.annualReview')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="enabled" label={t('certificate.types.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="sortNo" label={t('certificate.types.sortNo')}>
            <InputNumber min={0} max={9999} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
