// One cooperation application for staff: its data, licences and history, and the steps the caller may take
// (受理, 审核通过, 驳回) with a comment. An approval shows the new main account's initial password once.
import type { CallData, supplierApply } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Drawer, Form, Input, Modal, Result, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileList } from '../../components/file-list';
import { RecordHistory } from '../../components/record-history';
import { applyDetailQuery, useAccept, useApprove, useReturn } from './api';
import { ApplyStatusTag } from './status-tag';

type Approved = CallData<typeof supplierApply.approveApply>;

function ApprovedDialog({ approved, onClose }: { approved: Approved; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={t('supplierApply.approvedTitle')}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('supplierApply.close')}</Button>}
      maskClosable={false}
    >
      <Result
        status="success"
        style={{ padding: 8 }}
        subTitle={t('supplierApply.approvedText', { suppCode: approved.suppCode, employeeCode: approved.employeeCode })}
        extra={
          <Space direction="vertical" align="center">
            <Typography.Text>{t('supplierApply.initialPassword')}</Typography.Text>
            <Typography.Text
              code
              copyable={{ text: approved.initialPassword, tooltips: [t('supplierApply.copy'), t('supplierApply.copied')] }}
              style={{ fontSize: 20 }}
              data-testid="initial-password"
            >
              {approved.initialPassword}
            </Typography.Text>
          </Space>
        }
      />
    </Modal>
  );
}

export function ApplyDrawer({ applyNo, onClose }: { applyNo: string | undefined; onClose(): void }) {
  const { t } = useTranslation();
  const { data } = useQuery(applyDetailQuery(applyNo));
  const [note, setNote] = useState('');
  const [returning, setReturning] = useState(false);
  const [approved, setApproved] = useState<Approved>();
  const accept = useAccept();
  const approve = useApprove();
  const back = useReturn();
  const busy = accept.isPending || approve.isPending || back.isPending;
  const done = () => {
    setNote('');
    setReturning(false);
  };
  const d = data?.applyNo === applyNo ? data : undefined;
  return (
    <Drawer
      open={Boolean(applyNo)}
      onClose={onClose}
      title={d ? t('punct.bracketed', { text: d.companyName, note: d.applyNo }) : applyNo}
      width="min(760px, 100vw)"
      destroyOnHidden
    >
      {!d ? (
        <Skeleton active />
      ) : (
        <>
          <Descriptions bordered size="small" column={{ xs: 1, md: 2 }}>
            <Descriptions.Item label={t('supplierApply.status')}>
              <ApplyStatusTag status={d.status} />
            </Descriptions.Item>
            <Descriptions.Item label={t('supplierApply.suppCode')}>{d.suppCode || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('supplierApply.companyName')}>{d.companyName}</Descriptions.Item>
            <Descriptions.Item label={t('supplierApply.creditCode')}>{d.creditCode}</Descriptions.Item>
            <Descriptions.Item label={t('supplierApply.legalPerson')}>{d.legalPerson}</Descriptions.Item>
            <Descriptions.Item label={t('supplierApply.licenceValidTo')}>
              {d.licenceValidTo || t('supplierApply.licenceNoEnd')}
            </Descriptions.Item>
            <Descriptions.Item label={t('supplierApply.address')} span={2}>
              {d.address || '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('supplierApply.contactName')}>{d.contactName}</Descriptions.Item>
            <Descriptions.Item label={t('supplierApply.contactPhone')}>{d.contactPhone}</Descriptions.Item>
            <Descriptions.Item label={t('supplierApply.contactEmail')}>{d.contactEmail || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('supplierApply.bankName')}>{d.bankName}</Descriptions.Item>
            <Descriptions.Item label={t('supplierApply.bankAccount')}>{d.bankAccount}</Descriptions.Item>
            <Descriptions.Item label={t('supplierApply.categories')} span={2}>
              {d.categories.map((c) => `${c.code}_${c.name}`).join('、')}
            </Descriptions.Item>
            <Descriptions.Item label={t('supplierApply.remark')} span={2}>
              {d.remark || '—'}
            </Descriptions.Item>
            {d.returnReason && (
              <Descriptions.Item label={t('supplierApply.returnReason')} span={2}>
                {d.returnReason}
              </Descriptions.Item>
            )}
          </Descriptions>
          <Typography.Title level={2} style={{ fontSize: 15, marginTop: 16 }}>
            {t('supplierApply.licences')}
          </Typography.Title>
          <FileList files={d.files} />
          {d.actions.length > 0 && (
            <div style={{ marginTop: 16 }}>
              <Form layout="vertical">
                <Form.Item label={returning ? t('supplierApply.returnReason') : t('supplierApply.note')} required={returning}>
                  <Input.TextArea
                    value={note}
                    onChange={(e) => setNote(e.target.value)}
                    maxLength={500}
                    rows={2}
                    placeholder={returning ? t('supplierApply.returnPlaceholder') : t('supplierApply.notePlaceholder')}
                  />
                </Form.Item>
              </Form>
              {returning && !note.trim() && <Alert type="info" title={t('supplierApply.returnPlaceholder')} style={{ marginBottom: 8 }} />}
              <Space wrap>
                {d.actions.includes('accept') && !returning && (
                  <Button type="primary" loading={busy} onClick={() => accept.mutate({ applyNo: d.applyNo, note }, { onSuccess: done })}>
                    {t('supplierApply.accept')}
                  </Button>
                )}
                {d.actions.includes('approve') && !returning && (
                  <Button
                    type="primary"
                    loading={busy}
                    onClick={() =>
                      approve.mutate(
                        { applyNo: d.applyNo, note },
                        {
                          onSuccess: (answer) => {
                            done();
                            setApproved(answer);
                          },
                        },
                      )
                    }
                  >
                    {t('supplierApply.approve')}
                  </Button>
                )}
                {d.actions.includes('return') &&
                  (returning ? (
                    <>
                      <Button
                        danger
                        type="primary"
                        loading={busy}
                        disabled={!note.trim()}
                        onClick={() => back.mutate({ applyNo: d.applyNo, note }, { onSuccess: done })}
                      >
                        {t('supplierApply.return')}
                      </Button>
                      <Button onClick={() => setReturning(false)}>{t('supplierApply.close')}</Button>
                    </>
                  ) : (
                    <Button danger onClick={() => setReturning(true)}>
                      {t('supplierApply.return')}
                    </Button>
                  ))}
              </Space>
            </div>
          )}
          <RecordHistory entries={d.history} />
        </>
      )}
      {approved && <ApprovedDialog approved={approved} onClose={() => setApproved(undefined)} />}
    </Drawer>
  );
}
