// The dashboard (module ms0014): what needs attention when the day starts — open orders, receiving this
// month against last month, settlement bills waiting — and the trend. Staff pick a supplier or see all.
import { dashboard } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Skeleton, Statistic, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { call } from '../../api/client';
import { SupplierPicker } from '../../components/supplier-picker';
import { formatMoney } from '../../lib/format';
import { useUserStore } from '../../stores/user';
import { TrendChart } from '../../components/trend-chart';
import { CertificateCard } from './certificate-card';

const yuan = (amount: string) => `¥${formatMoney(amount)}`;

function change(now: string, before: string): string {
  const a = Number(now);
  const b = Number(before);
  if (b === 0) return a === 0 ? '持平' : '上月同期为 0';
  const pct = ((a - b) / b) * 100;
  return `${pct >= 0 ? '较上月同期 +' : '较上月同期 '}${pct.toFixed(1)}%`;
}

export default function DashboardPage() {
  const { t } = useTranslation();
  const user = useUserStore();
  const [suppCode, setSuppCode] = useState<string | undefined>();
  const { data } = useQuery({
    queryKey: ['dashboard', suppCode ?? ''],
    queryFn: () => call(dashboard.getOverview, { query: suppCode ? { suppCode } : {} }),
  });

  return (
    <div>
      <Card style={{ marginBottom: 16 }}>
        <Row justify="space-between" align="middle">
          <Col>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {t('dashboard.welcome')}
            </Typography.Title>
            <Typography.Text type="secondary">
              {user.staff
                ? `${user.companyName} · ${user.employeeName}`
                : `${user.supplierName}（${user.supplierCode}） · ${user.employeeName}`}
              {data && ` · 业务日期 ${data.today}`}
            </Typography.Text>
          </Col>
          {user.staff && (
            <Col>
              <SupplierPicker value={suppCode} onChange={setSuppCode} />
            </Col>
          )}
        </Row>
      </Card>
      {!data ? (
        <Skeleton active />
      ) : (
        <>
          <Row gutter={[16, 16]}>
            <Col xs={24} md={8}>
              <Card title="未完成采购订单" extra={<Link to="/purOrder">查看</Link>}>
                <Statistic
                  title={`${data.openOrders.count} 张，其中待确认 ${data.openOrders.toConfirm} 张`}
                  value={yuan(data.openOrders.amount)}
                />
              </Card>
            </Col>
            <Col xs={24} md={8}>
              <Card title="本月验收金额" extra={<Link to="/acceptance">查看</Link>}>
                <Statistic
                  title={`${change(data.receiving.thisMonth, data.receiving.lastMonthToDate)}（上月全月 ${yuan(data.receiving.lastMonth)}）`}
                  value={yuan(data.receiving.thisMonth)}
                />
              </Card>
            </Col>
            <Col xs={24} md={8}>
              <Card title="待处理结算单" extra={<Link to={user.staff ? '/samBill/review' : '/samBill'}>查看</Link>}>
                <Statistic
                  title={`${data.settlement.waitingCount} 张待提交，未付合计 ${yuan(data.settlement.unpaidAmount)}`}
                  value={yuan(data.settlement.waitingAmount)}
                />
              </Card>
            </Col>
          </Row>
          <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
            <Col xs={24} lg={12}>
              <CertificateCard suppCode={suppCode} />
            </Col>
          </Row>
          <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
            <Col xs={24} lg={16}>
              <Card title="近 12 个月验收金额（含税）">
                <TrendChart
                  kind="line"
                  label="验收金额趋势图"
                  labels={data.monthlyReceiving.map((m) => m.month)}
                  values={data.monthlyReceiving.map((m) => Number(m.amount))}
                />
              </Card>
            </Col>
            <Col xs={24} lg={8}>
              <Card title="近 90 天订单状态">
                <TrendChart
                  kind="pie"
                  label="订单状态分布图"
                  labels={data.ordersByStatus.map((s) => s.status)}
                  values={data.ordersByStatus.map((s) => s.count)}
                />
              </Card>
            </Col>
          </Row>
        </>
      )}
    </div>
  );
}
