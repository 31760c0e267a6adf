// 导出CSV and 导出Excel of the bill list or the charge list for holders of the export button: every row of the
// search as the grid shows it (its column filters and sort), streamed by the server, with the bytes received
// shown while it runs.
import { settlement } from '@portal/contract';
import { App, Button, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { download, fileTypes } from '../../api/download';
import { formatBytes } from '../../lib/format';
import type { BillListQuery, ChargeListQuery } from './api';

type Kind = 'csv' | 'xlsx';
type Without<Q> = Omit<Q, 'page' | 'limit'>;
type ExportOf = { list: 'bills'; search: Without<BillListQuery> } | { list: 'charges'; search: Without<ChargeListQuery> };

const fileNames = { bills: '结算单', charges: '费用明细' } as const;

export function ExportButtons(props: ExportOf) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [running, setRunning] = useState<Kind | null>(null);

  const run = async (format: Kind) => {
    const key = 'settlement-export';
    let shownAt = 0;
    setRunning(format);
    void message.loading({ key, content: t('settlement.exporting', { size: formatBytes(0) }), duration: 0 });
    try {
      const options = {
        accept: fileTypes[format],
        fallbackName: `${fileNames[props.list]}.${format}`,
        onProgress: (received: number) => {
          if (Date.now() - shownAt < 200) return;
          shownAt = Date.now();
          void message.loading({ key, content: t('settlement.exporting', { size: formatBytes(received) }), duration: 0 });
        },
      };
      const saved =
        props.list === 'bills'
          ? await download(settlement.exportSamBillList, { ...props.search, format }, options)
          : await download(settlement.exportChargeList, { ...props.search, format }, options);
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

  // One group of its own: inside a toolbar's Space the two buttons keep their gap.
  return (
    <Space wrap>
      <Button onClick={() => void run('csv')} loading={running === 'csv'} disabled={running !== null}>
        {t('settlement.exportCsv')}
      </Button>
      <Button onClick={() => void run('xlsx')} loading={running === 'xlsx'} disabled={running !== null}>
        {t('settlement.exportExcel')}
      </Button>
    </Space>
  );
}
