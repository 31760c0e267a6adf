// /ctfImport (hidden, under ms0040): download the template, upload a filled sheet, see every row's check in
// a grid (downloadable); a sheet with errors saves nothing unless the user imports its valid rows.
import { type CallData, certificate, languageOf, titleIn } from '@portal/contract';
import { Alert, App, Button, Card, Progress, Space, Steps, Typography } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiFailure } from '../../api/client';
import { FilePicker } from '../../components/file-upload';
import { DataGrid, type GridColumn, gridHeight, titleWidth } from '../../components/data-grid';
import { downloadReport, downloadTemplate, importSheet, useImportDone } from './api';
import { importSummary } from './import-summary';
import './certificate.css';

type Result = CallData<typeof certificate.importCtfs>;

export default function ImportPage() {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const refresh = useImportDone();
  const [sheet, setSheet] = useState<File>();
  const [result, setResult] = useState<Result>();
  const [percent, setPercent] = useState<number>();

  const run = async (file: File, mode: 'all' | 'valid') => {
    setPercent(0);
    try {
      const answer = await importSheet(file, mode, ({ loaded, total }) => setPercent(total ? Math.round((loaded / total) * 100) : 0));
      setResult(answer);
      if (answer.saved > 0) void refresh();
    } catch (err) {
      if (err instanceof ApiFailure) void message.error(err.message, 5);
    } finally {
      setPercent(undefined);
    }
  };

  const columns = useMemo(
    (): GridColumn[] => [
      { field: 'row', title: t('certificate.importPage.row'), type: 'number', width: 70, fixed: 'left' },
      {
        field: 'errors',
        title: t('certificate.importPage.errors'),
        width: 320,
        cellClass: (r) => (r.errors === t('certificate.importPage.passed') ? undefined : 'ctf-error'),
      },
      ...certificate.importColumns.map((c) => {
        const title = titleIn(language, c);
        return { field: c.field, title, width: Math.max(110, titleWidth(title)) };
      }),
    ],
    [t, language],
  );
  const rows = useMemo(
    () =>
      (result?.rows ?? []).map((r) => ({
        ...r,
        errors: r.errors.length
          ? r.errors.map((e) => t('certificate.importPage.error', e)).join(t('certificate.importPage.errorSeparator'))
          : t('certificate.importPage.passed'),
      })),
    [result, t],
  );

  return (
    <Card title={t('certificate.importPage.title')}>
      <Steps
        direction="vertical"
        size="small"
        current={result ? 2 : sheet ? 1 : 0}
        items={[
          {
            title: t('certificate.importPage.step1'),
            description: (
              <Button icon={<DownloadOutlined />} onClick={() => void downloadTemplate().catch(() => undefined)}>
                {t('certificate.importPage.template')}
              </Button>
            ),
          },
          {
            title: t('certificate.importPage.step2'),
            description: (
              <Space direction="vertical">
                <FilePicker
                  call={certificate.importCtfs}
                  onPick={([file]) => {
                    setSheet(file);
                    setResult(undefined);
                    void run(file!, 'all');
                  }}
                >
                  <Button type="primary" icon={<UploadOutlined />} loading={percent !== undefined}>
                    {t('certificate.importPage.choose')}
                  </Button>
                </FilePicker>
                {sheet && <Typography.Text type="secondary">{sheet.name}</Typography.Text>}
                {percent !== undefined && <Progress percent={percent} size="small" style={{ width: 240 }} />}
              </Space>
            ),
          },
        ]}
      />
      {result && (
        <Space direction="vertical" style={{ width: '100%' }} size={12}>
          <Alert type={result.saved > 0 ? 'success' : result.errorCount > 0 ? 'warning' : 'info'} showIcon {...importSummary(t, result)} />
          <Space wrap>
            {result.saved === 0 && result.errorCount > 0 && result.validCount > 0 && sheet && (
              <Button type="primary" loading={percent !== undefined} onClick={() => void run(sheet, 'valid')}>
                {t('certificate.importPage.importValid')}
              </Button>
            )}
            <Button icon={<DownloadOutlined />} onClick={() => void downloadReport(result.rows).catch(() => undefined)}>
              {t('certificate.importPage.exportReport')}
            </Button>
            <Button onClick={() => navigate('/ctfType')}>{t('certificate.importPage.back')}</Button>
          </Space>
          <DataGrid aria-label={t('certificate.importPage.grid')} columns={columns} rows={rows} height={gridHeight(rows.length, 15)} />
        </Space>
      )}
    </Card>
  );
}
