// The history of a stateful record (child account, settlement bill, certificate, application) as a
// timeline: when, who, what, and the state it moved between; the texts come from the server's workflow.
import type { HistoryEntry } from '@portal/contract';
import { Card, Empty, Skeleton, Timeline } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';

export function RecordHistory({ entries }: { entries: HistoryEntry[] | undefined }) {
  const { t } = useTranslation();
  const title = t('history.title');
  return (
    <Card size="small" title={title} style={{ marginTop: 16 }}>
      {!entries ? (
        <Skeleton active />
      ) : entries.length === 0 ? (
        <Empty description={t('history.empty')} />
      ) : (
        <Timeline
          aria-label={title}
          items={entries.map((e) => ({
            key: `${e.at}-${e.action}`,
            content: (
              <>
                <div>
                  {dayjs(e.at).format('YYYY-MM-DD HH:mm:ss')} {e.actorName || e.actorCode} {e.actionText}
                </div>
                {e.fromText !== e.toText && <div>{t('history.state', { from: e.fromText || '—', to: e.toText || '—' })}</div>}
                {e.note && <div>{e.note}</div>}
              </>
            ),
          }))}
        />
      )}
    </Card>
  );
}
