// The error log's list (loaded when first opened from the header's error button).
import { Button, Modal, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useErrorLogStore } from '../stores/error-log';

export function ErrorLogDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const errors = useErrorLogStore((s) => s.errors);
  const clear = useErrorLogStore((s) => s.clear);
  return (
    <Modal
      open={open}
      title={t('shell.errorLog')}
      width="80%"
      onCancel={onClose}
      footer={
        <Button
          danger
          onClick={() => {
            clear();
            onClose();
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
  );
}
