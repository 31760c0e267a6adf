// The dashboard's deliveries card. A supplier: its delivery notes still to book and booked, its bookings waiting
// for the dock's confirmation, and today's and tomorrow's bookings, linking to 送货单 and 预约送货. Staff (the
// receiving desk, admin): the deliveries booked at the docks today and tomorrow, linking to 月台预约 and 收货.
import type { ComingDelivery } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, List, Row, Space, Statistic, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCanOpen } from '../../lib/use-can-open';
import { deliveryOverviewQuery } from './api';

const paths = { notes: '/deliveryNote', booking: '/deliveryBooking', board: '/dockBoard', receiving: '/receiving' } as const;

/** Whether the card has anything to link to for this user (a child account without the modules sees none). */
export function useDeliveriesCard(staff: boolean): boolean {
  const canOpen = useCanOpen();
  return staff ? canOpen(paths.board) || canOpen(paths.receiving) : canOpen(paths.notes) || canOpen(paths.booking);
}

export function DeliveriesCard({ staff, suppCode }: { staff: boolean; suppCode?: string | undefined }) {
  const { t } = useTranslation();
  const canOpen = useCanOpen();
  const d = (key: string, options?: Record<string, unknown>) => t(`dashboard.deliveries.${key}`, options);
  const { data } = useQuery(deliveryOverviewQuery(suppCode));
  const link = (path: string, text: string) => (canOpen(path) ? <Link to={path}>{text}</Link> : undefined);
  const figure = (title: string, value: number, path: string, alert = false): ReactNode => (
    <Col span={8}>
      <Statistic title={title} value={value} styles={alert && value > 0 ? { content: { color: '#ad4e00' } } : {}} />
      {canOpen(path) && (
        <Link to={path} aria-label={`${title} ${d('go')}`}>
          {d('go')}
        </Link>
      )}
    </Col>
  );
  const when = (c: ComingDelivery) => (c.slotDate === data?.today ? d('today') : d('tomorrow'));
  return (
    <Card
      title={d(staff ? 'staffTitle' : 'title')}
      extra={
        <Space size={12}>
          {staff ? link(paths.receiving, d('receive')) : link(paths.notes, d('notes'))}
          {link(staff ? paths.board : paths.booking, t('dashboard.view'))}
        </Space>
      }
      loading={!data}
      aria-label={d(staff ? 'staffTitle' : 'title')}
    >
      {data && (
        <>
          <Row gutter={8}>
            {staff ? (
              <>
                {figure(d('todayCount'), data.deliveries.today, paths.board)}
                {figure(d('tomorrowCount'), data.deliveries.tomorrow, paths.board)}
                {figure(d('waiting'), data.deliveries.waiting, paths.board, true)}
              </>
            ) : (
              <>
                {figure(d('toBook'), data.notes.toBook, paths.booking, true)}
                {figure(d('booked'), data.notes.booked, paths.notes)}
                {figure(d('waiting'), data.deliveries.waiting, paths.booking)}
              </>
            )}
          </Row>
          <Typography.Text strong style={{ display: 'block', marginTop: 12 }}>
            {d('coming', { count: data.deliveries.today + data.deliveries.tomorrow })}
          </Typography.Text>
          <List
            size="small"
            locale={{ emptyText: d('none') }}
            dataSource={data.coming}
            renderItem={(c) => (
              <List.Item>
                <Typography.Text>
                  <Tag color={c.status === '待确认' ? 'orange' : 'green'}>{d(`statuses.${c.status}`)}</Tag> {when(c)} {c.startTime}-
                  {c.endTime} · {c.deptName || c.deptCode} · {c.noteNumber} · {d('packages', { count: c.packages })}
                  {staff && ` · ${c.suppName || c.suppCode}`}
                </Typography.Text>
              </List.Item>
            )}
          />
        </>
      )}
    </Card>
  );
}
