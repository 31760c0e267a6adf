// /deliveryNote (ms0114, suppliers): the supplier's delivery notes, server-paged and filtered by status, store or
// DC, created date and number; a note's detail (with what receiving found, differences highlighted), cancelling a
// note in 已创建, its A4 print, and a new note from confirmed order lines (note-form.tsx).
import { ModuleCode, deliveryNote } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, DatePicker, Drawer, Form, Input, Popconfirm, Select, Space, Table, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StorePicker } from '../../components/pickers/store-picker';
import { formatDecimal, formatQty, formatTime } from '../../lib/format';
import { useAuthButtons } from '../../lib/use-auth-buttons';
import { useSearchQuery } from '../../lib/use-search-query';
import { useUserStore } from '../../stores/user';
import { cancelNote, type NoteListQuery, noteKeys, notePageQuery, printHref } from './api';
import { NoteDetailView } from './note-detail';
import { NoteForm } from './note-form';
import { NoteStatusTag, useNoteStatusOptions } from './note-status';
import { Scroll } from './scroll';
import './delivery-note.css';

interface Search {
  dates?: [Dayjs | null, Dayjs | null] | null;
  deptCode?: string;
  status?: NoteListQuery['status'];
  noteNumber?: string;
}

function queryOf(search: Search): Omit<NoteListQuery, 'page' | 'limit'> {
  const [start, end] = search.dates ?? [null, null];
  const noteNumber = search.noteNumber?.trim();
  return {
    ...(start ? { startDate: start.format('YYYY-MM-DD') } : {}),
    ...(end ? { endDate: end.format('YYYY-MM-DD') } : {}),
    ...(search.deptCode ? { deptCode: search.deptCode } : {}),
    ...(search.status ? { status: search.status } : {}),
    ...(noteNumber ? { noteNumber } : {}),
  };
}

export default function NotesPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { has } = useAuthButtons(ModuleCode.deliveryNote);
  const staff = useUserStore((s) => s.staff);
  const statusOptions = useNoteStatusOptions();
  const [form] = Form.useForm<Search>();
  const [search, setSearch] = useState<Omit<NoteListQuery, 'page' | 'limit'>>({});
  const [paging, setPaging] = useState({ page: 1, limit: 20 });
  const [open, setOpen] = useState<string>();
  const [making, setMaking] = useState(false);
  // Each 查询 sets a new search object: asked of the server even with the values unchanged.
  const page = useSearchQuery(notePageQuery({ ...search, ...paging }), search);
  // Notes grow with the business: past the lists' cap the server stops counting and the total reads "10,000+ 张".
  const totalText = (total: number) =>
    page.data?.totalCapped ? t('deliveryNote.totalCapped', { total: formatDecimal(String(total)) }) : t('deliveryNote.total', { total });
  const col = (field: string) => t(`deliveryNote.columns.${field}`);

  const refresh = () => queryClient.invalidateQueries({ queryKey: noteKeys.all });
  const cancel = async (noteNumber: string) => {
    await cancelNote(noteNumber);
    void message.success(t('deliveryNote.cancelled', { noteNumber }));
    await refresh();
  };

  return (
    <Card
      title={t('deliveryNote.title')}
      extra={
        has(deliveryNote.noteButtons.add) && (
          <Button type="primary" onClick={() => setMaking(true)}>
            {t('deliveryNote.add')}
          </Button>
        )
      }
    >
      <Form
        form={form}
        layout="inline"
        style={{ rowGap: 12, marginBottom: 12 }}
        aria-label={t('deliveryNote.title')}
        onFinish={(values) => {
          setSearch(queryOf(values));
          setPaging((p) => ({ ...p, page: 1 }));
        }}
      >
        <Form.Item name="dates" label={t('deliveryNote.columns.createdAt')}>
          <DatePicker.RangePicker
            allowEmpty={[true, true]}
            placeholder={[t('deliveryNote.startDate'), t('deliveryNote.endDate')]}
            style={{ width: 250 }}
          />
        </Form.Item>
        <Form.Item name="deptCode" label={t('deliveryNote.dept')}>
          <StorePicker placeholder={t('deliveryNote.deptPlaceholder')} width={200} />
        </Form.Item>
        <Form.Item name="status" label={t('deliveryNote.status')}>
          <Select allowClear placeholder={t('deliveryNote.all')} options={statusOptions} style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="noteNumber" label={t('deliveryNote.noteNumber')}>
          <Input allowClear placeholder={t('deliveryNote.noteNumberPlaceholder')} style={{ width: 200 }} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('deliveryNote.search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              setSearch({});
              setPaging((p) => ({ ...p, page: 1 }));
            }}
          >
            {t('deliveryNote.reset')}
          </Button>
        </Space>
      </Form>
      <Scroll label={t('deliveryNote.grid')} minWidth={1100}>
        <Table
          aria-label={t('deliveryNote.grid')}
          rowKey="noteNumber"
          size="small"
          loading={page.isFetching}
          dataSource={page.data?.list ?? []}
          pagination={{
            current: paging.page,
            pageSize: paging.limit,
            total: page.data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: [20, 50, 100],
            showTotal: totalText,
            onChange: (p, limit) => setPaging({ page: limit === paging.limit ? p : 1, limit }),
          }}
          columns={[
            {
              key: 'noteNumber',
              title: col('noteNumber'),
              width: 170,
              render: (_, n) => (
                <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setOpen(n.noteNumber)}>
                  {n.noteNumber}
                </Button>
              ),
            },
            { key: 'status', title: col('status'), width: 90, render: (_, n) => <NoteStatusTag status={n.status} /> },
            ...(staff ? [{ key: 'suppCode', title: t('deliveryNote.detail.supplier'), dataIndex: 'suppCode', width: 90 }] : []),
            { key: 'dept', title: col('deptName'), width: 170, render: (_, n) => `${n.deptCode} ${n.deptName}` },
            { key: 'expectedDate', title: col('expectedDate'), dataIndex: 'expectedDate', width: 110 },
            { key: 'orders', title: col('orders'), dataIndex: 'orders', width: 180, ellipsis: true },
            { key: 'lineCount', title: col('lineCount'), dataIndex: 'lineCount', width: 70, align: 'right' },
            { key: 'totalQty', title: col('totalQty'), width: 90, align: 'right', render: (_, n) => formatQty(n.totalQty) },
            {
              key: 'receivedQty',
              title: col('receivedQty'),
              width: 90,
              align: 'right',
              render: (_, n) => (
                <span className={n.receivedQty && n.receivedQty !== n.totalQty ? 'dn-diff' : undefined}>{formatQty(n.receivedQty)}</span>
              ),
            },
            { key: 'packages', title: col('packages'), dataIndex: 'packages', width: 70, align: 'right' },
            { key: 'createdAt', title: col('createdAt'), dataIndex: 'createdAt', width: 140, render: (at: string) => formatTime(at) },
            {
              key: 'actions',
              title: col('actions'),
              width: 170,
              render: (_, n) => (
                <Space size={4}>
                  {has(deliveryNote.noteButtons.print) && (
                    <Button size="small" href={printHref(n.noteNumber)} target="_blank" rel="noopener">
                      {t('deliveryNote.print')}
                    </Button>
                  )}
                  {has(deliveryNote.noteButtons.cancel) && n.status === '已创建' && (
                    <Popconfirm
                      title={t('deliveryNote.cancelConfirm', { noteNumber: n.noteNumber })}
                      onConfirm={() => cancel(n.noteNumber)}
                    >
                      <Button size="small" danger>
                        {t('deliveryNote.cancel')}
                      </Button>
                    </Popconfirm>
                  )}
                </Space>
              ),
            },
          ]}
        />
      </Scroll>
      <Drawer
        open={Boolean(open)}
        onClose={() => setOpen(undefined)}
        title={open ? t('deliveryNote.detail.title', { noteNumber: open }) : ''}
        size="large"
        styles={{ wrapper: { width: 'min(1100px, 100vw)' } }}
        destroyOnHidden
      >
        {open && <NoteDetailView noteNumber={open} canPrint={has(deliveryNote.noteButtons.print)} />}
      </Drawer>
      <Drawer
        open={making}
        onClose={() => setMaking(false)}
        title={t('deliveryNote.form.title')}
        styles={{ wrapper: { width: 'min(1200px, 100vw)' } }}
        destroyOnHidden
      >
        {making && (
          <NoteForm
            onCreated={(noteNumber) => {
              setMaking(false);
              void refresh();
              setOpen(noteNumber);
            }}
          />
        )}
      </Drawer>
      <Typography.Text className="sr-only" aria-live="polite">
        {page.data ? totalText(page.data.total) : ''}
      </Typography.Text>
    </Card>
  );
}
