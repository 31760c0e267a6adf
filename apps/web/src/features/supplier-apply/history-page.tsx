// Staff: the supplier history (/ZeroMaster/historySupplier, module ms0064, hidden): the tenant's suppliers with
// their status and admission; one opens its status history, its cooperation applications with theirs, and
// a status change (启用/冻结/停用) with the reason for holders of the module's button.
import { type CallData, ModuleCode, type SupplierStatus, supplierApply } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Collapse, Drawer, Empty, Form, Input, Select, Skeleton, Space, Typography } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataGrid, type GridColumn, type GridRow } from '../../components/data-grid';
import { ListPagination } from '../../components/list-pagination';
import { RecordHistory } from '../../components/record-history';
import { useServerList } from '../../components/server-list/use-server-list';
import { formatTime } from '../../lib/format';
import { useAuthButtons } from '../../lib/use-auth-buttons';
import { type SupplierListQuery, supplierColumnValues, supplierHistoryQuery, supplierPageQuery, useChangeStatus } from './api';
import { ApplyStatusTag, SupplierStatusTag } from './status-tag';

type Item = CallData<typeof supplierApply.getSupplierHistoryList>['list'][number];
interface Search {
  status: SupplierListQuery['status'];
  keyword?: string | undefined;
}

const fields = ['suppCode', 'suppName', 'creditCode', 'status', 'admittedBy', 'admittedAt', 'applyCount', 'lastChangeAt'] as const;

function StatusChange({ suppCode, current }: { suppCode: string; current: SupplierStatus }) {
  const { t } = useTranslation();
  const change = useChangeStatus();
  const [form] = Form.useForm<{ status: SupplierStatus; note: string }>();
  return (
    <Form
      form={form}
      layout="inline"
      style={{ rowGap: 8, marginTop: 12 }}
      onFinish={(v) => change.mutate({ suppCode, ...v }, { onSuccess: () => form.resetFields() })}
      aria-label={t('supplierApply.changeStatus')}
    >
      <Form.Item name="status" label={t('supplierApply.newStatus')} rules={[{ required: true, message: t('supplierApply.newStatus') }]}>
        <Select
          style={{ width: 100 }}
          options={supplierApply.supplierStatuses
            .filter((s) => s !== current)
            .map((s) => ({ value: s, label: t(`supplierApply.supplierStatuses.${s}`) }))}
        />
      </Form.Item>
      <Form.Item
        name="note"
        label={t('supplierApply.changeReason')}
        rules={[{ required: true, whitespace: true, message: t('supplierApply.changeReason') }]}
      >
        <Input maxLength={200} style={{ width: 220 }} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={change.isPending}>
        {t('supplierApply.changeStatus')}
      </Button>
    </Form>
  );
}

function SupplierDrawer({ suppCode, onClose }: { suppCode: string | undefined; onClose(): void }) {
  const { t } = useTranslation();
  const { data } = useQuery(supplierHistoryQuery(suppCode));
  const buttons = useAuthButtons(ModuleCode.supplierHistory);
  const d = data?.supplier.suppCode === suppCode ? data : undefined;
  return (
    <Drawer
      open={Boolean(suppCode)}
      onClose={onClose}
      title={d ? `${d.supplier.suppCode} ${d.supplier.suppName}` : suppCode}
      width="min(760px, 100vw)"
      destroyOnHidden
    >
      {!d ? (
        <Skeleton active />
      ) : (
        <>
          <Space wrap>
            <SupplierStatusTag status={d.supplier.status} />
            <Typography.Text>{d.supplier.creditCode}</Typography.Text>
          </Space>
          {buttons.has('status') && <StatusChange suppCode={d.supplier.suppCode} current={d.supplier.status} />}
          <Typography.Title level={2} style={{ fontSize: 15, marginTop: 16, marginBottom: 0 }}>
            {t('supplierApply.statusHistory')}
          </Typography.Title>
          <RecordHistory entries={d.statusHistory} />
          <Card size="small" title={t('supplierApply.applications')} style={{ marginTop: 16 }}>
            {d.applications.length === 0 ? (
              <Empty description={t('supplierApply.noApplications')} />
            ) : (
              <Collapse
                items={d.applications.map((a) => ({
                  key: a.applyNo,
                  label: (
                    <Space wrap>
                      {a.applyNo}
                      <ApplyStatusTag status={a.status} />
                      {formatTime(a.submittedAt)}
                    </Space>
                  ),
                  children: <RecordHistory entries={a.history} />,
                }))}
              />
            )}
          </Card>
        </>
      )}
    </Drawer>
  );
}

export default function HistoryPage() {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<Item>();
  const [open, setOpen] = useState<string>();
  const row = useCallback(
    (r: Item): GridRow => ({ ...r, admittedAt: formatTime(r.admittedAt), lastChangeAt: formatTime(r.lastChangeAt) }),
    [],
  );
  const list = useServerList({
    initialSearch: { status: '' } as Search,
    bodyOf: (s: Search) => ({ status: s.status ?? '', keyword: s.keyword ?? '' }),
    pageQuery: supplierPageQuery,
    columnValues: supplierColumnValues,
    row,
    pageSizes: [20, 50, 100],
    maxRows: 12,
  });
  const titles: Record<(typeof fields)[number], string> = {
    suppCode: t('supplierApply.suppCode'),
    suppName: t('supplierApply.suppName'),
    creditCode: t('supplierApply.creditCode'),
    status: t('supplierApply.status'),
    admittedBy: t('supplierApply.admittedBy'),
    admittedAt: t('supplierApply.admittedAt'),
    applyCount: t('supplierApply.applyCount'),
    lastChangeAt: t('supplierApply.lastChangeAt'),
  };
  const columns = useMemo(
    (): GridColumn[] =>
      fields.map((field) => ({
        field,
        title: titles[field],
        width: field === 'suppName' ? 220 : field === 'creditCode' || field.endsWith('At') ? 170 : 120,
        ...(field === 'applyCount' ? { type: 'number' as const } : {}),
        ...(field === 'status'
          ? { display: (value: string) => t(`supplierApply.supplierStatuses.${value}`, { defaultValue: value }) }
          : {}),
      })),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- titles follow the language
    [t],
  );
  return (
    <div>
      <Form {...list.form} layout="inline" style={{ rowGap: 12, marginBottom: 12 }} aria-label={t('supplierApply.supplierGrid')}>
        <Form.Item name="keyword" label={t('supplierApply.keyword')}>
          <Input allowClear style={{ width: 220 }} maxLength={100} />
        </Form.Item>
        <Form.Item name="status" label={t('supplierApply.statusFilter')}>
          <Select
            style={{ width: 110 }}
            options={[
              { value: '', label: t('supplierApply.all') },
              ...supplierApply.supplierStatuses.map((s) => ({ value: s, label: t(`supplierApply.supplierStatuses.${s}`) })),
            ]}
          />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('supplierApply.search')}
          </Button>
          <Button onClick={list.reset}>{t('supplierApply.reset')}</Button>
        </Space>
      </Form>
      <Space wrap style={{ marginBottom: 12 }}>
        <Button type="primary" disabled={!selected} onClick={() => selected && setOpen(selected.suppCode)}>
          {t('supplierApply.detail')}
        </Button>
        <Typography.Text type="secondary" aria-live="polite">
          {selected ? `${selected.suppCode} ${selected.suppName}` : t('supplierApply.noneSelected')}
        </Typography.Text>
      </Space>
      <DataGrid
        aria-label={t('supplierApply.supplierGrid')}
        columns={columns}
        {...list.grid}
        onActiveRowChange={(index) => setSelected(list.list[index])}
        onRowOpen={(index) => {
          const item = list.list[index];
          if (item) setOpen(item.suppCode);
        }}
      />
      <ListPagination {...list.pagination} />
      <SupplierDrawer suppCode={open} onClose={() => setOpen(undefined)} />
    </div>
  );
}
