// Child accounts of the main account (module ms0050): search, the server-paged grid (sort and column
// filters run on the server), and the actions on the selected account. Staff view (never change) the
// accounts of any supplier of their tenant, narrowed with the supplier picker.
import { PageSizes } from '@portal/contract';
import { Button, Card, Checkbox, Form, Input, Select, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAuthButtons } from '../../lib/use-auth-buttons';
import { DataGrid } from '../../components/data-grid';
import { ListPagination } from '../../components/list-pagination';
import { useServerList } from '../../components/server-list/use-server-list';
import { SupplierPicker } from '../../components/pickers/supplier-picker';
import { useUserStore } from '../../stores/user';
import { employeeColumnValues, type EmployeeListQuery, employeePageQuery } from './api';
import { employeeColumns, employeeRow } from './employee-columns';
import { EmployeeActions, employeeModule } from './employee-actions';
import { EndSessionsButton } from './end-sessions-button';

interface Search {
  rawInfo: string;
  status: '' | '0' | '1';
  isStrict: boolean;
  /** Staff only: picked beside the form, applied at once. */
  suppCode?: string | undefined;
}
const noSearch: Search = { rawInfo: '', status: '', isStrict: false };
const pageSizes = [PageSizes.employee];

function queryOf(search: Search): Omit<EmployeeListQuery, 'page' | 'limit' | 'sort' | 'filters'> {
  const rawInfo = search.rawInfo.trim();
  return {
    ...(rawInfo ? { rawInfo } : {}),
    status: search.status,
    isStrict: search.isStrict,
    ...(search.suppCode ? { suppCode: search.suppCode } : {}),
  };
}

export const detailPath = (mode: 'edit' | 'copy' | 'view', employeeCode: string) =>
  `/employee/userDetail?${new URLSearchParams({ employeeCode, ...(mode === 'edit' ? { isEdit: '1' } : mode === 'copy' ? { isCopy: '1' } : { readOnly: '1' }) })}`;

export default function EmployeePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const staff = useUserStore((s) => s.staff);
  const { has: holds } = useAuthButtons(employeeModule);
  const has = (button: string) => !staff && holds(button);
  const employees = useServerList({
    initialSearch: noSearch,
    bodyOf: queryOf,
    pageQuery: employeePageQuery,
    columnValues: employeeColumnValues,
    row: employeeRow,
    pageSizes,
    maxRows: PageSizes.employee,
  });
  const { list } = employees;
  const [selectedCode, setSelectedCode] = useState<string>();
  const columns = useMemo(() => employeeColumns(t), [t]);
  const selected = list.find((e) => e.employeeCode === selectedCode);

  const open = (mode: 'edit' | 'copy' | 'view') => selected && navigate(detailPath(mode, selected.employeeCode));

  return (
    <Card title={t('employee.title')}>
      <Form {...employees.form} layout="inline" style={{ rowGap: 12, marginBottom: 12 }}>
        {staff && (
          <Form.Item label={t('shell.supplier')}>
            <SupplierPicker value={employees.search.suppCode} onChange={(code) => employees.apply({ suppCode: code })} width={220} />
          </Form.Item>
        )}
        <Form.Item name="rawInfo" label={t('employee.keyword')}>
          <Input allowClear placeholder={t('employee.keywordPlaceholder')} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="status" label={t('employee.status')}>
          <Select
            style={{ width: 100 }}
            options={[
              { value: '', label: t('employee.all') },
              { value: '1', label: t('employee.enabled') },
              { value: '0', label: t('employee.disabled') },
            ]}
          />
        </Form.Item>
        <Form.Item name="isStrict" valuePropName="checked">
          <Checkbox>{t('employee.strict')}</Checkbox>
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('employee.search')}
          </Button>
          <Button onClick={employees.reset}>{t('employee.reset')}</Button>
        </Space>
      </Form>
      <Space wrap style={{ marginBottom: 12 }}>
        {has('add') && (
          <Button type="primary" onClick={() => navigate('/employee/userDetail')}>
            {t('employee.add')}
          </Button>
        )}
        {has('edit') && (
          <Button disabled={!selected} onClick={() => open('edit')}>
            {t('employee.edit')}
          </Button>
        )}
        {has('add') && (
          <Button disabled={!selected} onClick={() => open('copy')}>
            {t('employee.copy')}
          </Button>
        )}
        <Button disabled={!selected} onClick={() => open('view')}>
          {t('employee.view')}
        </Button>
        {!staff && <EmployeeActions selected={selected} onDeleted={() => setSelectedCode(undefined)} />}
        {holds('endSessions') && <EndSessionsButton selected={selected} />}
        <Typography.Text type="secondary" aria-live="polite">
          {selected ? t('employee.selected', { code: selected.employeeCode, name: selected.employeeName }) : t('employee.noneSelected')}
        </Typography.Text>
      </Space>
      <DataGrid
        aria-label={t('employee.grid')}
        columns={columns}
        {...employees.grid}
        onActiveRowChange={(index) => setSelectedCode(list[index]?.employeeCode)}
        onRowOpen={(index) => list[index] && navigate(detailPath(has('edit') ? 'edit' : 'view', list[index].employeeCode))}
      />
      <ListPagination {...employees.pagination} />
    </Card>
  );
}
