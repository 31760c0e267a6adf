// 供应商绩效 (ms0118, supplier main and child accounts): the supplier's own figures (from its session) for the last
// twelve months: the year's figures, OTIF and confirmation trends, the months' table and the month per store or DC.
// docs/performance.md defines each figure.
import { Alert, Button, Card, Col, DatePicker, Form, Row, Space, Statistic, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataGrid, type GridColumn, fitTitles, gridHeight } from '../../components/data-grid';
import { LazyTrendChart as TrendChart } from '../../components/lazy-trend-chart';
import { StorePicker } from '../../components/pickers/store-picker';
import { CategoryPicker } from '../../components/pickers/tree-picker';
import { businessToday } from '../../lib/business-day';
import { useSearchQuery } from '../../lib/use-search-query';
import { type OverviewQuery, overviewQuery } from './api';
import { figureCells, figureColumns, percent } from './figure-columns';

interface Search {
  month: Dayjs | null;
  deptCode?: string | undefined;
  categoryCode?: string | undefined;
}

export default function SupplierPerformancePage() {
  const { t } = useTranslation();
  const k = (key: string, values?: Record<string, unknown>) => t(`performance.${key}`, values);
  const [form] = Form.useForm<Search>();
  const [search, setSearch] = useState<Search>({ month: null });
  const query: OverviewQuery = {
    ...(search.month ? { month: search.month.format('YYYY-MM') } : {}),
    ...(search.deptCode ? { deptCode: search.deptCode } : {}),
    ...(search.categoryCode ? { categoryCode: search.categoryCode } : {}),
  };
  const { data, error } = useSearchQuery(overviewQuery(query), search);

  const monthColumns = useMemo(
    (): GridColumn[] =>
      fitTitles([
        { field: 'month', title: t('performance.figures.month'), width: 100, fixed: 'left', sortable: false, filterable: false },
        ...figureColumns(t, { sortable: false }),
      ]),
    [t],
  );
  const deptColumns = useMemo(
    (): GridColumn[] =>
      fitTitles([
        { field: 'deptName', title: t('performance.figures.deptName'), width: 180, fixed: 'left', sortable: false, filterable: false },
        ...figureColumns(t, { sortable: false }),
      ]),
    [t],
  );
  const monthRows = useMemo(() => (data?.months ?? []).map((m) => ({ month: m.month, ...figureCells(m) })), [data]);
  const deptRows = useMemo(() => (data?.byDept ?? []).map((d) => ({ deptName: `${d.deptCode} ${d.deptName}`, ...figureCells(d) })), [data]);

  const year = data?.year;
  const stats: [string, string][] = year
    ? [
        ['otifRate', percent(year.otifRate)],
        ['inFullRate', percent(year.inFullRate)],
        ['onTimeRate', percent(year.onTimeRate)],
        ['fillRate', percent(year.fillRate)],
        ['confirmRate', percent(year.confirmRate)],
        ['rejectionRate', percent(year.rejectionRate)],
      ]
    : [];

  return (
    <div>
      <Card title={k('supplierTitle')}>
        <Form
          form={form}
          // A named form's fields get ids of their own: the new-product form's 商品类别 (categoryCode) kept open in
          // another tab would otherwise share this one's id, and its label would name this select.
          name="supplier-performance"
          layout="inline"
          style={{ rowGap: 12 }}
          aria-label={k('supplierTitle')}
          initialValues={{ month: null }}
          onFinish={(values) => setSearch({ ...values })}
        >
          <Form.Item name="month" label={k('month')}>
            <DatePicker picker="month" allowClear placeholder={businessToday().format('YYYY-MM')} style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="deptCode" label={k('dept')}>
            <StorePicker width={200} />
          </Form.Item>
          <Form.Item name="categoryCode" label={k('category')}>
            <CategoryPicker width={200} />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              {k('search')}
            </Button>
          </Space>
        </Form>
        {error ? <Alert type="error" showIcon style={{ marginTop: 12 }} title={error.message} /> : null}
        {data ? (
          <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
            {k('figuresOf', { supplier: `${data.suppCode} ${data.suppName}`, today: data.today })} · {k('definitions')}
          </Typography.Paragraph>
        ) : null}
      </Card>
      {data && year ? (
        <>
          <Card title={k('year')} style={{ marginTop: 16 }}>
            <Row gutter={[16, 16]}>
              {stats.map(([field, value]) => (
                <Col key={field} xs={12} sm={8} lg={4}>
                  <Statistic title={t(`performance.figures.${field}`)} value={value} />
                </Col>
              ))}
            </Row>
            <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
              {t('performance.figures.lines')} {year.lines} · {t('performance.figures.orders')} {year.orders} ·{' '}
              {data.medianConfirmHours === null ? '' : k('median', { hours: data.medianConfirmHours })}
            </Typography.Paragraph>
          </Card>
          <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
            <Col xs={24} lg={12}>
              <Card title={`${k('trend')} · ${t('performance.figures.otifRate')}`}>
                <TrendChart
                  kind="line"
                  height={220}
                  label={k('trendChart')}
                  labels={data.months.map((m) => m.month)}
                  values={data.months.map((m) => Number(m.otifRate ?? 0))}
                />
              </Card>
            </Col>
            <Col xs={24} lg={12}>
              <Card title={`${k('trend')} · ${t('performance.figures.confirmRate')}`}>
                <TrendChart
                  kind="bar"
                  height={220}
                  label={k('confirmChart')}
                  labels={data.months.map((m) => m.month)}
                  values={data.months.map((m) => Number(m.confirmRate ?? 0))}
                />
              </Card>
            </Col>
          </Row>
          <Card title={k('byDept', { month: data.month })} style={{ marginTop: 16 }}>
            {deptRows.length === 0 ? (
              <Typography.Text type="secondary">{k('noData')}</Typography.Text>
            ) : (
              <DataGrid aria-label={k('byDeptTable')} columns={deptColumns} rows={deptRows} height={gridHeight(deptRows.length, 10)} />
            )}
          </Card>
          <Card title={k('monthsTable')} style={{ marginTop: 16 }}>
            <DataGrid aria-label={k('monthsTable')} columns={monthColumns} rows={monthRows} height={gridHeight(monthRows.length, 12)} />
          </Card>
        </>
      ) : null}
    </div>
  );
}
