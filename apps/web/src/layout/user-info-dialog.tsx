// The user info dialog (getUserInfo); an empty parentCode shows the user's own code.
import { user } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Modal, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../api/client';
import { formatTime } from '../lib/format';
import { useUserStore } from '../stores/user';

export function UserInfoDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const employeeCode = useUserStore((s) => s.employeeCode);
  const { data } = useQuery({
    queryKey: ['user-info', employeeCode],
    queryFn: () => call(user.getUserInfo, { query: { employeeCode } }),
    enabled: open,
  });
  return (
    <Modal open={open} title={t('shell.userInfo')} footer={null} onCancel={onClose} width={500}>
      {!data ? (
        <Spin />
      ) : (
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label={t('userInfo.employeeCode')}>{data.employeeCode}</Descriptions.Item>
          <Descriptions.Item label={t('userInfo.employeeName')}>{data.employeeName}</Descriptions.Item>
          <Descriptions.Item label={t('userInfo.movPhone')}>{data.movPhone}</Descriptions.Item>
          <Descriptions.Item label={t('userInfo.parentCode')}>{data.parentCode || data.employeeCode}</Descriptions.Item>
          <Descriptions.Item label={t('userInfo.matureDate')}>{data.matureDate || t('userInfo.never')}</Descriptions.Item>
          <Descriptions.Item label={t('userInfo.firstLoginTime')}>{formatTime(data.firstLoginTime)}</Descriptions.Item>
          <Descriptions.Item label={t('userInfo.lastLoginTime')}>{formatTime(data.lastLoginTime)}</Descriptions.Item>
        </Descriptions>
      )}
    </Modal>
  );
}
