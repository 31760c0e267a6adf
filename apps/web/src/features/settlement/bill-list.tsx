// The bills of the supplier (staff: of the tenant or one supplier), normal or advance: search by period,
// accounting unit, state and number; the server-paged grid (sort and column filters on the server); open,
// edit or delete the selected bill; new bills and the export follow the account's button grants.
import { type BillSummary, settlement } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Button, DatePicker, Form, Input, Select, Space, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DataGrid } from '../../components/data-grid';
import { ListPagination } from '../../components/list-pagination';
import { useServerList } from '../../components/server-list/use-server-list';
import { SupplierPicker } from '../../components/pickers/supplier-picker';
import { useAuthButtons } from '../../lib/use-auth-buttons';
import { useUserStore } from '../../stores/user';
import { advancePageQuery, type BillListQuery, billColumnValues, billPageQuery, unitsQuery, useDeleteBill } from './api';
import { statusOptions } from './bill-status';
import { billColumns, billRow } from './columns';
import { ExportButtons } from './export-buttons';
import { detailPath, editorPath } from './paths';
import { closingOnRefusal } from '../../lib/confirm-call';

interface Search {
  dates: [Dayjs | null, Dayjs | null] | null;
  nodeCode?: string | undefined;
  status?: BillSummary['status'] | undefined;
  samBillNum: string;
  /** Staff only. */
  suppCode?: string | undefined;
}
const noSearch: Search = { dates: null, samBillNum: '' };
const pageSizes = [20, 50, 100];

function queryOf(search: Search): Omit<BillListQuery, 'page' | 'limit' | 'sort' | 'filters'> {
  const [start, end] = search.dates ?? [null, null];
  const samBillNum = search.samBillNum.trim();
  return {
    ...(start ? { periodStart: start.format('YYYY-MM-DD') } : {}),
    ...(end ? { periodEnd: end.format('YYYY-MM-DD') } : {}),
    ...(search.nodeCode ? { nodeCode: search.nodeCode } : {}),
    ...(search.status ? { status: search.status } : {}),
    ...(samBillNum ? { samBillNum } : {}),
    ...(search.suppCode ? { suppCode: search.suppCode } : {}),
  };
}

export function useUnitOptions() {
  const units = useQuery(unitsQuery);
  const options = useMemo(
    () => (units.data?.list ?? []).map((u) => ({ value: u.unitCode, label: `${u.unitCode} ${u.unitName}` })),
    [units.data],
  );
  return { options, loading: units.isLoading };
}

export function BillList({ kind }: { kind: 'normal' | 'advance' }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const staff = useUserStore((s) => s.staff);
  const { has } = useAuthButtons(settlement.billModule);
  const advance = kind === 'advance';
  const bills = useServerList({
    initialSearch: noSearch,
    bodyOf: (search: Search) => ({ ...queryOf(search), ...(advance ? {} : { billKind: 'normal' as const }) }),
    pageQuery: (body: BillListQuery) => (advance ? advancePageQuery(body) : billPageQuery(body)),
    columnValues: billColumnValues,
    row: billRow,
    pageSizes,
    maxRows: 15,
    // Grows with the business: the next and previous pages are read by keyset.
    keyset: true,
  });
  const { list } = bills;
  const units = useUnitOptions();
  const columns = useMemo(() => billColumns(t, staff), [t, staff]);
  const [selectedNum, setSelectedNum] = useState<string>();
  const selected = list.find((b) => b.samBillNum === selectedNum);
  const deleteBill = useDeleteBill();
  const editable = selected && settlement.editableBillStatuses.includes(selected.status);
  const label = advance ? t('settlement.advanceGrid') : t('settlement.grid');

  const remove = (bill: BillSummary) =>
    modal.confirm({
      title: t('settlement.delete'),
      content: t('settlement.confirmDelete', { billNumber: bill.samBillNum }),
      okText: t('settlement.ok'),
      cancelText: t('settlement.cancel'),
      okButtonProps: { danger: true },
      // A refusal (409: the draft was submitted or voided meanwhile) was toasted by the client.
      onOk: closingOnRefusal(async () => {
        await deleteBill.mutateAsync({ samBillNum: bill.samBillNum });
        void message.success(t('settlement.deleted'));
        setSelectedNum(undefined);
      }),
    });

  return (
    <>
      {advance && <Typography.Paragraph type="secondary">{t('settlement.advanceHint')}</Typography.Paragraph>}
      <Form {...bills.form} name={`sam-${kind}-bills`} layout="inline" style={{ rowGap: 12, marginBottom: 12 }} aria-label={label}>
        {staff && (
          <Form.Item name="suppCode" label={t('shell.supplier')}>
            <SupplierPicker width={220} />
          </Form.Item>
        )}
        <Form.Item name="dates" label={t('settlement.period')}>
          <DatePicker.RangePicker
            allowEmpty={[true, true]}
            placeholder={[t('settlement.startDate'), t('settlement.endDate')]}
            style={{ width: 250 }}
          />
        </Form.Item>
        <Form.Item name="nodeCode" label={t('settlement.node')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('settlement.nodePlaceholder')}
            options={units.options}
            loading={units.loading}
            style={{ width: 240, maxWidth: '62vw' }}
          />
        </Form.Item>
        <Form.Item name="status" label={t('settlement.status')}>
          <Select allowClear placeholder={t('settlement.all')} options={statusOptions(t)} style={{ width: 130 }} />
        </Form.Item>
        <Form.Item name="samBillNum" label={t('settlement.billNumber')}>
          <Input allowClear placeholder={t('settlement.billNumberPlaceholder')} style={{ width: 180 }} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('settlement.search')}
          </Button>
          <Button onClick={bills.reset}>{t('settlement.reset')}</Button>
        </Space>
      </Form>
      <Space wrap style={{ marginBottom: 12 }}>
        {!staff && has(settlement.billButtons.save) && (
          <Button type="primary" onClick={() => navigate(editorPath({ kind }))}>
            {advance ? t('settlement.addAdvance') : t('settlement.add')}
          </Button>
        )}
        <Button disabled={!selected} onClick={() => selected && navigate(detailPath(selected.samBillNum))}>
          {t('settlement.view')}
        </Button>
        {!staff && has(settlement.billButtons.save) && (
          <Button disabled={!editable} onClick={() => selected && navigate(editorPath({ samBillNum: selected.samBillNum }))}>
            {t('settlement.edit')}
          </Button>
        )}
        {!staff && has(settlement.billButtons.delete) && (
          <Button danger disabled={selected?.status !== '草稿'} onClick={() => selected && remove(selected)}>
            {t('settlement.delete')}
          </Button>
        )}
        {has(settlement.billButtons.export) && (
          <ExportButtons list="bills" search={{ ...bills.exportBody, ...(advance ? { billKind: 'advance' } : {}) }} />
        )}
        <Typography.Text type="secondary" aria-live="polite">
          {selected ? t('settlement.selected', { billNumber: selected.samBillNum }) : t('settlement.noneSelected')}
        </Typography.Text>
      </Space>
      <DataGrid
        aria-label={label}
        columns={columns}
        {...bills.grid}
        onActiveRowChange={(index) => setSelectedNum(list[index]?.samBillNum)}
        onRowOpen={(index) => list[index] && navigate(detailPath(list[index].samBillNum))}
      />
      <ListPagination {...bills.pagination} />
    </>
  );
}
