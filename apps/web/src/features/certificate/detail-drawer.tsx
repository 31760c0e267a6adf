// One certificate in a drawer: its fields, files, history and the certificates it replaced; the supplier
// submits it, staff approve it or return it with a reason.
import type { Certificate } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Descriptions, Drawer, Input, List, Modal, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { RecordHistory } from '../../components/record-history';
import { useUserStore } from '../../stores/user';
import { detailQuery, useApproveCtf, useReturnCtf, useSubmitCtf } from './api';
import { FileList, StatusTag } from '../../components/file-list';
import { useTypeName } from '../../lib/use-type-name';
import { ValidTo } from './valid-to';

export const uploadPath = (params: Record<string, string>) => `/ctf/upload?${new URLSearchParams(params)}`;

export function Fields({ c }: { c: Certificate }) {
  const { t } = useTranslation();
  const typeName = useTypeName();
  return (
    <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered>
      <Descriptions.Item label={t('certificate.type')}>{typeName(c)}</Descriptions.Item>
      <Descriptions.Item label={t('certificate.status')}>
        <StatusTag status={c.status} />
      </Descriptions.Item>
      <Descriptions.Item label={t('certificate.number')}>{c.ctfNumber}</Descriptions.Item>
      <Descriptions.Item label={t('certificate.name')}>{c.ctfName}</Descriptions.Item>
      <Descriptions.Item label={t('certificate.issuer')}>{c.issuer || '—'}</Descriptions.Item>
      <Descriptions.Item label={t('certificate.validFrom')}>{c.validFrom || '—'}</Descriptions.Item>
      <Descriptions.Item label={t('certificate.validTo')}>
        <ValidTo c={c} />
      </Descriptions.Item>
      <Descriptions.Item label={t('certificate.nextReviewDate')}>{c.nextReviewDate || '—'}</Descriptions.Item>
      {c.scope === 'goods' && (
        <>
          <Descriptions.Item label={t('certificate.barcode')}>{c.barcode}</Descriptions.Item>
          <Descriptions.Item label={t('certificate.goodsName')}>{c.goodsName}</Descriptions.Item>
          <Descriptions.Item label={t('certificate.approvalNumber')}>{c.approvalNumber || '—'}</Descriptions.Item>
        </>
      )}
    </Descriptions>
  );
}

export function DetailDrawer({ id, onClose }: { id: number | undefined; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const typeName = useTypeName();
  const navigate = useNavigate();
  const staff = useUserStore((s) => s.staff);
  const { data } = useQuery(detailQuery(id));
  const submit = useSubmitCtf();
  const approve = useApproveCtf();
  const giveBack = useReturnCtf();
  const [returning, setReturning] = useState(false);
  const [reason, setReason] = useState('');
  const c = data?.certificate;
  const editable = !staff && c?.current && (c.status === '未提交' || c.status === '审核退回');
  return (
    <Drawer
      open={id !== undefined}
      onClose={onClose}
      title={c ? `${typeName(c)} ${c.ctfNumber}` : t('certificate.detail')}
      size="large"
      destroyOnHidden
    >
      {!c ? (
        <Skeleton active />
      ) : (
        <Space direction="vertical" style={{ width: '100%' }} size={16}>
          {c.status === '审核退回' && (
            <Typography.Text type="danger">{t('certificate.returnedBecause', { reason: c.returnReason })}</Typography.Text>
          )}
          <Fields c={c} />
          <FileList files={c.files} />
          <Space wrap>
            {editable && (
              <>
                <Button
                  type="primary"
                  loading={submit.isPending}
                  onClick={() => submit.mutate(c.id, { onSuccess: () => void message.success(t('certificate.form.submitted')) })}
                >
                  {t('certificate.submit')}
                </Button>
                <Button onClick={() => navigate(uploadPath({ id: String(c.id) }))}>{t('certificate.edit')}</Button>
              </>
            )}
            {staff && c.status === '已提交' && c.current && (
              <>
                <Button type="primary" loading={approve.isPending} onClick={() => approve.mutate(c.id)}>
                  {t('certificate.approve')}
                </Button>
                <Button danger onClick={() => setReturning(true)}>
                  {t('certificate.return')}
                </Button>
              </>
            )}
          </Space>
          <RecordHistory entries={data.history} />
          {data.previous.length > 0 && (
            <List
              size="small"
              header={t('certificate.previous')}
              bordered
              dataSource={data.previous}
              renderItem={(p) => (
                <List.Item>
                  {p.ctfNumber} {p.ctfName} · {p.validFrom || '—'} ~ {p.validTo} · <StatusTag status={p.status} />
                </List.Item>
              )}
            />
          )}
        </Space>
      )}
      <Modal
        open={returning}
        title={t('certificate.return')}
        okButtonProps={{ danger: true, disabled: !reason.trim(), loading: giveBack.isPending }}
        onCancel={() => setReturning(false)}
        onOk={() =>
          c &&
          giveBack.mutate(
            { id: c.id, reason: reason.trim() },
            {
              onSuccess: () => {
                setReturning(false);
                setReason('');
              },
            },
          )
        }
      >
        <Input.TextArea
          aria-label={t('certificate.returnReason')}
          placeholder={t('certificate.returnReasonPlaceholder')}
          maxLength={200}
          showCount
          rows={3}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </Modal>
    </Drawer>
  );
}
