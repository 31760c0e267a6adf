// 导出CSV and 导出Excel for holders of the module's export button: all lines of the condition in the detail
// grid's sort, streamed, with the bytes received shown while it runs.
import { acceptance, type CallBody, ModuleCode } from '@portal/contract';
import { App, Button, Space } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { download, fileTypes } from '../../api/download';
import { useAuthButtons } from '../../lib/use-auth-buttons';
import { formatBytes } from '../../lib/format';

const calls = { csv: acceptance.exportCsv, xlsx: acceptance.exportExcel } as const;
type Kind = keyof typeof calls;

export function ExportButtons({ body }: { body: CallBody<typeof acceptance.exportCsv> }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { has } = useAuthButtons(ModuleCode.acceptance);
  const [running, setRunning] = useState<Kind | null>(null);
  const shownAt = useRef(0);
  if (!has('export')) return null;

  const run = async (kind: Kind) => {
    const key = 'acceptance-export';
    const progress = (received: number) =>
      void message.loading({ key, content: t('acceptance.exporting', { size: formatBytes(received) }), duration: 0 });
    setRunning(kind);
    progress(0);
    try {
      const saved = await download(calls[kind], body, {
        accept: fileTypes[kind],
        fallbackName: `验收明细_${body.startDate}_${body.endDate}.${kind}`,
        onProgress: (received) => {
          // A redraw per chunk would flood the page on a fast link.
          if (Date.now() - shownAt.current < 200) return;
          shownAt.current = Date.now();
          progress(received);
        },
      });
      void message.success({
        key,
        content: t('acceptance.exported', { name: saved.fileName, size: formatBytes(saved.size) }),
        duration: 2,
      });
    } catch {
      // The download helper has already said what went wrong.
      message.destroy(key);
    } finally {
      setRunning(null);
    }
  };

  return (
    <Space>
      <Button onClick={() => void run('csv')} loading={running === 'csv'} disabled={running !== null}>
        {t('acceptance.exportCsv')}
      </Button>
      <Button onClick={() => void run('xlsx')} loading={running === 'xlsx'} disabled={running !== null}>
        {t('acceptance.exportExcel')}
      </Button>
    </Space>
  );
}
