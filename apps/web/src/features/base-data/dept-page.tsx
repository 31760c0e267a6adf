// 门店与配送中心 (ms0093): the tenant's stores and DCs on the server-paged grid, by keyword and type.
import type { DeptRow } from '@portal/contract';
import { baseInfo } from '@portal/contract';
import { Card, Form, Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataGrid, type GridColumn } from '../../components/data-grid';
import { ListPagination } from '../../components/list-pagination';
import { useServerList } from '../../components/server-list/use-server-list';
import { deptColumnValues, deptPageQuery } from './api';
import { KeywordSearch } from './keyword-search';

interface Search {
  keyword: string;
  deptType: '' | 'store' | 'dc';
}

/** Type and state as the contract's words: the server filters on the same texts. */
const deptRow = (d: DeptRow) => ({ ...d, deptType: baseInfo.deptTypeText[d.deptType], online: undefined });

export default function DeptPage() {
  const { t } = useTranslation();
  const depts = useServerList({
    initialSearch: { keyword: '', deptType: '' } as Search,
    bodyOf: (s: Search) => ({
      ...(s.keyword.trim() ? { keyword: s.keyword.trim() } : {}),
      ...(s.deptType ? { deptType: s.deptType } : {}),
    }),
    pageQuery: deptPageQuery,
    columnValues: deptColumnValues,
    row: deptRow,
    pageSizes: [20, 50, 100],
  });
  const columns = useMemo<GridColumn[]>(() => {
    const title = (field: string) => t(`baseData.dept.columns.${field}`);
    // The contract's Chinese words of type and state, in the user's language.
    const display = (value: string) => t(`baseData.dept.words.${value}`, { defaultValue: value });
    return [
      { field: 'deptCode', title: title('deptCode'), width: 100, fixed: 'left' },
      { field: 'deptName', title: title('deptName'), width: 180 },
      { field: 'deptType', title: title('deptType'), width: 110, display },
      { field: 'city', title: title('city'), width: 100 },
      { field: 'onlineText', title: title('onlineText'), width: 100, display },
    ];
  }, [t]);

  return (
    <Card title={t('baseData.dept.title')}>
      <KeywordSearch form={depts.form} onReset={depts.reset}>
        <Form.Item name="deptType" label={t('baseData.dept.type')}>
          <Select
            style={{ width: 140 }}
            options={[
              { value: '', label: t('baseData.dept.all') },
              { value: 'store', label: t('baseData.dept.store') },
              { value: 'dc', label: t('baseData.dept.dc') },
            ]}
          />
        </Form.Item>
      </KeywordSearch>
      <DataGrid aria-label={t('baseData.dept.grid')} columns={columns} {...depts.grid} />
      <ListPagination {...depts.pagination} />
    </Card>
  );
}
