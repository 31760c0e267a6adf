// Attaching files to a record through an area's upload call (the file store): the chosen files are checked
// against the call's rules and the record's limit before anything is sent, each upload shows its progress or
// its error, the stored files are listed with a remove button each (and previews where asked).
import type { CallDef, StoredFile } from '@portal/contract';
import { UploadOutlined } from '@ant-design/icons';
import { App, Button, Progress, Space, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiFailure } from '../api/client';
import { ruleBreach, type UploadProgress } from '../api/upload';
import { FileList } from './file-list';

interface Pending {
  uid: string;
  name: string;
  percent: number;
  error?: string;
}

export interface FileUploadProps {
  /** The record's stored files. */
  files: StoredFile[];
  onChange(update: (files: StoredFile[]) => StoredFile[]): void;
  /** The area's upload call (its rules: types, sizes, files at once). */
  call: CallDef;
  /** Sends files through that call. */
  upload(files: File[], onProgress: (p: UploadProgress) => void): Promise<StoredFile[]>;
  /** How many files the record may hold. */
  max: number;
  /** Told when uploads start or all have ended (a form waits before saving). */
  onBusyChange?(busy: boolean): void;
  /** Show the stored files as previews (images, PDFs) above their remove buttons. */
  preview?: boolean;
}

export function FileUpload({ files, onChange, call, upload, max, onBusyChange, preview }: FileUploadProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [pending, setPending] = useState<Pending[]>([]);

  // The form is told after each change of the uploads, not from inside a state update.
  const busy = pending.some((x) => !x.error);
  useEffect(() => onBusyChange?.(busy), [busy, onBusyChange]);

  const send = async (file: File) => {
    const uid = `${file.name}-${Date.now()}-${Math.random()}`;
    setPending((p) => [...p, { uid, name: file.name, percent: 0 }]);
    try {
      const stored = await upload([file], ({ loaded, total }) =>
        setPending((p) => p.map((x) => (x.uid === uid ? { ...x, percent: total ? Math.round((loaded / total) * 100) : 0 } : x))),
      );
      onChange((f) => [...f, ...stored]);
      setPending((p) => p.filter((x) => x.uid !== uid));
    } catch (err) {
      const text = err instanceof ApiFailure ? err.message : String(err);
      setPending((p) => p.map((x) => (x.uid === uid ? { ...x, error: text } : x)));
    }
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Upload
        multiple
        accept=".pdf,.jpg,.jpeg,.png"
        showUploadList={false}
        beforeUpload={(file, list) => {
          if (file === list[0]) {
            const breach = ruleBreach(call, list);
            if (breach) void message.error(breach.message, 5);
            else if (files.length + list.length > max) void message.error(t('files.tooMany', { count: max }), 5);
            else for (const f of list) void send(f);
          }
          return Upload.LIST_IGNORE;
        }}
      >
        <Button icon={<UploadOutlined />}>{t('files.choose')}</Button>
      </Upload>
      {pending.map((p) => (
        <div key={p.uid} aria-live="polite">
          <Typography.Text type={p.error ? 'danger' : undefined}>
            {p.name} {p.error ?? t('files.uploading', { percent: p.percent })}
          </Typography.Text>
          {!p.error && <Progress percent={p.percent} size="small" />}
        </div>
      ))}
      {preview && <FileList files={files} />}
      {files.length > 0 && (
        <Space wrap>
          {files.map((f) => (
            <Button key={f.fileId} size="small" onClick={() => onChange((all) => all.filter((x) => x.fileId !== f.fileId))}>
              {t('files.remove')} {f.fileName}
            </Button>
          ))}
        </Space>
      )}
    </Space>
  );
}
