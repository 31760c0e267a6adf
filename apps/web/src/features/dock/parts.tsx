// Pieces both dock screens show: a booking's state as a coloured tag, a slot as "date start-end".
import type { BookingStatus } from '@portal/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import './dock.css';

const colours: Record<BookingStatus, string> = { 待确认: 'gold', 已确认: 'green', 已拒绝: 'red', 已取消: 'default' };

export function BookingTag({ status }: { status: BookingStatus }) {
  const { t } = useTranslation();
  return <Tag color={colours[status]}>{t(`dock.status.${status}`)}</Tag>;
}

export const slotLabel = (s: { slotDate: string; startTime: string; endTime: string }) => `${s.slotDate} ${s.startTime}-${s.endTime}`;
