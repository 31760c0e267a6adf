// The dialogs after sign-in (spec section 4): password about to expire (warning with 立即修改 / 稍后再说),
// password that must be changed (notice with only 立即修改, then a change that cannot be dismissed),
// and the account-expiry alert, at their spec delays.
import { Dialogs, PasswordPolicy } from '@portal/contract';
import { App } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserStore } from '../stores/user';
import { ChangePasswordDialog } from './change-password-dialog';

export function LoginNotices() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const notice = useUserStore((s) => s.pendingNotice);
  const [change, setChange] = useState<'none' | 'optional' | 'forced'>('none');

  useEffect(() => {
    if (!notice) return;
    const timers: ReturnType<typeof setTimeout>[] = [];
    timers.push(
      setTimeout(() => {
        // Cleared only once shown, so that an effect re-run before the delay still shows it.
        useUserStore.getState().clearNotice();
        if (notice.isEditPw === '1') {
          modal.warning({
            title: t('password.noticeTitle'),
            content: t('password.expired'),
            okText: t('password.changeNow'),
            closable: false,
            keyboard: false,
            onOk: () => setChange('forced'),
          });
        } else if (notice.isEditPw === '0' && notice.pwPeriod <= PasswordPolicy.warnDays) {
          modal.confirm({
            title: t('password.noticeTitle'),
            content: t('password.expiresSoon', { days: notice.pwPeriod }),
            okText: t('password.changeNow'),
            cancelText: t('password.later'),
            onOk: () => setChange('optional'),
          });
        }
        if (notice.accountExpireWarn && notice.accountExpireWarn !== '-1') {
          setTimeout(() => {
            modal.info({ title: t('password.accountNoticeTitle'), content: t('password.accountExpires', { date: notice.matureDate }) });
          }, Dialogs.accountExpiryDelayMs);
        }
      }, Dialogs.passwordDialogDelayMs),
    );
    return () => timers.forEach(clearTimeout);
  }, [notice, modal, t]);

  return <ChangePasswordDialog open={change !== 'none'} forced={change === 'forced'} onClose={() => setChange('none')} />;
}
