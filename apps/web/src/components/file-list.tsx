// Stored files of a record, the one list every screen shows: as cards (certificates, cooperation applications;
// images as thumbnails opened large in the page, PDFs previewed in a dialog) or as rows with their sizes
// (settlement), each downloadable; a file that cannot be read says so with a retry. Bytes come through the platform client (the session needs its headers), so
// images are shown as data: URLs and PDFs as blob: URLs.
import { file, type StoredFile } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Image, List, Modal, Space, Spin, Tag, Typography } from 'antd';
import { DownloadOutlined, EyeOutlined, FilePdfOutlined, ReloadOutlined, WarningOutlined } from '@ant-design/icons';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadByQuery, fetchFile, fileTypes } from '../api/download';
import { formatBytes } from '../lib/format';

const fileOptions = (f: StoredFile) => ({ accept: fileTypes.stored, fallbackName: f.fileName });

async function fileBlob(f: StoredFile): Promise<Blob> {
  return (await fetchFile(file.downloadFile, { query: { fileId: f.fileId } }, fileOptions(f))).blob;
}

const save = (f: StoredFile) => downloadByQuery(file.downloadFile, { fileId: f.fileId }, fileOptions(f)).catch(() => undefined);

const dataUrlOf = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(blob);
  });

/** A file that could not be read: says so and offers to read it again (never an endless spinner). */
function LoadFailed({ name, onRetry, retrying }: { name: string; onRetry(): void; retrying: boolean }) {
  const { t } = useTranslation();
  return (
    <Space direction="vertical" size={0} align="center" role="alert" className="file-load-failed">
      <Typography.Text type="danger" style={{ fontSize: 12 }}>
        <WarningOutlined /> {t('files.loadFailed')}
      </Typography.Text>
      <Button
        size="small"
        type="link"
        icon={<ReloadOutlined />}
        loading={retrying}
        onClick={onRetry}
        aria-label={`${t('files.retry')} ${name}`}
      >
        {t('files.retry')}
      </Button>
    </Space>
  );
}

function Thumbnail({ f }: { f: StoredFile }) {
  const { data, isError, isFetching, refetch } = useQuery({
    queryKey: ['file-preview', f.fileId],
    queryFn: async () => dataUrlOf(await fileBlob(f)),
    staleTime: Infinity,
  });
  if (isError) return <LoadFailed name={f.fileName} retrying={isFetching} onRetry={() => void refetch()} />;
  if (!data) return <Spin size="small" />;
  return <Image src={data} alt={f.fileName} width={96} height={72} style={{ objectFit: 'cover', borderRadius: 4 }} />;
}

function PdfPreview({ f, onClose }: { f: StoredFile; onClose(): void }) {
  const { data, isError, isFetching, refetch } = useQuery({
    queryKey: ['file-pdf', f.fileId],
    queryFn: async () => URL.createObjectURL(await fileBlob(f)),
    staleTime: Infinity,
  });
  return (
    <Modal open title={f.fileName} onCancel={onClose} footer={null} width="min(960px, 96vw)" destroyOnHidden>
      {data ? (
        <iframe title={f.fileName} src={data} style={{ width: '100%', height: '70vh', border: 0 }} />
      ) : isError ? (
        <LoadFailed name={f.fileName} retrying={isFetching} onRetry={() => void refetch()} />
      ) : (
        <Spin />
      )}
    </Modal>
  );
}

export interface FileListProps<F extends StoredFile> {
  files: F[];
  /** Cards with previews (the default), or rows with sizes. */
  layout?: 'cards' | 'rows';
  /** The list's accessible name. */
  label?: string;
  /** What stands in place of an empty list. */
  empty?: ReactNode;
  /** A note before a row's name (what the file belongs to). */
  note?(f: F): string | undefined;
  /** Rows: a heading over a bordered list. */
  title?: string;
}

export function FileList<F extends StoredFile>({ files, layout = 'cards', label, empty, note, title }: FileListProps<F>) {
  const { t } = useTranslation();
  const [pdf, setPdf] = useState<StoredFile>();
  const none = empty ?? <Typography.Text type="secondary">—</Typography.Text>;
  if (layout === 'rows') return <FileRows files={files} label={label ?? title ?? t('files.list')} note={note} title={title} none={none} />;
  if (files.length === 0) return none;
  return (
    <>
      <Image.PreviewGroup>
        <Space wrap size={12} aria-label={label ?? t('files.list')}>
          {files.map((f) => (
            <Space key={f.fileId} direction="vertical" size={2} align="center" style={{ width: 110 }}>
              {f.contentType === 'application/pdf' ? (
                <Button icon={<FilePdfOutlined />} onClick={() => setPdf(f)} aria-label={`${t('files.preview')} ${f.fileName}`}>
                  PDF
                </Button>
              ) : (
                <Thumbnail f={f} />
              )}
              <Typography.Text ellipsis style={{ maxWidth: 110, fontSize: 12 }} title={f.fileName}>
                {f.fileName}
              </Typography.Text>
              <Space size={0}>
                {f.contentType === 'application/pdf' && (
                  <Button size="small" type="link" icon={<EyeOutlined />} onClick={() => setPdf(f)}>
                    {t('files.preview')}
                  </Button>
                )}
                <Button
                  size="small"
                  type="link"
                  icon={<DownloadOutlined />}
                  onClick={() => void save(f)}
                  aria-label={`${t('files.download')} ${f.fileName}`}
                >
                  {t('files.download')}
                </Button>
              </Space>
            </Space>
          ))}
        </Space>
      </Image.PreviewGroup>
      {pdf && <PdfPreview f={pdf} onClose={() => setPdf(undefined)} />}
    </>
  );
}

interface FileRowsProps<F extends StoredFile> extends Pick<FileListProps<F>, 'files' | 'note' | 'title'> {
  label: string;
  none: ReactNode;
}

function FileRows<F extends StoredFile>({ files, label, note, title, none }: FileRowsProps<F>) {
  const { t } = useTranslation();
  return (
    <List
      size="small"
      aria-label={label}
      header={title}
      bordered={title !== undefined}
      locale={{ emptyText: none }}
      dataSource={files}
      renderItem={(f) => (
        <List.Item
          actions={[
            <Button
              key="download"
              type="link"
              size="small"
              icon={<DownloadOutlined />}
              aria-label={`${t('files.download')} ${f.fileName}`}
              onClick={() => void save(f)}
            >
              {t('files.download')}
            </Button>,
          ]}
        >
          <Space wrap>
            {note?.(f) && <Typography.Text type="secondary">{note(f)}</Typography.Text>}
            <Typography.Text>{f.fileName}</Typography.Text>
            <Typography.Text type="secondary">{formatBytes(f.size)}</Typography.Text>
          </Space>
        </List.Item>
      )}
    />
  );
}

export const statusColor: Record<string, string> = { 未提交: 'default', 已提交: 'processing', 已审核: 'success', 审核退回: 'error' };

/** A certificate's review state (the wire's Chinese word) in the user's language. */
export function StatusTag({ status }: { status: string }) {
  const { t } = useTranslation();
  return <Tag color={statusColor[status] ?? 'default'}>{t(`certificate.statuses.${status}`, { defaultValue: status })}</Tag>;
}
