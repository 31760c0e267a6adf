// Files of a bill, charge or invoice: each downloads through the file store (owner-checked there); an
// upload button sends new ones to the file store and hands their ids to the record that keeps them.
import { file, fileKinds, type StoredFile } from '@portal/contract';
import { App, Button, Empty, List, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadByQuery, fileTypes } from '../../api/download';
import { upload } from '../../api/upload';
import { formatBytes } from '../../lib/format';

export function AttachmentList({ files, extra }: { files: (StoredFile & { attachedTo?: string; ref?: string })[]; extra?: string }) {
  const { t } = useTranslation();
  if (files.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('settlement.attachments.none')} />;
  return (
    <List
      size="small"
      aria-label={extra ?? t('settlement.detail.attachments')}
      dataSource={files}
      renderItem={(f) => (
        <List.Item
          actions={[
            <Button
              key="download"
              type="link"
              size="small"
              onClick={() =>
                void downloadByQuery(file.downloadFile, { fileId: f.fileId }, { accept: fileTypes.stored, fallbackName: f.fileName }).catch(
                  () => undefined,
                )
              }
            >
              {t('settlement.attachments.download')}
            </Button>,
          ]}
        >
          <Space wrap>
            {f.attachedTo && <Typography.Text type="secondary">{t(`settlement.attachments.of.${f.attachedTo}`)}</Typography.Text>}
            <Typography.Text>{f.fileName}</Typography.Text>
            <Typography.Text type="secondary">{formatBytes(f.size)}</Typography.Text>
          </Space>
        </List.Item>
      )}
    />
  );
}

/** Picks files and uploads them to the file store; `onUploaded` gets what the store kept. */
export function UploadButton({ onUploaded, label }: { onUploaded(files: StoredFile[]): void; label?: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const rule = file.uploadFile.upload;
  const accept = rule ? rule.kinds.flatMap((k) => fileKindsExt(k)).join(',') : undefined;
  return (
    <Upload
      multiple
      showUploadList={false}
      accept={accept}
      beforeUpload={(_, list) => {
        // antd calls this once per file with the whole list: send the list once, from its first file.
        if (list[0] !== _) return false;
        setBusy(true);
        void upload(file.uploadFile, list)
          .then((stored) => {
            void message.success(t('settlement.attachments.uploaded', { count: stored.length }));
            onUploaded(stored);
          })
          .catch(() => undefined)
          .finally(() => setBusy(false));
        return false;
      }}
    >
      <Button loading={busy}>{label ?? t('settlement.attachments.upload')}</Button>
    </Upload>
  );
}

const fileKindsExt = (kind: keyof typeof fileKinds) => fileKinds[kind].extensions.map((e) => `.${e}`);
