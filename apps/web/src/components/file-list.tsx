// Stored files of a record (certificates, cooperation applications): images as thumbnails (opened large in the page), PDFs previewed in a
// dialog, each downloadable. Bytes come through the platform client (the session needs its headers), so
// images are shown as data: URLs and PDFs as blob: URLs.
import { file, type StoredFile } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Image, Modal, Space, Spin, Tag, Typography } from 'antd';
import { DownloadOutlined, EyeOutlined, FilePdfOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiFailure, send } from '../api/client';

async function fileBlob(fileId: string): Promise<Blob> {
  const res = await send(file.downloadFile.method, file.downloadFile.path, { area: 'file', query: { fileId } });
  if (!res.ok) throw new ApiFailure(res.status, String(res.status), `文件 ${fileId} 无法读取`);
  return res.blob();
}

const dataUrlOf = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(blob);
  });

async function save(f: StoredFile) {
  const url = URL.createObjectURL(await fileBlob(f.fileId));
  const link = document.createElement('a');
  link.href = url;
  link.download = f.fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

function Thumbnail({ f }: { f: StoredFile }) {
  const { data } = useQuery({
    queryKey: ['file-preview', f.fileId],
    queryFn: async () => dataUrlOf(await fileBlob(f.fileId)),
    staleTime: Infinity,
  });
  if (!data) return <Spin size="small" />;
  return <Image src={data} alt={f.fileName} width={96} height={72} style={{ objectFit: 'cover', borderRadius: 4 }} />;
}

function PdfPreview({ f, onClose }: { f: StoredFile; onClose(): void }) {
  const { data } = useQuery({
    queryKey: ['file-pdf', f.fileId],
    queryFn: async () => URL.createObjectURL(await fileBlob(f.fileId)),
    staleTime: Infinity,
  });
  return (
    <Modal open title={f.fileName} onCancel={onClose} footer={null} width="min(960px, 96vw)" destroyOnHidden>
      {data ? <iframe title={f.fileName} src={data} style={{ width: '100%', height: '70vh', border: 0 }} /> : <Spin />}
    </Modal>
  );
}

export function FileList({ files }: { files: StoredFile[] }) {
  const { t } = useTranslation();
  const [pdf, setPdf] = useState<StoredFile>();
  if (files.length === 0) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <>
      <Image.PreviewGroup>
        <Space wrap size={12} aria-label={t('certificate.files')}>
          {files.map((f) => (
            <Space key={f.fileId} direction="vertical" size={2} align="center" style={{ width: 110 }}>
              {f.contentType === 'application/pdf' ? (
                <Button icon={<FilePdfOutlined />} onClick={() => setPdf(f)} aria-label={`${t('certificate.preview')} ${f.fileName}`}>
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
                    {t('certificate.preview')}
                  </Button>
                )}
                <Button
                  size="small"
                  type="link"
                  icon={<DownloadOutlined />}
                  onClick={() => void save(f)}
                  aria-label={`${t('certificate.download')} ${f.fileName}`}
                >
                  {t('certificate.download')}
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

export const statusColor: Record<string, string> = { 未提交: 'default', 已提交: 'processing', 已审核: 'success', 审核退回: 'error' };

/** A certificate's review state (the wire's Chinese word) in the user's language. */
export function StatusTag({ status }: { status: string }) {
  const { t } = useTranslation();
  return <Tag color={statusColor[status] ?? 'default'}>{t(`certificate.statuses.${status}`, { defaultValue: status })}</Tag>;
}
