// 数据导入 (ms0111): pick an entity, download its template (Chinese or English), upload a filled .xlsx or .csv
// to check it (nothing written), read the per-row report in the grid or as .xlsx, then import the documents that
// passed through the documents service (the same as the API's).
import { integration, languageOf, sizeText, titleIn } from '@portal/contract';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Checkbox, Progress, Select, Space, Steps, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiFailure } from '../../api/client';
import { DataGrid, type GridColumn, gridHeight } from '../../components/data-grid';
import { FilePicker } from '../../components/file-upload';
import { type ImportReport, downloadReport, downloadTemplate, sendFile } from './imports-api';
import './screens.css';

type DocumentEntity = integration.DocumentEntity;

export default function ImportPage() {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const { message } = App.useApp();
  const k = (key: string, options?: Record<string, unknown>) => t(`integrationImport.${key}`, options);
  const [entity, setEntity] = useState<DocumentEntity>('purchase-orders');
  const [file, setFile] = useState<File>();
  const [checked, setChecked] = useState<ImportReport>();
  const [imported, setImported] = useState<ImportReport>();
  const [percent, setPercent] = useState<number>();
  const [problemsOnly, setProblemsOnly] = useState(false);

  const run = async (step: 'check' | 'import', chosen: File) => {
    setPercent(0);
    try {
      const answer = await sendFile(step, entity, chosen, ({ loaded, total }) =>
        setPercent(total ? Math.round((loaded / total) * 100) : 0),
      );
      if (step === 'check') {
        setChecked(answer);
        setImported(undefined);
      } else setImported(answer);
    } catch (err) {
      if (err instanceof ApiFailure) void message.error(err.message, 6);
    } finally {
      setPercent(undefined);
    }
  };

  const report = imported ?? checked;
  const outcomeText = language === 'en' ? integration.reportOutcomeTextEn : integration.reportOutcomeText;
  const columns = useMemo(
    (): GridColumn[] => [
      { field: 'row', title: k('columns.row'), type: 'number', width: 84, fixed: 'left' },
      { field: 'key', title: k('columns.key'), width: 150 },
      {
        field: 'outcome',
        title: k('columns.outcome'),
        width: 110,
        display: (v) => outcomeText[v as integration.ReportOutcome] ?? v,
        cellClass: (r) => (r.outcome === 'refused' ? 'integration-refused' : undefined),
      },
      { field: 'column', title: k('columns.column'), width: 140 },
      { field: 'reason', title: k('columns.reason'), width: 420 },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- k follows t
    [t, outcomeText],
  );
  const rows = useMemo(
    () =>
      (report?.lines ?? [])
        .filter((l) => !problemsOnly || l.outcome === 'refused')
        .map((l) => ({
          row: l.row,
          key: l.key,
          outcome: l.outcome,
          column: l.column?.[language] ?? '',
          reason: l.reason?.[language] ?? '',
        })),
    [report, problemsOnly, language],
  );
  const busy = percent !== undefined;

  return (
    <Card title={k('title')}>
      <Typography.Paragraph type="secondary">{k('intro')}</Typography.Paragraph>
      <Steps
        direction="vertical"
        size="small"
        current={imported ? 3 : checked ? 2 : file ? 1 : 0}
        items={[
          {
            title: k('step1'),
            description: (
              <Space direction="vertical" size={8}>
                <Space wrap>
                  <label htmlFor="integration-import-entity">{k('entity')}</label>
                  <Select
                    id="integration-import-entity"
                    value={entity}
                    style={{ width: 200 }}
                    onChange={(next) => {
                      setEntity(next);
                      setFile(undefined);
                      setChecked(undefined);
                      setImported(undefined);
                    }}
                    options={integration.importEntities.map((e) => ({ value: e.entity, label: titleIn(language, e) }))}
                  />
                </Space>
                <Typography.Text type="secondary">{k('step1Hint')}</Typography.Text>
                <Space wrap>
                  <Button icon={<DownloadOutlined />} onClick={() => void downloadTemplate(entity, 'zh-CN').catch(() => undefined)}>
                    {k('templateZh')}
                  </Button>
                  <Button icon={<DownloadOutlined />} onClick={() => void downloadTemplate(entity, 'en').catch(() => undefined)}>
                    {k('templateEn')}
                  </Button>
                </Space>
              </Space>
            ),
          },
          {
            title: k('step2'),
            description: (
              <Space direction="vertical" size={8}>
                <Typography.Text type="secondary">
                  {k('step2Hint', { size: sizeText(integration.maxImportBytes), rows: integration.maxImportRows })}
                </Typography.Text>
                <FilePicker
                  call={integration.checkImport}
                  onPick={([chosen]) => {
                    setFile(chosen);
                    setChecked(undefined);
                    setImported(undefined);
                    void run('check', chosen!);
                  }}
                >
                  <Button type="primary" icon={<UploadOutlined />} loading={busy && !checked}>
                    {k('choose')}
                  </Button>
                </FilePicker>
                {file && <Typography.Text type="secondary">{file.name}</Typography.Text>}
                {busy && <Progress percent={percent} size="small" style={{ width: 240 }} />}
              </Space>
            ),
          },
          {
            title: k('step3'),
            description: checked && file && (
              <Button
                type="primary"
                disabled={checked.valid === 0 || Boolean(imported)}
                loading={busy && Boolean(checked)}
                onClick={() => void run('import', file)}
              >
                {checked.valid === 0 ? k('nothingValid') : k('importValid', { count: checked.valid })}
              </Button>
            ),
          },
        ]}
      />
      {report && (
        <Space direction="vertical" style={{ width: '100%' }} size={12}>
          <Alert
            role="status"
            showIcon
            type={imported ? (report.refused > 0 ? 'warning' : 'success') : report.refused > 0 ? 'warning' : 'success'}
            message={
              imported && report.counts
                ? k('imported', report.counts)
                : k('checked', { rows: report.rows, documents: report.documents, valid: report.valid, refused: report.refused })
            }
            description={report.truncated ? k('truncated', { count: report.lines.length }) : undefined}
          />
          <Space wrap>
            <Button icon={<DownloadOutlined />} onClick={() => void downloadReport(report.entity, report.lines).catch(() => undefined)}>
              {k('exportReport')}
            </Button>
            <Checkbox checked={problemsOnly} onChange={(e) => setProblemsOnly(e.target.checked)}>
              {k('problemsOnly')}
            </Checkbox>
          </Space>
          <DataGrid aria-label={k('grid')} columns={columns} rows={rows} height={gridHeight(rows.length, 15)} />
        </Space>
      )}
    </Card>
  );
}
