// 导出CSV and 导出Excel of the bill list for holders of the export button: every bill of the search, streamed
// by the server, with the bytes received shown while it runs.
import { settlement } from '@portal/contract';
import { App, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { download, fileTypes } from '../../api/download';
import { formatBytes } from '../../lib/format';
import type { BillListQuery } from './api';

type Kind = 'csv' | 'xlsx';
type ExportSearch = Omit<BillListQuery, 'page' | 'limit' | 'sort'>;

export function ExportButtons({ search }: { search: ExportSearch }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [running, setRunning] = useState<Kind | null>(null);

  const run = async (format: Kind) => {
    const key = 'settlement-export';
    let shownAt = 0;
    setRunning(format);
    void message.loading({ key, content: t('settlement.exporting', { size: formatBytes(0) }), duration: 0 });
    try {
      const saved = await download(
        settlement.exportSamBillList,
        { ...search, format },
        {
          accept: fileTypes[format],
          fallbackName: `结算单.${format}`,
          onProgress: (received) => {
            if (Date.now() - shownAt < 200) return;
            shownAt = Date.now();
            void message.loading({ key, content: t('settlement.exporting', { size: formatBytes(received) }), duration: 0 });
          },
        },
      );
      void message.success({
        key,
        content: t('settlement.exported', { name: saved.fileName, size: formatBytes(saved.size) }),
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
    <>
      <Button onClick={() => void run('csv')} loading={running === 'csv'} disabled={running !== null}>
        {t('settlement.exportCsv')}
      </Button>
      <Button onClick={() => void run('xlsx')} loading={running === 'xlsx'} disabled={running !== null}>
        {t('settlement.exportExcel')}
      </Button>
    </>
  );
}
