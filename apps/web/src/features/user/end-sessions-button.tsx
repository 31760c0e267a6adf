// 结束全部会话 on the child-account page: signs the selected account out on every device at once (a lost phone, a
// leaving employee), after a confirmation; a main account for its children, the tenant's admin for any account.
import type { Employee } from '@portal/contract';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEndSessions } from './api';
import { closingOnRefusal } from '../../lib/confirm-call';

export function EndSessionsButton({ selected }: { selected: Employee | undefined }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const endSessions = useEndSessions();
  const code = selected?.employeeCode;
  return (
    <Button
      danger
      disabled={!code}
      onClick={() =>
        code &&
        modal.confirm({
          title: t('employee.endSessions'),
          content: t('employee.confirmEndSessions', { code }),
          okText: t('employee.ok'),
          cancelText: t('employee.cancel'),
          okButtonProps: { danger: true },
          onOk: closingOnRefusal(async () => {
            const { ended } = await endSessions.mutateAsync(code);
            void message.success(t('employee.endSessionsDone', { count: ended }));
          }),
        })
      }
    >
      {t('employee.endSessions')}
    </Button>
  );
}
