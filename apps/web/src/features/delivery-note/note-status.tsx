// Colours of the delivery-note states: created is new work, booked is planned, received is done, cancelled is over.
import { deliveryNote } from '@portal/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const tones: Record<deliveryNote.NoteStatus, string> = { 已创建: 'blue', 已预约: 'purple', 已收货: 'green', 已取消: 'default' };

const known = (status: string): status is deliveryNote.NoteStatus => Object.hasOwn(tones, status);

export function NoteStatusTag({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={known(status) ? tones[status] : 'default'} style={{ marginInlineEnd: 0 }}>
      {known(status) ? t(`deliveryNote.statuses.${status}`) : status}
    </Tag>
  );
}

export function useNoteStatusOptions() {
  const { t } = useTranslation();
  return deliveryNote.noteStatuses.map((s) => ({ value: s, label: t(`deliveryNote.statuses.${s}`) }));
}

/** A rejection reason in the user's language. */
export function useReasonLabel(): (reason: string) => string {
  const { t } = useTranslation();
  return (reason) => ((deliveryNote.rejectReasons as readonly string[]).includes(reason) ? t(`deliveryNote.reasons.${reason}`) : reason);
}
