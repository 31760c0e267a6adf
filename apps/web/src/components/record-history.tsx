// The history of a stateful record (child account, settlement bill, certificate, application) as a
// timeline: when, who, what, and the state it moved between. The texts come from the server's workflow (in
// Chinese); a screen that has the states and actions in its own texts passes `stateText`/`actionText` to
// show them in the reader's language from the entries' codes.
import type { HistoryEntry } from '@portal/contract';
import { Card, Empty, Skeleton, Timeline } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../lib/format';

export function RecordHistory({
  entries,
  stateText,
  actionText,
}: {
  entries: HistoryEntry[] | undefined;
  /** The text of a state code ('' for none); absent: the server's. */
  stateText?: (code: string) => string;
  /** The text of an action code; absent: the server's. */
  actionText?: (code: string) => string;
}) {
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
          items={entries.map((e) => {
            const from = e.from && stateText ? stateText(e.from) : e.fromText;
            const to = e.to && stateText ? stateText(e.to) : e.toText;
            return {
              key: `${e.at}-${e.action}`,
              content: (
                <>
                  <div>
                    {formatTime(e.at)} {e.actorName || e.actorCode} {actionText ? actionText(e.action) : e.actionText}
                  </div>
                  {e.from !== e.to && <div>{t('history.state', { from: from || '—', to: to || '—' })}</div>}
                  {e.note && <div>{e.note}</div>}
                </>
              ),
            };
          })}
        />
      )}
    </Card>
  );
}
