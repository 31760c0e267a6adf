// 导出CSV and 导出Excel of a screen: a click streams the file from the area's export call, the bytes received
// show while it runs and the saved name after; one export at a time. The area says which call and which texts.
import { App, Button, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DownloadOptions, SavedFile } from '../api/download';
import { fileTypes } from '../api/download';
import { formatBytes } from '../lib/format';

export type ExportFormat = 'csv' | 'xlsx';

export interface ExportButtonsProps {
  /** The area's texts: `<texts>.exportCsv`, `.exportExcel`, `.exporting` ({{size}}) and `.exported` ({{name}}, {{size}}). */
  texts: string;
  /** The file's name without its extension, for when the server names none. */
  fallbackName: string;
  /** Runs the area's export call for a format with these options (accepted type, name, progress). */
  exportAs(format: ExportFormat, options: DownloadOptions): Promise<SavedFile>;
}

export function ExportButtons({ texts, fallbackName, exportAs }: ExportButtonsProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [running, setRunning] = useState<ExportFormat | null>(null);

  const run = async (format: ExportFormat) => {
    const key = `${texts}-export`;
    const progress = (received: number) =>
      void message.loading({ key, content: t(`${texts}.exporting`, { size: formatBytes(received) }), duration: 0 });
    let shownAt = 0;
    setRunning(format);
    progress(0);
    try {
      const saved = await exportAs(format, {
        accept: fileTypes[format],
        fallbackName: `${fallbackName}.${format}`,
        onProgress: (received) => {
          // A redraw per chunk would flood the page on a fast link.
          if (Date.now() - shownAt < 200) return;
          shownAt = Date.now();
          progress(received);
        },
      });
      void message.success({ key, content: t(`${texts}.exported`, { name: saved.fileName, size: formatBytes(saved.size) }), duration: 2 });
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
        {t(`${texts}.exportCsv`)}
      </Button>
      <Button onClick={() => void run('xlsx')} loading={running === 'xlsx'} disabled={running !== null}>
        {t(`${texts}.exportExcel`)}
      </Button>
    </Space>
  );
}
