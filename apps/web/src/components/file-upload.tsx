// Choosing and attaching files, the one way every screen does it: the picker offers the upload call's kinds
// (the contract's file kinds) and checks its rule and the record's limit before anything is sent; FileUpload
// sends each chosen file with its progress or error and lists the record's files with a remove button each.
import { type CallDef, type StoredFile, fileKinds } from '@portal/contract';
import { UploadOutlined } from '@ant-design/icons';
import { App, Button, Progress, Space, Typography, Upload } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiFailure } from '../api/client';
import { ruleBreach, type UploadProgress } from '../api/upload';
import { FileList } from './file-list';

/** The file chooser's accept list of an upload call: the extensions of the kinds its rule allows. */
export const acceptOf = (call: CallDef): string | undefined =>
  call.upload?.kinds.flatMap((kind) => fileKinds[kind].extensions.map((extension) => `.${extension}`)).join(',');

export interface FilePickerProps {
  /** The upload call the files are for (its rule: kinds, sizes, files at once). */
  call: CallDef;
  /** How many more files the record may take; more are refused with a message. */
  room?: number;
  /** Gets the chosen files once they fit the rule and the room. */
  onPick(files: File[]): void;
  /** The button to click. */
  children: ReactNode;
}

/** A button that opens the file chooser and hands over the chosen files, checked, all at once. */
export function FilePicker({ call, room = Infinity, onPick, children }: FilePickerProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return (
    <Upload
      multiple={(call.upload?.maxFiles ?? 1) > 1}
      accept={acceptOf(call)}
      showUploadList={false}
      beforeUpload={(file, list) => {
        // antd calls this once per file with the whole list: check and hand over the list once, from its first file.
        if (file === list[0]) {
          const breach = ruleBreach(call, list);
          if (breach) void message.error(breach.message, 5);
          else if (list.length > room) void message.error(t('files.tooMany', { count: room }), 5);
          else onPick(list);
        }
        return Upload.LIST_IGNORE;
      }}
    >
      {children}
    </Upload>
  );
}

/** Chosen or stored files by name, each with a button that removes it. */
export function RemovableFiles({ names, onRemove }: { names: string[]; onRemove(index: number): void }) {
  const { t } = useTranslation();
  if (names.length === 0) return null;
  return (
    <Space wrap>
      {names.map((name, index) => (
        <Button key={`${index}-${name}`} size="small" onClick={() => onRemove(index)}>
          {t('files.remove')} {name}
        </Button>
      ))}
    </Space>
  );
}

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
      <FilePicker call={call} room={max - files.length} onPick={(list) => list.forEach((f) => void send(f))}>
        <Button icon={<UploadOutlined />}>{t('files.choose')}</Button>
      </FilePicker>
      {pending.map((p) => (
        <div key={p.uid} aria-live="polite">
          <Typography.Text type={p.error ? 'danger' : undefined}>
            {p.name} {p.error ?? t('files.uploading', { percent: p.percent })}
          </Typography.Text>
          {!p.error && <Progress percent={p.percent} size="small" />}
        </div>
      ))}
      {preview && <FileList files={files} />}
      <RemovableFiles
        names={files.map((f) => f.fileName)}
        onRemove={(index) => onChange((all) => all.filter((x) => x.fileId !== files[index]!.fileId))}
      />
    </Space>
  );
}
