// One application as the supplier and the reviewers read it: where it stands (and why it was returned),
// its fields, the comment of each review step, its certificate files and linked certificates, its history.
import type { ApplyDetail, HistoryEntry } from '@portal/contract';
import { Alert, Descriptions, List, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FileList } from '../../components/file-list';
import { RecordHistory } from '../../components/record-history';
import { formatMoney, formatPrice, formatTime } from '../../lib/format';
import { useTypeName } from '../../lib/use-type-name';

const statusColor: Record<string, string> = {
  草稿: 'default',
  已提交: 'processing',
  采购审核: 'processing',
  资质审核: 'processing',
  通过: 'success',
  驳回: 'error',
};

export function StatusTag({ status }: { status: string }) {
  const { t } = useTranslation();
  return <Tag color={statusColor[status] ?? 'default'}>{t(`goodsApply.statuses.${status}`, { defaultValue: status })}</Tag>;
}

export function ApplyView({ apply, history }: { apply: ApplyDetail; history: HistoryEntry[] }) {
  const { t } = useTranslation();
  const typeName = useTypeName();
  return (
    <Space direction="vertical" style={{ width: '100%' }} size={16}>
      {apply.status === '驳回' && (
        <Alert type="error" showIcon message={t('goodsApply.returnedAt', { step: apply.returnedAt, reason: apply.returnReason })} />
      )}
      <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered>
        <Descriptions.Item label={t('goodsApply.applyNo')}>{apply.applyNo}</Descriptions.Item>
        <Descriptions.Item label={t('goodsApply.status')}>
          <StatusTag status={apply.status} />
        </Descriptions.Item>
        <Descriptions.Item label={t('goodsApply.supplier')}>
          {apply.suppCode} {apply.suppName}
        </Descriptions.Item>
        <Descriptions.Item label={t('goodsApply.goodsCode')}>{apply.goodsCode || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('goodsApply.goodsName')}>{apply.goodsName}</Descriptions.Item>
        <Descriptions.Item label={t('goodsApply.barcode')}>{apply.barcode}</Descriptions.Item>
        <Descriptions.Item label={t('goodsApply.spec')}>{apply.spec}</Descriptions.Item>
        <Descriptions.Item label={t('goodsApply.unit')}>
          {apply.unit} · {t('goodsApply.caseQty')} {apply.caseQty}
        </Descriptions.Item>
        <Descriptions.Item label={t('goodsApply.category')}>
          {apply.categoryCode} {apply.categoryName}
        </Descriptions.Item>
        <Descriptions.Item label={t('goodsApply.brand')}>{apply.brandName || apply.brandCode}</Descriptions.Item>
        <Descriptions.Item label={t('goodsApply.price')}>{formatPrice(apply.price)}</Descriptions.Item>
        <Descriptions.Item label={t('goodsApply.retailPrice')}>{formatMoney(apply.retailPrice)}</Descriptions.Item>
        <Descriptions.Item label={t('goodsApply.taxRate')}>{apply.taxRate}%</Descriptions.Item>
        <Descriptions.Item label={t('goodsApply.shelfLife')}>{apply.shelfLifeDays}</Descriptions.Item>
        <Descriptions.Item label={t('goodsApply.origin')}>{apply.origin}</Descriptions.Item>
        <Descriptions.Item label={t('goodsApply.submittedAt')}>{formatTime(apply.submittedAt) || '—'}</Descriptions.Item>
        {apply.remark && <Descriptions.Item label={t('goodsApply.remark')}>{apply.remark}</Descriptions.Item>}
      </Descriptions>
      <List
        size="small"
        bordered
        header={t('goodsApply.reviews')}
        locale={{ emptyText: t('goodsApply.noReviews') }}
        dataSource={apply.reviews}
        renderItem={(r) => (
          <List.Item>
            <Space direction="vertical" size={0}>
              <Typography.Text strong>
                {t('goodsApply.reviewLine', {
                  step: r.step,
                  result: r.result || t('goodsApply.pending'),
                  name: r.reviewerName,
                  at: formatTime(r.at),
                })}
              </Typography.Text>
              {r.comment && <Typography.Text>{r.comment}</Typography.Text>}
            </Space>
          </List.Item>
        )}
      />
      <FileList layout="rows" files={apply.files} title={t('goodsApply.files')} />
      <List
        size="small"
        bordered
        header={t('goodsApply.certificates')}
        dataSource={apply.certificates}
        locale={{ emptyText: '—' }}
        renderItem={(c) => (
          <List.Item>
            {typeName(c)} {c.ctfNumber} · {c.validTo}{' '}
            {c.daysLeft < 0 ? <Tag color="error">{t('goodsApply.expired')}</Tag> : t('goodsApply.daysLeft', { count: c.daysLeft })}
          </List.Item>
        )}
      />
      <RecordHistory entries={history} />
    </Space>
  );
}
