// The dialogs after sign-in (spec section 4): password about to expire (warning with 立即修改 / 稍后再说),
// password that must be changed (notice with only 立即修改, then a change that cannot be dismissed),
// and the account-expiry alert, at their spec delays after the login answer. Mounted beside the routes, not in
// the shell, so that the delays do not wait for the shell to load.
import { Dialogs, PasswordPolicy } from '@portal/contract';
import { App } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserStore } from '../stores/user';
import { ChangePasswordDialog } from './change-password-dialog';
import { Deferred } from '../components/deferred';

export function LoginNotices() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const notice = useUserStore((s) => s.pendingNotice);
  const signedIn = useUserStore((s) => s.signedIn);
  const [change, setChange] = useState<'none' | 'optional' | 'forced'>('none');
  // Signing out (a forced change ends with it) closes the change dialog with the shell behind it.
  useEffect(
    () =>
      useUserStore.subscribe((s) => {
        if (!s.signedIn) setChange('none');
      }),
    [],
  );
  // The login whose account alert was shown: an effect re-run (a language switch) does not show it twice.
  const accountShown = useRef<number | null>(null);

  useEffect(() => {
    if (!notice) return;
    // Both delays count from the login answer, not from when the shell appears (it loads the user and the menu first).
    const after = (delayMs: number) => Math.max(0, notice.answeredAt + delayMs - Date.now());
    const timers: ReturnType<typeof setTimeout>[] = [];
    if (notice.accountExpireWarn && notice.accountExpireWarn !== '-1' && accountShown.current !== notice.answeredAt)
      timers.push(
        setTimeout(() => {
          accountShown.current = notice.answeredAt;
          modal.info({ title: t('password.accountNoticeTitle'), content: t('password.accountExpires', { date: notice.matureDate }) });
        }, after(Dialogs.accountExpiryDelayMs)),
      );
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
            content: t('password.expiresSoon', { count: notice.pwPeriod }),
            okText: t('password.changeNow'),
            cancelText: t('password.later'),
            onOk: () => setChange('optional'),
          });
        }
      }, after(Dialogs.passwordDialogDelayMs)),
    );
    return () => timers.forEach(clearTimeout);
  }, [notice, modal, t]);

  const open = signedIn && change !== 'none';
  return (
    <Deferred when={open}>
      <ChangePasswordDialog open={open} forced={change === 'forced'} onClose={() => setChange('none')} />
    </Deferred>
  );
}
