// The dashboard's certificate card: missing mandatory types, certificates expiring within 30 days and
// expired ones, the most urgent named, linking to the certificate page.
import { useQuery } from '@tanstack/react-query';
import { Card, Col, List, Row, Statistic, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCanOpen } from '../../lib/use-can-open';
import { useTypeName } from '../../lib/use-type-name';
import { certificateSummaryQuery } from './api';

const problemTag = { missing: ['red', 'missing'], expired: ['red', 'expired'], expiring: ['orange', 'soon'] } as const;

export function CertificateCard({ suppCode }: { suppCode?: string | undefined }) {
  const { t } = useTranslation();
  const typeName = useTypeName();
  const canOpen = useCanOpen();
  const c = (key: string, options?: Record<string, unknown>) => t(`dashboard.certificates.${key}`, options);
  const { data } = useQuery(certificateSummaryQuery(suppCode));
  return (
    <Card
      title={c('title')}
      extra={canOpen('/ctfType') && <Link to="/ctfType">{t('dashboard.view')}</Link>}
      loading={!data}
      aria-label={c('label')}
    >
      {data && (
        <>
          <Row gutter={8}>
            <Col span={8}>
              <Statistic title={c('missing')} value={data.missing} valueStyle={data.missing ? { color: '#cf1322' } : undefined} />
            </Col>
            <Col span={8}>
              <Statistic title={c('expiring')} value={data.expiring} valueStyle={data.expiring ? { color: '#ad4e00' } : undefined} />
            </Col>
            <Col span={8}>
              <Statistic title={c('expired')} value={data.expired} valueStyle={data.expired ? { color: '#cf1322' } : undefined} />
            </Col>
          </Row>
          {data.items.length > 0 && (
            <List
              size="small"
              style={{ marginTop: 8 }}
              dataSource={data.items}
              renderItem={(item) => (
                <List.Item>
                  <Typography.Text ellipsis>
                    <Tag color={problemTag[item.problem][0]}>{c(problemTag[item.problem][1])}</Tag>
                    {/* A space of its own: the tag's text and the type's name read apart ('Missing Food business licence'). */}{' '}
                    {typeName(item)}
                    {item.ctfNumber && ` ${item.ctfNumber}`}
                    {item.daysLeft !== null &&
                      ` · ${item.daysLeft >= 0 ? c('daysLeft', { count: item.daysLeft }) : c('expiredDays', { count: -item.daysLeft })}`}
                    {item.problem === 'missing' && ` · ${item.suppName}`}
                  </Typography.Text>
                </List.Item>
              )}
            />
          )}
        </>
      )}
    </Card>
  );
}
