// The dashboard's certificate card: missing mandatory types, certificates expiring within 30 days and
// expired ones, the most urgent named, linking to the certificate page.
import { certificate } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, List, Row, Statistic, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { call } from '../../api/client';

const problemTag = { missing: ['red', '缺失'], expired: ['red', '已过期'], expiring: ['orange', '即将到期'] } as const;

export function CertificateCard({ suppCode }: { suppCode?: string | undefined }) {
  const { data } = useQuery({
    queryKey: ['dashboard', 'certificates', suppCode ?? ''],
    queryFn: () => call(certificate.getCertificateSummary, { query: suppCode ? { suppCode } : {} }),
  });
  return (
    <Card title="资质证照" extra={<Link to="/ctfType">查看</Link>} loading={!data} aria-label="资质证照提醒">
      {data && (
        <>
          <Row gutter={8}>
            <Col span={8}>
              <Statistic title="缺失" value={data.missing} valueStyle={data.missing ? { color: '#cf1322' } : undefined} />
            </Col>
            <Col span={8}>
              <Statistic title="30 天内到期" value={data.expiring} valueStyle={data.expiring ? { color: '#ad4e00' } : undefined} />
            </Col>
            <Col span={8}>
              <Statistic title="已过期" value={data.expired} valueStyle={data.expired ? { color: '#cf1322' } : undefined} />
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
                    <Tag color={problemTag[item.problem][0]}>{problemTag[item.problem][1]}</Tag>
                    {item.typeName} {item.ctfNumber}
                    {item.daysLeft !== null && (item.daysLeft >= 0 ? ` · 剩余 ${item.daysLeft} 天` : ` · 已过期 ${-item.daysLeft} 天`)}
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
