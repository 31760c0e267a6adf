// Colours of the bill states (domain.md): a draft is the supplier's own work, submitted and audited wait on
// staff, rejected needs the supplier, approved waits on the cashier, paid is done, void is over.
import { type BillStatus, settlement } from '@portal/contract';
import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

const tones: Record<BillStatus, string> = {
  草稿: 'default',
  已提交: 'blue',
  已驳回: 'red',
  已审核: 'cyan',
  发票确认: 'geekblue',
  已审批: 'purple',
  已支付: 'green',
  作废: 'default',
};

const isStatus = (status: string): status is BillStatus => Object.hasOwn(tones, status);
const toneOf = (status: string): string => (isStatus(status) ? tones[status] : 'default');

/** Class of a status cell in a grid (settlement.css colours it like the tag). */
export const statusClass = (status: string) => `sam-tone-${toneOf(status)}${status === '作废' ? ' sam-void' : ''}`;

export const statusText = (t: TFunction, status: string) => (isStatus(status) ? t(`settlement.states.${status}`) : status);

export function BillStatusTag({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={toneOf(status)} style={{ marginInlineEnd: 0 }}>
      {statusText(t, status)}
    </Tag>
  );
}

export const statusOptions = (t: TFunction) => settlement.billStatuses.map((s) => ({ value: s, label: statusText(t, s) }));
