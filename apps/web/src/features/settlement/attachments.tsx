// Files of a bill, charge or invoice: each downloads through the file store (owner-checked there); an
// upload button sends new ones to the file store and hands their ids to the record that keeps them.
import { file, type StoredFile } from '@portal/contract';
import { App, Button, Empty } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { upload } from '../../api/upload';
import { FileList } from '../../components/file-list';
import { FilePicker } from '../../components/file-upload';

export function AttachmentList({ files, extra }: { files: (StoredFile & { attachedTo?: string; ref?: string })[]; extra?: string }) {
  const { t } = useTranslation();
  return (
    <FileList
      layout="rows"
      files={files}
      label={extra ?? t('settlement.detail.attachments')}
      empty={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('settlement.attachments.none')} />}
      note={(f) => f.attachedTo && t(`settlement.attachments.of.${f.attachedTo}`)}
    />
  );
}

/** Picks files and uploads them to the file store; `onUploaded` gets what the store kept. */
export function UploadButton({ onUploaded, label }: { onUploaded(files: StoredFile[]): void; label?: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const send = (list: File[]) => {
    setBusy(true);
    void upload(file.uploadFile, list)
      .then((stored) => {
        void message.success(t('settlement.attachments.uploaded', { count: stored.length }));
        onUploaded(stored);
      })
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };
  return (
    <FilePicker call={file.uploadFile} onPick={send}>
      <Button loading={busy}>{label ?? t('settlement.attachments.upload')}</Button>
    </FilePicker>
  );
}
