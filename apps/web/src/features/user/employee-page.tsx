// Child accounts of the main account (module ms0050): search, the server-paged grid (sort and column
// filters run on the server), and the actions on the selected account. Staff view (never change) the
// accounts of any supplier of their tenant, narrowed with the supplier picker.
import { PageSizes } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Checkbox, Form, Input, Select, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAuthButtons } from '../../lib/use-auth-buttons';
import { DataGrid, type GridQuery } from '../../components/data-grid';
import { ListPagination } from '../../components/list-pagination';
import { SupplierPicker } from '../../components/supplier-picker';
import { useUserStore } from '../../stores/user';
import { employeeColumnValues, type EmployeeListQuery, employeePageQuery } from './api';
import { employeeColumns, employeeRow } from './employee-columns';
import { EmployeeActions, employeeModule } from './employee-actions';

interface Search {
  rawInfo: string;
  status: '' | '0' | '1';
  isStrict: boolean;
}
const noSearch: Search = { rawInfo: '', status: '', isStrict: false };

export const detailPath = (mode: 'edit' | 'copy' | 'view', employeeCode: string) =>
  `/employee/userDetail?${new URLSearchParams({ employeeCode, ...(mode === 'edit' ? { isEdit: '1' } : mode === 'copy' ? { isCopy: '1' } : { readOnly: '1' }) })}`;

export default function EmployeePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const staff = useUserStore((s) => s.staff);
  const { has: holds } = useAuthButtons(employeeModule);
  const has = (button: string) => !staff && holds(button);
  const [suppCode, setSuppCode] = useState<string>();
  const [form] = Form.useForm<Search>();
  const [search, setSearch] = useState<Search>(noSearch);
  const [grid, setGrid] = useState<GridQuery>({ sort: null, filters: {} });
  const [page, setPage] = useState(1);
  const [selectedCode, setSelectedCode] = useState<string>();

  const query: EmployeeListQuery = {
    ...(search.rawInfo.trim() ? { rawInfo: search.rawInfo.trim() } : {}), status: search.status, isStrict: search.isStrict,
    page, limit: PageSizes.employee, ...(grid.sort ? { sort: grid.sort } : {}), filters: grid.filters,
    ...(staff && suppCode ? { suppCode } : {}),
  };
  const { data, isFetching } = useQuery(employeePageQuery(query));
  const list = useMemo(() => data?.list ?? [], [data]);
  const columns = useMemo(() => employeeColumns(t), [t]);
  const rows = useMemo(() => list.map(employeeRow), [list]);
  const selected = list.find((e) => e.employeeCode === selectedCode);

  const apply = (next: Search) => {
    setSearch(next);
    setPage(1);
  };
  const open = (mode: 'edit' | 'copy' | 'view') => selected && navigate(detailPath(mode, selected.employeeCode));

  return (
    <Card title={t('employee.title')}>
      <Form form={form} layout="inline" initialValues={noSearch} onFinish={apply} style={{ rowGap: 12, marginBottom: 12 }}>
        {staff && (
          <Form.Item label={t('shell.supplier')}>
            <SupplierPicker value={suppCode} onChange={(code) => { setSuppCode(code); setPage(1); }} width={220} />
          </Form.Item>
        )}
        <Form.Item name="rawInfo" label={t('employee.keyword')}>
          <Input allowClear placeholder={t('employee.keywordPlaceholder')} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="status" label={t('employee.status')}>
          <Select style={{ width: 100 }} options={[{ value: '', label: t('employee.all') }, { value: '1', label: t('employee.enabled') }, { value: '0', label: t('employee.disabled') }]} />
        </Form.Item>
        <Form.Item name="isStrict" valuePropName="checked">
          <Checkbox>{t('employee.strict')}</Checkbox>
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">{t('employee.search')}</Button>
          <Button onClick={() => { form.resetFields(); apply(noSearch); }}>{t('employee.reset')}</Button>
        </Space>
      </Form>
      <Space wrap style={{ marginBottom: 12 }}>
        {has('add') && <Button type="primary" onClick={() => navigate('/employee/userDetail')}>{t('employee.add')}</Button>}
        {has('edit') && <Button disabled={!selected} onClick={() => open('edit')}>{t('employee.edit')}</Button>}
        {has('add') && <Button disabled={!selected} onClick={() => open('copy')}>{t('employee.copy')}</Button>}
        <Button disabled={!selected} onClick={() => open('view')}>{t('employee.view')}</Button>
        {!staff && <EmployeeActions selected={selected} onDeleted={() => setSelectedCode(undefined)} />}
        <Typography.Text type="secondary" aria-live="polite">
          {selected ? t('employee.selected', { code: selected.employeeCode, name: selected.employeeName }) : t('employee.noneSelected')}
        </Typography.Text>
      </Space>
      <DataGrid
        aria-label={t('employee.grid')}
        columns={columns}
        rows={rows}
        loading={isFetching}
        serverSide
        onQueryChange={(next) => { setGrid(next); setPage(1); }}
        columnValues={(field) => employeeColumnValues(query, field)}
        onActiveRowChange={(index) => setSelectedCode(list[index]?.employeeCode)}
        onRowOpen={(index) => list[index] && navigate(detailPath(has('edit') ? 'edit' : 'view', list[index].employeeCode))}
        height={PageSizes.employee * 34 + 40}
      />
      <ListPagination page={page} limit={PageSizes.employee} total={data?.total ?? 0} onChange={setPage} />
    </Card>
  );
}
