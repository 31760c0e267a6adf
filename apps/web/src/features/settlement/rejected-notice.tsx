// What a rejected bill is, said on its detail and in its editor: its documents went back (it owes nothing),
// and those another bill settled since are named, to be dropped before it is submitted again, or it is voided.
import type { BillDetail } from '@portal/contract';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';

export function RejectedNotice({ bill, editing = false }: { bill: BillDetail; editing?: boolean }) {
  const { t } = useTranslation();
  if (bill.header.status !== '已驳回') return null;
  const taken = bill.lines.filter((l) => l.heldBy);
  const names = taken
    .map((l) =>
      t('settlement.rejected.heldBy', { document: `${t(`settlement.sourceTypes.${l.sourceType}`)} ${l.sourceId}`, bill: l.heldBy }),
    )
    .join(t('settlement.rejected.separator'));
  return (
    <Alert
      type={taken.length > 0 ? 'warning' : 'info'}
      showIcon
      className="sam-notice"
      title={t('settlement.rejected.title')}
      description={
        taken.length > 0
          ? t(editing ? 'settlement.rejected.droppedInEditor' : 'settlement.rejected.taken', { names, count: taken.length })
          : t('settlement.rejected.free')
      }
    />
  );
}
