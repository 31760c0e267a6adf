// Colours of the order states (domain.md): issued and read are new work, partial delivery needs attention,
// completed is done, expired is a problem, closed is over.
import { purchaseOrder } from '@portal/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

type OrderStatus = (typeof purchaseOrder.orderStatuses)[number];

const tones: Record<OrderStatus, string> = {
  已下达: 'blue',
  已阅读: 'cyan',
  已确认: 'geekblue',
  部分确认: 'purple',
  已拒绝: 'volcano',
  部分到货: 'orange',
  已完成: 'green',
  已过期: 'red',
  已关闭: 'default',
};

const toneOf = (status: string): string => (Object.hasOwn(tones, status) ? tones[status as OrderStatus] : 'default');

/** Class of a status cell in a grid (purchase-order.css colours it like the tag). */
export const statusClass = (status: string) => `po-tone-${toneOf(status)}`;

/** A status in the user's language (the wire keeps the Chinese state names). */
export function useStatusLabel(): (status: string) => string {
  const { t } = useTranslation();
  return (status) => (Object.hasOwn(tones, status) ? t(`purchaseOrder.statuses.${status}`) : status);
}

export function OrderStatusTag({ status }: { status: string }) {
  const label = useStatusLabel();
  return (
    <Tag color={toneOf(status)} style={{ marginInlineEnd: 0 }}>
      {label(status)}
    </Tag>
  );
}

export function useStatusOptions() {
  const label = useStatusLabel();
  return purchaseOrder.orderStatuses.map((s) => ({ value: s, label: label(s) }));
}
