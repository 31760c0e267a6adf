// Small tools of the top bar: fullscreen, size, language, error log, mini-program QR, help center.
import {
  BugOutlined,
  CustomerServiceOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  FontSizeOutlined,
  QrcodeOutlined,
} from '@ant-design/icons';
import { user } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Dropdown, Modal, Popover, Spin, Tooltip, Typography, message } from 'antd';
import { Suspense, lazy, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../api/client';
import { sizes, useSettingsStore, type Size } from '../stores/settings';
import { useErrorLogStore } from '../stores/error-log';
import { Deferred } from '../components/deferred';

// Not on the first screen: loaded when first opened.
const ErrorLogDialog = lazy(() => import('./error-log-dialog').then((m) => ({ default: m.ErrorLogDialog })));
const HelpContacts = lazy(() => import('./help-contacts').then((m) => ({ default: m.HelpContacts })));

export function FullscreenToggle() {
  const { t } = useTranslation();
  const [full, setFull] = useState(Boolean(document.fullscreenElement));
  useEffect(() => {
    const change = () => setFull(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', change);
    return () => document.removeEventListener('fullscreenchange', change);
  }, []);
  const toggle = () => {
    if (!document.fullscreenEnabled) {
      void message.warning(t('shell.fullscreenUnsupported'));
      return;
    }
    void (full ? document.exitFullscreen() : document.documentElement.requestFullscreen()).catch(() =>
      message.warning(t('shell.fullscreenUnsupported')),
    );
  };
  return (
    <Tooltip title={t('shell.fullscreen')}>
      <Button
        type="text"
        aria-label={t('shell.fullscreen')}
        icon={full ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
        onClick={toggle}
      />
    </Tooltip>
  );
}

export function SizeSelect() {
  const { t } = useTranslation();
  const size = useSettingsStore((s) => s.size);
  const change = useSettingsStore((s) => s.change);
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [size],
        items: sizes.map((key) => ({ key, label: t(`shell.sizes.${key}`) })),
        onClick: ({ key }) => {
          change('size', key as Size);
          void message.success('Switch Size Success');
        },
      }}
    >
      <Button type="text" aria-label={t('shell.size')} icon={<FontSizeOutlined />} />
    </Dropdown>
  );
}

export function ErrorLogButton() {
  const { t } = useTranslation();
  const count = useErrorLogStore((s) => s.errors.length);
  const [open, setOpen] = useState(false);
  if (count === 0) return null;
  return (
    <>
      <Badge count={count} size="small">
        <Button type="text" danger aria-label={t('shell.errorLog')} icon={<BugOutlined />} onClick={() => setOpen(true)} />
      </Badge>
      <Deferred when={open}>
        <ErrorLogDialog open={open} onClose={() => setOpen(false)} />
      </Deferred>
    </>
  );
}

export function QrCodeButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [image, setImage] = useState('');
  const { data: link } = useQuery({ queryKey: ['qr-code'], queryFn: () => call(user.getQrCode), enabled: open });
  useEffect(() => {
    // The QR code library is loaded with the first code drawn.
    if (link) void import('qrcode').then(({ default: QRCode }) => QRCode.toDataURL(link, { width: 240, margin: 1 })).then(setImage);
  }, [link]);
  return (
    <>
      <Tooltip title={t('shell.qrCode')}>
        <Button type="text" aria-label={t('shell.qrCode')} icon={<QrcodeOutlined />} onClick={() => setOpen(true)} />
      </Tooltip>
      <Deferred when={open}>
        <Modal open={open} title={t('shell.qrCode')} footer={null} width={300} onCancel={() => setOpen(false)}>
          <div style={{ textAlign: 'center' }}>
            {image ? <img src={image} alt={t('shell.qrCode')} width={240} height={240} /> : <Spin />}
            <Typography.Paragraph type="secondary">{t('shell.qrCodeHint')}</Typography.Paragraph>
          </div>
        </Modal>
      </Deferred>
    </>
  );
}

export function HelpCenter() {
  const { t } = useTranslation();
  return (
    <Popover
      title={t('shell.helpCenter')}
      content={
        <Suspense fallback={<Spin size="small" />}>
          <HelpContacts />
        </Suspense>
      }
      trigger="click"
    >
      <Button type="text" aria-label={t('shell.helpCenter')} icon={<CustomerServiceOutlined />} />
    </Popover>
  );
}
