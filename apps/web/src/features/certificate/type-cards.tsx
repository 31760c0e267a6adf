// A supplier's certificates per type: the certificate(s) in force, each followed by a successor not yet
// approved (marked as such), their state and files, and what is missing or expiring marked in colour; a
// supplier account can replace or submit from here.
import type { TypeOverview } from '@portal/contract';
import { Alert, Button, Card, Col, Empty, Row, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { uploadPath } from './detail-drawer';
import { FileList, StatusTag } from '../../components/file-list';
import { useTypeName } from '../../lib/use-type-name';
import { ValidTo } from './valid-to';
import './certificate.css';

const problemColor: Record<TypeOverview['problem'], string> = {
  missing: 'red',
  expired: 'red',
  expiring: 'orange',
  review: 'gold',
  ok: 'green',
  none: 'default',
};
const alarming = new Set<TypeOverview['problem']>(['missing', 'expired', 'expiring']);

export function TypeCards({ types, canUpload, onOpen }: { types: TypeOverview[]; canUpload: boolean; onOpen(id: number): void }) {
  const { t } = useTranslation();
  const typeName = useTypeName();
  const navigate = useNavigate();
  return (
    <Row gutter={[16, 16]}>
      {types.map(({ type, certificates, problem }) => (
        <Col key={type.typeCode} xs={24} xl={12}>
          <Card
            size="small"
            data-type={type.typeName}
            aria-label={typeName(type)}
            style={alarming.has(problem) ? { borderColor: problem === 'expiring' ? '#fa8c16' : '#ff4d4f' } : undefined}
            title={
              <Space wrap size={4}>
                <span>{typeName(type)}</span>
                <Tag color={type.mandatory ? 'blue' : 'default'}>
                  {type.mandatory ? t('certificate.mandatory') : t('certificate.optional')}
                </Tag>
                {type.annualReview && <Tag>{t('certificate.annualReview')}</Tag>}
                {type.scope === 'goods' && <Tag>{t('certificate.goodsType')}</Tag>}
                <Tag color={problemColor[problem]}>{t(`certificate.problem.${problem}`)}</Tag>
              </Space>
            }
            extra={
              canUpload && (
                <Button size="small" type="link" onClick={() => navigate(uploadPath({ type: type.typeCode }))}>
                  {certificates.length && type.scope === 'supplier' ? t('certificate.replace') : t('certificate.upload')}
                </Button>
              )
            }
          >
            {certificates.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('certificate.none')} />
            ) : (
              <Space direction="vertical" style={{ width: '100%' }} size={12}>
                {certificates.map((c) => (
                  <div
                    key={c.id}
                    data-certificate={c.ctfNumber}
                    data-in-force={c.inForce}
                    className={c.inForce ? undefined : 'certificate-successor'}
                  >
                    {!c.inForce && (
                      <Alert
                        type="info"
                        showIcon
                        style={{ marginBottom: 4 }}
                        message={t('certificate.successor')}
                        description={t('certificate.successorHint')}
                      />
                    )}
                    <Space wrap size={[12, 4]}>
                      <Typography.Text strong>{c.ctfName}</Typography.Text>
                      <Typography.Text>{c.ctfNumber}</Typography.Text>
                      {c.scope === 'goods' && (
                        <Typography.Text type="secondary">
                          {c.barcode} {c.goodsName}
                        </Typography.Text>
                      )}
                      <StatusTag status={c.status} />
                      {c.inForce && c.expiryState !== '正常' && (
                        <Tag color={c.expiryState === '已过期' ? 'red' : 'orange'}>{t(`certificate.expiryStates.${c.expiryState}`)}</Tag>
                      )}
                    </Space>
                    <div>
                      <Typography.Text type="secondary">
                        {t('punct.labelled', { label: t('certificate.validTo'), value: '' })}
                      </Typography.Text>
                      <ValidTo c={c} />
                      {c.nextReviewDate && (
                        <Typography.Text type="secondary">
                          {' · '}
                          {t('punct.labelled', { label: t('certificate.nextReviewDate'), value: c.nextReviewDate })}
                        </Typography.Text>
                      )}
                    </div>
                    {c.status === '审核退回' && (
                      <Alert
                        type="error"
                        showIcon
                        style={{ margin: '4px 0' }}
                        message={t('certificate.returnedBecause', { reason: c.returnReason })}
                      />
                    )}
                    <div style={{ margin: '8px 0' }}>
                      <FileList files={c.files} />
                    </div>
                    <Space size={8}>
                      <Button size="small" onClick={() => onOpen(c.id)}>
                        {t('certificate.detail')}
                      </Button>
                      {canUpload && c.scope === 'goods' && c.current && c.status !== '已提交' && (
                        <Button
                          size="small"
                          onClick={() => navigate(uploadPath({ type: c.typeCode, barcode: c.barcode }))}
                          aria-label={`${t('certificate.replace')} ${c.ctfNumber}`}
                        >
                          {t('certificate.replace')}
                        </Button>
                      )}
                    </Space>
                  </div>
                ))}
              </Space>
            )}
          </Card>
        </Col>
      ))}
    </Row>
  );
}
