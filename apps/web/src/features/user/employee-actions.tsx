// What a main account does to the selected child account from the list: enable or disable it, reset its
// password (the new one is shown once) and delete it, each after a confirmation.
import { type Employee, employee } from '@portal/contract';
import { App, Button, Input, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAuthButtons } from '../../lib/use-auth-buttons';
import { useDeleteAccount, useResetPassword, useSetEnabled } from './api';
import { closingOnRefusal } from '../../lib/confirm-call';

export const { employeeModule } = employee;

/** Shows a password once, with a copy button; the dialog cannot be reopened. */
export function useShowPasswordOnce() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  return (title: string, hint: string, password: string) =>
    modal.info({
      title,
      width: 440,
      okText: t('employee.ok'),
      content: (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Text type="secondary">{hint}</Typography.Text>
          <Space.Compact style={{ width: '100%' }}>
            <Input readOnly value={password} aria-label={title} style={{ fontFamily: 'monospace' }} />
            <Button onClick={() => void navigator.clipboard.writeText(password).then(() => message.success(t('employee.copied'), 1.5))}>
              {t('employee.copyPassword')}
            </Button>
          </Space.Compact>
        </Space>
      ),
    });
}

export function EmployeeActions({ selected, onDeleted }: { selected: Employee | undefined; onDeleted(): void }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const { has } = useAuthButtons(employeeModule);
  const setEnabled = useSetEnabled();
  const resetPassword = useResetPassword();
  const deleteAccount = useDeleteAccount();
  const showPassword = useShowPasswordOnce();
  if (!selected) return null;
  const code = selected.employeeCode;
  const enabled = selected.isUsed === '1';
  const confirm = (content: string, run: () => Promise<unknown>, danger = false) =>
    modal.confirm({
      title: t('employee.title'),
      content,
      okText: t('employee.ok'),
      cancelText: t('employee.cancel'),
      okButtonProps: { danger },
      onOk: closingOnRefusal(run),
    });

  return (
    <>
      {has('enable') && (
        <Button
          onClick={() =>
            confirm(
              enabled ? t('employee.confirmDisable', { code }) : t('employee.confirmEnable', { code }),
              async () => {
                await setEnabled.mutateAsync({ employeeCode: code, enabled: !enabled });
                void message.success(enabled ? t('employee.disabledDone') : t('employee.enabledDone'));
              },
              enabled,
            )
          }
        >
          {enabled ? t('employee.disable') : t('employee.enable')}
        </Button>
      )}
      {has('resetPwd') && (
        <Button
          onClick={() =>
            confirm(t('employee.confirmReset', { code }), async () => {
              const { password } = await resetPassword.mutateAsync(code);
              showPassword(t('employee.passwordTitle'), t('employee.passwordHint', { code }), password);
            })
          }
        >
          {t('employee.resetPassword')}
        </Button>
      )}
      {has('delete') && (
        <Button
          danger
          onClick={() =>
            confirm(
              t('employee.confirmDelete', { code, name: selected.employeeName }),
              async () => {
                await deleteAccount.mutateAsync(code);
                void message.success(t('employee.deletedDone'));
                onDeleted();
              },
              true,
            )
          }
        >
          {t('employee.delete')}
        </Button>
      )}
    </>
  );
}
