// 月台预约 (ms0117, admin and the receiving desk): a store's or DC's slots of a day or a week with their bookings;
// confirm, move to a slot with room or refuse with a reason; keep the slots (a week from a pattern, a slot's
// capacity, close or open it).
import { type BoardSlot, type Booking, dock } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  DatePicker,
  Empty,
  Form,
  Input,
  InputNumber,
  Modal,
  Segmented,
  Select,
  Space,
  Spin,
  Tag,
  TimePicker,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { businessToday } from '../../lib/business-day';
import { boardQuery, deptsQuery, useCloseSlot, useConfirm, useGenerate, useRefuse, useReschedule, useSetCapacity } from './api';
import { BookingTag, slotLabel } from './parts';

const iso = (d: Dayjs) => d.format('YYYY-MM-DD');

export default function BoardPage() {
  const { t } = useTranslation();
  const depts = useQuery(deptsQuery);
  const [deptCode, setDeptCode] = useState<string>();
  const [day, setDay] = useState<Dayjs>(businessToday());
  const [range, setRange] = useState<'day' | 'week'>('day');
  const [generating, setGenerating] = useState(false);
  const dept = deptCode ?? depts.data?.[0]?.deptCode;
  const from = range === 'week' ? day.subtract((day.day() + 6) % 7, 'day') : day;
  const board = useQuery(boardQuery({ deptCode: dept, from: iso(from), days: range === 'week' ? 7 : 1 }));
  const slots = board.data?.slots ?? [];
  const days = range === 'week' ? Array.from({ length: 7 }, (_, i) => iso(from.add(i, 'day'))) : [iso(from)];

  return (
    <Card
      title={t('dock.board.title')}
      extra={
        <Button type="primary" onClick={() => setGenerating(true)} disabled={!dept}>
          {t('dock.board.generate')}
        </Button>
      }
    >
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          aria-label={t('dock.board.dept')}
          style={{ minWidth: 200 }}
          loading={depts.isFetching}
          value={dept}
          onChange={setDeptCode}
          options={(depts.data ?? []).map((d) => ({ value: d.deptCode, label: `${d.deptCode} ${d.deptName}` }))}
        />
        <DatePicker aria-label={t('dock.board.day')} value={day} onChange={(d) => d && setDay(d)} allowClear={false} />
        <Segmented
          value={range}
          onChange={(v) => setRange(v as 'day' | 'week')}
          options={[
            { value: 'day', label: t('dock.board.range.day') },
            { value: 'week', label: t('dock.board.range.week') },
          ]}
        />
      </Space>
      <Spin spinning={board.isFetching}>
        {slots.length === 0 ? (
          <Empty description={t('dock.board.empty')} />
        ) : (
          days.map((d) => (
            <section key={d} aria-label={d} style={{ marginBottom: 16 }}>
              <Typography.Title level={5}>
                {d} {t(`dock.board.weekday.${((dayjs(d).day() + 6) % 7) + 1}`)}
              </Typography.Title>
              {slots.filter((s) => s.slotDate === d).length === 0 ? (
                <Typography.Text type="secondary">{t('dock.board.emptyDay')}</Typography.Text>
              ) : (
                slots.filter((s) => s.slotDate === d).map((s) => <SlotRow key={s.id} slot={s} slots={slots} />)
              )}
            </section>
          ))
        )}
      </Spin>
      {generating && dept && <PatternModal deptCode={dept} start={from} onClose={() => setGenerating(false)} />}
    </Card>
  );
}

function SlotRow({ slot, slots }: { slot: BoardSlot; slots: BoardSlot[] }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [capacity, setCapacity] = useState(false);
  const [moving, setMoving] = useState<Booking | null>(null);
  const [refusing, setRefusing] = useState<Booking | null>(null);
  const confirm = useConfirm();
  const close = useCloseSlot();
  const label = `${slot.startTime}-${slot.endTime}`;

  return (
    <div className="dock-board-slot" data-slot={slot.id}>
      <div className="dock-board-slot-head">
        <Space size={4} wrap>
          <Typography.Text strong>{label}</Typography.Text>
          {slot.closed && <Tag color="red">{t('dock.board.closed')}</Tag>}
          {slot.past && <Tag>{t('dock.board.past')}</Tag>}
        </Space>
        <div>
          <Typography.Text type="secondary">
            {t('dock.board.usage', {
              deliveries: slot.bookedDeliveries,
              capDeliveries: slot.capacityDeliveries,
              packages: slot.bookedPackages,
              capPackages: slot.capacityPackages,
            })}
          </Typography.Text>
        </div>
        <Space size={4}>
          <Button size="small" type="link" onClick={() => setCapacity(true)} aria-label={`${t('dock.board.editCapacity')} ${label}`}>
            {t('dock.board.editCapacity')}
          </Button>
          <Button
            size="small"
            type="link"
            aria-label={`${slot.closed ? t('dock.board.open') : t('dock.board.close')} ${label}`}
            onClick={() =>
              close.mutate({ slotId: slot.id, closed: !slot.closed }, { onSuccess: () => void message.success(t('dock.board.saved')) })
            }
          >
            {slot.closed ? t('dock.board.open') : t('dock.board.close')}
          </Button>
        </Space>
      </div>
      <div className="dock-board-bookings">
        {slot.bookings.length === 0 ? (
          <Typography.Text type="secondary">{t('dock.board.noBookings')}</Typography.Text>
        ) : (
          slot.bookings.map((b) => (
            <div className="dock-board-booking" key={b.id} data-booking={b.noteNumber}>
              <Typography.Text>{b.suppName}</Typography.Text>
              <Typography.Text code>{b.noteNumber}</Typography.Text>
              <span>{t('dock.board.packageCount', { count: b.packages })}</span>
              <BookingTag status={b.status} />
              {b.reason && <Typography.Text type="danger">{b.reason}</Typography.Text>}
              {dock.liveBookingStatuses.includes(b.status) && (
                <Space size={4} wrap>
                  {b.status === '待确认' && (
                    <Button
                      size="small"
                      type="primary"
                      loading={confirm.isPending}
                      onClick={() =>
                        confirm.mutate(b.id, { onSuccess: () => void message.success(t('dock.board.confirmed', { note: b.noteNumber })) })
                      }
                    >
                      {t('dock.board.confirm')}
                    </Button>
                  )}
                  <Button size="small" onClick={() => setMoving(b)}>
                    {t('dock.board.move')}
                  </Button>
                  <Button size="small" danger onClick={() => setRefusing(b)}>
                    {t('dock.board.refuse')}
                  </Button>
                </Space>
              )}
            </div>
          ))
        )}
      </div>
      {capacity && <CapacityModal slot={slot} onClose={() => setCapacity(false)} />}
      {moving && <MoveModal booking={moving} slots={slots} onClose={() => setMoving(null)} />}
      {refusing && <RefuseModal booking={refusing} onClose={() => setRefusing(null)} />}
    </div>
  );
}

function CapacityModal({ slot, onClose }: { slot: BoardSlot; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ capacityDeliveries: number; capacityPackages: number }>();
  const save = useSetCapacity();
  return (
    <Modal
      open
      title={t('dock.board.capacityTitle', { slot: slotLabel(slot) })}
      okText={t('dock.board.save')}
      cancelText={t('dock.board.cancel')}
      confirmLoading={save.isPending}
      onCancel={onClose}
      onOk={() =>
        form.validateFields().then((v) =>
          save.mutateAsync({ slotId: slot.id, ...v }).then(() => {
            void message.success(t('dock.board.saved'));
            onClose();
          }),
        )
      }
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ capacityDeliveries: slot.capacityDeliveries, capacityPackages: slot.capacityPackages }}
      >
        <Form.Item name="capacityDeliveries" label={t('dock.board.deliveries')} rules={[{ required: true }]}>
          <InputNumber min={slot.bookedDeliveries} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="capacityPackages" label={t('dock.board.packagesCap')} rules={[{ required: true }]}>
          <InputNumber min={slot.bookedPackages} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function MoveModal({ booking, slots, onClose }: { booking: Booking; slots: BoardSlot[]; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [target, setTarget] = useState<number>();
  const move = useReschedule();
  const room = slots.filter(
    (s) =>
      s.id !== booking.slotId &&
      !s.closed &&
      !s.past &&
      s.bookedDeliveries < s.capacityDeliveries &&
      s.bookedPackages + booking.packages <= s.capacityPackages,
  );
  return (
    <Modal
      open
      title={t('dock.board.moveTitle', { note: booking.noteNumber })}
      okText={t('dock.board.save')}
      cancelText={t('dock.board.cancel')}
      okButtonProps={{ disabled: target === undefined }}
      confirmLoading={move.isPending}
      onCancel={onClose}
      onOk={() =>
        move.mutateAsync({ bookingId: booking.id, slotId: target! }).then((b) => {
          void message.success(t('dock.board.rescheduled', { slot: slotLabel(b) }));
          onClose();
        })
      }
    >
      {room.length === 0 ? (
        <Typography.Text type="secondary">{t('dock.board.noTarget')}</Typography.Text>
      ) : (
        <Select
          aria-label={t('dock.board.moveTarget')}
          style={{ width: '100%' }}
          value={target}
          onChange={setTarget}
          options={room.map((s) => ({ value: s.id, label: `${slotLabel(s)} (${s.capacityDeliveries - s.bookedDeliveries})` }))}
        />
      )}
    </Modal>
  );
}

function RefuseModal({ booking, onClose }: { booking: Booking; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason: string }>();
  const refuse = useRefuse();
  return (
    <Modal
      open
      title={t('dock.board.refuseTitle', { note: booking.noteNumber })}
      okText={t('dock.board.refuse')}
      okButtonProps={{ danger: true }}
      cancelText={t('dock.board.cancel')}
      confirmLoading={refuse.isPending}
      onCancel={onClose}
      onOk={() =>
        form.validateFields().then((v) =>
          refuse.mutateAsync({ bookingId: booking.id, reason: v.reason }).then(() => {
            void message.success(t('dock.board.refused', { note: booking.noteNumber }));
            onClose();
          }),
        )
      }
    >
      <Form form={form} layout="vertical">
        <Form.Item name="reason" label={t('dock.board.refuseReason')} rules={[{ required: true, whitespace: true, max: 200 }]}>
          <Input.TextArea rows={3} maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

interface PatternForm {
  weekStart: Dayjs;
  weekdays: number[];
  times: [Dayjs, Dayjs];
  slotMinutes: number;
  capacityDeliveries: number;
  capacityPackages: number;
}

function PatternModal({ deptCode, start, onClose }: { deptCode: string; start: Dayjs; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<PatternForm>();
  const generate = useGenerate();
  return (
    <Modal
      open
      title={t('dock.board.pattern.title')}
      okText={t('dock.board.generate')}
      cancelText={t('dock.board.cancel')}
      confirmLoading={generate.isPending}
      onCancel={onClose}
      onOk={() =>
        form.validateFields().then((v) =>
          generate
            .mutateAsync({
              deptCode,
              weekStart: iso(v.weekStart),
              weekdays: v.weekdays,
              firstStart: v.times[0].format('HH:mm'),
              lastStart: v.times[1].format('HH:mm'),
              slotMinutes: v.slotMinutes,
              capacityDeliveries: v.capacityDeliveries,
              capacityPackages: v.capacityPackages,
            })
            .then((r) => {
              void message.success(t('dock.board.generated', r));
              onClose();
            }),
        )
      }
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{
          weekStart: start,
          weekdays: [1, 2, 3, 4, 5, 6],
          times: [dayjs('08:00', 'HH:mm'), dayjs('16:00', 'HH:mm')],
          slotMinutes: 60,
          capacityDeliveries: 4,
          capacityPackages: 400,
        }}
      >
        <Form.Item name="weekStart" label={t('dock.board.pattern.weekStart')} rules={[{ required: true }]}>
          <DatePicker allowClear={false} />
        </Form.Item>
        <Form.Item name="weekdays" label={t('dock.board.pattern.weekdays')} rules={[{ required: true }]}>
          <Select mode="multiple" options={[1, 2, 3, 4, 5, 6, 7].map((d) => ({ value: d, label: t(`dock.board.weekday.${d}`) }))} />
        </Form.Item>
        <Form.Item
          name="times"
          label={`${t('dock.board.pattern.firstStart')} – ${t('dock.board.pattern.lastStart')}`}
          rules={[{ required: true }]}
        >
          <TimePicker.RangePicker format="HH:mm" minuteStep={15} order />
        </Form.Item>
        <Form.Item name="slotMinutes" label={t('dock.board.pattern.slotMinutes')} rules={[{ required: true }]}>
          <Select options={[15, 30, 45, 60, 90, 120].map((m) => ({ value: m, label: String(m) }))} />
        </Form.Item>
        <Space wrap>
          <Form.Item name="capacityDeliveries" label={t('dock.board.pattern.capacityDeliveries')} rules={[{ required: true }]}>
            <InputNumber min={0} precision={0} />
          </Form.Item>
          <Form.Item name="capacityPackages" label={t('dock.board.pattern.capacityPackages')} rules={[{ required: true }]}>
            <InputNumber min={0} precision={0} />
          </Form.Item>
        </Space>
      </Form>
    </Modal>
  );
}
