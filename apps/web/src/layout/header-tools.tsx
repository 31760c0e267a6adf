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
import { Badge, Button, Descriptions, Dropdown, Modal, Popover, Spin, Table, Tooltip, Typography, message } from 'antd';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../api/client';
import { sizes, useSettingsStore, type Size } from '../stores/settings';
import { useErrorLogStore } from '../stores/error-log';
import { useUserStore } from '../stores/user';

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
  const errors = useErrorLogStore((s) => s.errors);
  const clear = useErrorLogStore((s) => s.clear);
  const [open, setOpen] = useState(false);
  if (errors.length === 0) return null;
  return (
    <>
      <Badge count={errors.length} size="small">
        <Button type="text" danger aria-label={t('shell.errorLog')} icon={<BugOutlined />} onClick={() => setOpen(true)} />
      </Badge>
      <Modal
        open={open}
        title={t('shell.errorLog')}
        width="80%"
        onCancel={() => setOpen(false)}
        footer={
          <Button
            danger
            onClick={() => {
              clear();
              setOpen(false);
            }}
          >
            {t('shell.clearAll')}
          </Button>
        }
      >
        <Table
          size="small"
          rowKey={(e) => `${e.time}${e.message}`}
          dataSource={errors}
          pagination={false}
          columns={[
            { title: t('shell.errorColumns.message'), dataIndex: 'message', width: 240 },
            { title: t('shell.errorColumns.info'), dataIndex: 'info', width: 160 },
            { title: t('shell.errorColumns.url'), dataIndex: 'url', width: 200 },
            {
              title: t('shell.errorColumns.stack'),
              dataIndex: 'stack',
              render: (stack: string) => (
                <Typography.Text code style={{ whiteSpace: 'pre-wrap', fontSize: 11 }}>
                  {stack}
                </Typography.Text>
              ),
            },
          ]}
        />
      </Modal>
    </>
  );
}

export function QrCodeButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [image, setImage] = useState('');
  const { data: link } = useQuery({ queryKey: ['qr-code'], queryFn: () => call(user.getQrCode), enabled: open });
  useEffect(() => {
    if (link) void QRCode.toDataURL(link, { width: 240, margin: 1 }).then(setImage);
  }, [link]);
  return (
    <>
      <Tooltip title={t('shell.qrCode')}>
        <Button type="text" aria-label={t('shell.qrCode')} icon={<QrcodeOutlined />} onClick={() => setOpen(true)} />
      </Tooltip>
      <Modal open={open} title={t('shell.qrCode')} footer={null} width={300} onCancel={() => setOpen(false)}>
        <div style={{ textAlign: 'center' }}>
          {image ? <img src={image} alt={t('shell.qrCode')} width={240} height={240} /> : <Spin />}
          <Typography.Paragraph type="secondary">{t('shell.qrCodeHint')}</Typography.Paragraph>
        </div>
      </Modal>
    </>
  );
}

export function HelpCenter() {
  const { t } = useTranslation();
  const supInfo = useUserStore((s) => s.supInfo);
  const content = (
    <Descriptions column={1} size="small" style={{ width: 320 }}>
      {supInfo?.phoneList.map((p) => (
        <Descriptions.Item key={`p${p.phone}`} label={p.name}>
          {p.phone}
        </Descriptions.Item>
      ))}
      {supInfo?.emailList.map((e) => (
        <Descriptions.Item key={`e${e.email}`} label={e.name}>
          <a href={`mailto:${e.email}`}>{e.email}</a>
        </Descriptions.Item>
      ))}
    </Descriptions>
  );
  return (
    <Popover title={t('shell.helpCenter')} content={content} trigger="click">
      <Button type="text" aria-label={t('shell.helpCenter')} icon={<CustomerServiceOutlined />} />
    </Popover>
  );
}
