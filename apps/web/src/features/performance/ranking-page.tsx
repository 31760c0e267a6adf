// 绩效排名 (ms0119, staff): every supplier of the tenant ranked by OTIF (the grid's column menu sorts by any figure,
// on the server) over a month or a range of months, filtered by category and store or DC, paged on the server.
import type { RankingRow } from '@portal/contract';
import { performance } from '@portal/contract';
import { Button, Card, DatePicker, Form, Space, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataGrid, type GridColumn, type GridRow, fitTitles } from '../../components/data-grid';
import { ListPagination } from '../../components/list-pagination';
import { StorePicker } from '../../components/pickers/store-picker';
import { CategoryPicker } from '../../components/pickers/tree-picker';
import { useServerList } from '../../components/server-list/use-server-list';
import { businessToday } from '../../lib/business-day';
import { type RankingQuery, rankingQuery } from './api';
import { figureCells, figureColumns } from './figure-columns';

interface Search {
  months: [Dayjs, Dayjs];
  deptCode?: string | undefined;
  categoryCode?: string | undefined;
}

function bodyOf(search: Search): Omit<RankingQuery, 'page' | 'limit' | 'sort'> {
  const [start, end] = search.months;
  return {
    startMonth: start.format('YYYY-MM'),
    endMonth: end.format('YYYY-MM'),
    ...(search.deptCode ? { deptCode: search.deptCode } : {}),
    ...(search.categoryCode ? { categoryCode: search.categoryCode } : {}),
  };
}

const rowOf = (r: RankingRow): GridRow => ({ rank: r.rank, suppCode: r.suppCode, suppName: r.suppName, ...figureCells(r) });
const sortable = (field: string) => (performance.rankingSortFields as readonly string[]).includes(field);

export default function RankingPage() {
  const { t } = useTranslation();
  const k = (key: string) => t(`performance.${key}`);
  const list = useServerList({
    initialSearch: { months: [businessToday().subtract(2, 'month').startOf('month'), businessToday().startOf('month')] } as Search,
    bodyOf,
    pageQuery: (body: RankingQuery) => rankingQuery(body),
    row: rowOf,
    pageSizes: [20, 50, 100],
    sortable,
    maxRows: 15,
  });
  const columns = useMemo(
    (): GridColumn[] =>
      fitTitles([
        {
          field: 'rank',
          title: t('performance.figures.rank'),
          type: 'number',
          width: 70,
          fixed: 'left',
          sortable: false,
          filterable: false,
        },
        { field: 'suppCode', title: t('performance.figures.suppCode'), width: 110, filterable: false },
        { field: 'suppName', title: t('performance.figures.suppName'), width: 200, sortable: false, filterable: false },
        ...figureColumns(t, { sortable: true }),
      ]),
    [t],
  );
  return (
    <Card title={k('rankingTitle')}>
      <Form
        {...list.form}
        name="performance-ranking"
        layout="inline"
        style={{ rowGap: 12, marginBottom: 12 }}
        aria-label={k('rankingTitle')}
      >
        <Form.Item name="months" label={k('months')} rules={[{ required: true }]}>
          <DatePicker.RangePicker picker="month" allowClear={false} style={{ width: 240 }} />
        </Form.Item>
        <Form.Item name="categoryCode" label={k('category')}>
          <CategoryPicker width={200} />
        </Form.Item>
        <Form.Item name="deptCode" label={k('dept')}>
          <StorePicker width={200} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {k('search')}
          </Button>
          <Button onClick={list.reset}>{k('reset')}</Button>
        </Space>
      </Form>
      <Typography.Paragraph type="secondary">{k('definitions')}</Typography.Paragraph>
      <DataGrid aria-label={k('grid')} columns={columns} {...list.grid} />
      <ListPagination {...list.pagination} />
    </Card>
  );
}
