// The dashboard (module ms0014): what needs attention when the day starts — open orders, receiving this
// month against last month, settlement bills waiting — and the trend. Staff pick a supplier or see all.
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Skeleton, Space, Statistic, Typography } from 'antd';
import { useCallback, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SupplierPicker } from '../../components/pickers/supplier-picker';
import { formatMoney } from '../../lib/format';
import { useUserStore } from '../../stores/user';
import { LazyTrendChart as TrendChart } from '../../components/lazy-trend-chart';
import { overviewQuery } from './api';
import { CertificateCard } from './certificate-card';
import { DeliveriesCard, useDeliveriesCard } from './deliveries-card';
import { useCanOpen } from '../../lib/use-can-open';

const yuan = (amount: string) => `¥${formatMoney(amount)}`;

function change(t: TFunction, now: string, before: string): string {
  const a = Number(now);
  const b = Number(before);
  if (b === 0) return t(a === 0 ? 'dashboard.same' : 'dashboard.lastMonthZero');
  const pct = ((a - b) / b) * 100;
  return t('dashboard.versusLastMonth', { pct: `${pct >= 0 ? '+' : ''}${pct.toFixed(1)}` });
}

export default function DashboardPage() {
  const { t } = useTranslation();
  const canOpen = useCanOpen();
  const viewLink = (path: string) => (canOpen(path) ? <Link to={path}>{t('dashboard.view')}</Link> : undefined);
  const user = useUserStore();
  const [suppCode, setSuppCode] = useState<string | undefined>();
  const { data } = useQuery(overviewQuery(suppCode));
  const deliveriesCard = useDeliveriesCard(user.staff);
  const months = data?.monthlyReceiving;
  // A month's point reads as its exact amount (the plotted number is only its place on the axis).
  const monthTooltip = useCallback((index: number) => (months?.[index] ? yuan(months[index].amount) : ''), [months]);

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
                : `${t('punct.bracketed', { text: user.supplierName, note: user.supplierCode })} · ${user.employeeName}`}
              {data && ` · ${t('dashboard.businessDate', { date: data.today })}`}
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
              <Card title={t('dashboard.openOrders')} extra={viewLink('/purOrder')}>
                <Statistic
                  title={t('dashboard.openOrdersDetail', { count: data.openOrders.count, toConfirm: data.openOrders.toConfirm })}
                  value={yuan(data.openOrders.amount)}
                />
                <Space wrap size={[16, 4]} style={{ marginTop: 8 }}>
                  {canOpen('/purOrder') && data.openOrders.toConfirm > 0 && (
                    <Link to="/purOrder?waiting=1">{t('dashboard.toConfirmLink', { count: data.openOrders.toConfirm })}</Link>
                  )}
                  {user.staff && canOpen('/orderConfirmMonitor') && (
                    <Link to="/orderConfirmMonitor?view=overdue" style={data.openOrders.overdue > 0 ? { color: '#cf1322' } : undefined}>
                      {t('dashboard.overdueLink', { count: data.openOrders.overdue })}
                    </Link>
                  )}
                </Space>
              </Card>
            </Col>
            <Col xs={24} md={8}>
              <Card title={t('dashboard.receiving')} extra={viewLink('/acceptance')}>
                <Statistic
                  title={t('dashboard.receivingDetail', {
                    change: change(t, data.receiving.thisMonth, data.receiving.lastMonthToDate),
                    lastMonth: yuan(data.receiving.lastMonth),
                  })}
                  value={yuan(data.receiving.thisMonth)}
                />
              </Card>
            </Col>
            <Col xs={24} md={8}>
              <Card title={t('dashboard.settlement')} extra={viewLink(user.staff ? '/samBill/review' : '/samBill')}>
                <Statistic
                  title={t('dashboard.settlementDetail', {
                    count: data.settlement.waitingCount,
                    unpaid: yuan(data.settlement.unpaidAmount),
                  })}
                  value={yuan(data.settlement.waitingAmount)}
                />
              </Card>
            </Col>
          </Row>
          <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
            <Col xs={24} lg={12}>
              <CertificateCard suppCode={suppCode} />
            </Col>
            {deliveriesCard && (
              <Col xs={24} lg={12}>
                <DeliveriesCard staff={user.staff} suppCode={suppCode} />
              </Col>
            )}
          </Row>
          <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
            <Col xs={24} lg={16}>
              <Card title={t('dashboard.trend')}>
                <TrendChart
                  kind="line"
                  label={t('dashboard.trendChart')}
                  labels={data.monthlyReceiving.map((m) => m.month)}
                  values={data.monthlyReceiving.map((m) => Number(m.amount))}
                  tooltip={monthTooltip}
                />
              </Card>
            </Col>
            <Col xs={24} lg={8}>
              <Card title={t('dashboard.statuses')}>
                <TrendChart
                  kind="pie"
                  label={t('dashboard.statusChart')}
                  labels={data.ordersByStatus.map((s) => t(`purchaseOrder.statuses.${s.status}`, { defaultValue: s.status }))}
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
