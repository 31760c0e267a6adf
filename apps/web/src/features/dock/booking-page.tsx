// 预约送货 (ms0116): a supplier's delivery notes in 已创建 and 已预约 with their booking; book a free slot of the
// note's store or DC (per day, deliveries and packages left), move it, or cancel it. A full slot's refusal
// shows the next free slots to pick from at once.
import { type BookableNote, type Booking, type Slot, dock } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Drawer, Empty, Popconfirm, Space, Spin, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiFailure } from '../../api/client';
import { useAuthButtons } from '../../lib/use-auth-buttons';
import { freeSlotsQuery, notesQuery, useBook, useCancel, useMove } from './api';
import { BookingTag, slotLabel } from './parts';

type Picking = { note: BookableNote; booking?: Booking };

export default function BookingPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const buttons = useAuthButtons(dock.bookingModule);
  const { data, isFetching } = useQuery(notesQuery);
  const [picking, setPicking] = useState<Picking | null>(null);
  const cancel = useCancel();

  const live = (n: BookableNote) => (n.booking && dock.liveBookingStatuses.includes(n.booking.status) ? n.booking : undefined);

  return (
    <Card title={t('dock.booking.title')}>
      <Typography.Paragraph type="secondary">{t('dock.booking.intro')}</Typography.Paragraph>
      <Table<BookableNote>
        aria-label={t('dock.booking.table')}
        rowKey="noteNumber"
        loading={isFetching}
        dataSource={data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Typography.Text type="secondary">{t('dock.booking.empty')}</Typography.Text> }}
        columns={[
          {
            title: t('dock.booking.columns.note'),
            dataIndex: 'noteNumber',
            render: (v: string) => <Typography.Text strong>{v}</Typography.Text>,
          },
          { title: t('dock.booking.columns.dept'), dataIndex: 'deptName' },
          { title: t('dock.booking.columns.packages'), dataIndex: 'packages', align: 'right' },
          {
            title: t('dock.booking.columns.status'),
            dataIndex: 'status',
            render: (s: string) => t(`dock.noteStatus.${s}`, { defaultValue: s }),
          },
          {
            title: t('dock.booking.columns.booking'),
            dataIndex: 'booking',
            render: (b: Booking | null) =>
              b ? (
                <Space direction="vertical" size={0}>
                  <Space size={4} wrap>
                    <span>{slotLabel(b)}</span>
                    <BookingTag status={b.status} />
                  </Space>
                  {b.reason && <Typography.Text type="danger">{t('dock.booking.reason', { reason: b.reason })}</Typography.Text>}
                </Space>
              ) : (
                <Typography.Text type="secondary">{t('dock.booking.none')}</Typography.Text>
              ),
          },
          {
            title: t('dock.booking.columns.actions'),
            key: 'actions',
            fixed: 'right',
            render: (_: unknown, n) => {
              const booking = live(n);
              return (
                <Space size={4} wrap>
                  {!booking && n.status === dock.noteCreated && buttons.has('book') && (
                    <Button size="small" type="primary" onClick={() => setPicking({ note: n })}>
                      {t('dock.booking.book')}
                    </Button>
                  )}
                  {booking && buttons.has('book') && (
                    <Button size="small" onClick={() => setPicking({ note: n, booking })}>
                      {t('dock.booking.move')}
                    </Button>
                  )}
                  {booking && buttons.has('cancel') && (
                    <Popconfirm
                      title={t('dock.booking.cancelConfirm', { note: n.noteNumber })}
                      onConfirm={() =>
                        cancel.mutateAsync(booking.id).then(
                          () => void message.success(t('dock.booking.cancelled')),
                          () => undefined,
                        )
                      }
                    >
                      <Button size="small" danger>
                        {t('dock.booking.cancel')}
                      </Button>
                    </Popconfirm>
                  )}
                </Space>
              );
            },
          },
        ]}
      />
      {picking && <SlotPicker picking={picking} onClose={() => setPicking(null)} />}
    </Card>
  );
}

function SlotPicker({ picking, onClose }: { picking: Picking; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { note, booking } = picking;
  const { data, isFetching } = useQuery(freeSlotsQuery(note.noteNumber));
  const book = useBook();
  const move = useMove();
  const [full, setFull] = useState<{ text: string; slots: Slot[] } | null>(null);

  const choose = async (slot: Slot) => {
    try {
      const done = booking
        ? await move.mutateAsync({ bookingId: booking.id, slotId: slot.id })
        : await book.mutateAsync({ noteNumber: note.noteNumber, slotId: slot.id });
      void message.success(t(booking ? 'dock.booking.moved' : 'dock.booking.booked', { slot: slotLabel(done) }));
      onClose();
    } catch (err) {
      if (!(err instanceof ApiFailure)) throw err;
      const parsed = dock.slotFullData.safeParse(err.data);
      if (parsed.success) setFull({ text: err.message, slots: parsed.data.nextFree });
      else void message.error(err.message, 5);
    }
  };

  const slots = (data?.slots ?? []).filter((s) => s.id !== booking?.slotId);
  const days = [...new Set(slots.map((s) => s.slotDate))];
  const busy = book.isPending || move.isPending;

  return (
    <Drawer open onClose={onClose} size="large" title={t('dock.booking.pickTitle', { note: note.noteNumber })} destroyOnHidden>
      {data && (
        <Typography.Paragraph type="secondary">
          {t('dock.booking.pickIntro', { dept: data.deptName, packages: data.packages, days: data.horizonDays })}
        </Typography.Paragraph>
      )}
      {full && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message={full.text}
          description={
            <Space direction="vertical">
              <span>{t('dock.booking.full')}</span>
              <Space wrap>
                {full.slots.map((s) => (
                  <Button key={s.id} size="small" disabled={busy} onClick={() => void choose(s)}>
                    {slotLabel(s)}
                  </Button>
                ))}
              </Space>
            </Space>
          }
        />
      )}
      <Spin spinning={isFetching}>
        {days.length === 0 && !isFetching ? (
          <Empty description={t('dock.booking.noFree')} />
        ) : (
          <Space direction="vertical" style={{ width: '100%' }} size="middle">
            {days.map((day) => (
              <section key={day} aria-label={day}>
                <Typography.Title level={5} style={{ marginTop: 0 }}>
                  {day}
                </Typography.Title>
                <div className="dock-slot-grid">
                  {slots
                    .filter((s) => s.slotDate === day)
                    .map((s) => (
                      <Button key={s.id} className="dock-slot-button" disabled={busy} onClick={() => void choose(s)}>
                        <span className="dock-slot-time">
                          {s.startTime}-{s.endTime}
                        </span>
                        <span className="dock-slot-left">
                          {t('dock.booking.slotLeft', {
                            deliveries: s.capacityDeliveries - s.bookedDeliveries,
                            packages: s.capacityPackages - s.bookedPackages,
                          })}
                        </span>
                      </Button>
                    ))}
                </div>
              </section>
            ))}
          </Space>
        )}
      </Spin>
    </Drawer>
  );
}
