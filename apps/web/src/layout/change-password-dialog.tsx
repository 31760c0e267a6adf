// Change password (spec sections 4 and 5): the form rules and messages, encrypted fields, and the
// sign-out one second after success (the server has ended every session of the account).
import { PasswordPolicy, user } from '@portal/contract';
import { Form, Input, Modal, message } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiFailure, call, currentSession, signOutTo } from '../api/client';
import { encryptPassword } from '../features/auth/api';
import { useUserStore } from '../stores/user';

interface Values {
  oldpassword: string;
  newpassword: string;
  password2: string;
}

export function ChangePasswordDialog({ open, forced, onClose }: { open: boolean; forced: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const values = await form.validateFields();
    setBusy(true);
    try {
      await call(
        user.updatePassword,
        {
          body: {
            employeeCode: useUserStore.getState().employeeCode,
            oldpassword: await encryptPassword(values.oldpassword),
            newpassword: await encryptPassword(values.newpassword),
            password2: await encryptPassword(values.password2),
          },
        },
        { silent: true },
      );
      void message.success('修改成功!', 2);
      form.resetFields();
      // The change ends this session: the timer signs out this one, not one the user started meanwhile.
      const session = currentSession();
      setTimeout(() => signOutTo(undefined, session), PasswordPolicy.logoutDelayMs);
    } catch (err) {
      void message.error(err instanceof ApiFailure ? err.message : String(err), 5);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t(forced ? 'password.forcedTitle' : 'password.title')}
      width={500}
      okText={t('password.submit')}
      cancelText={t('password.cancel')}
      onOk={() => void submit()}
      onCancel={forced ? undefined : onClose}
      confirmLoading={busy}
      closable={!forced}
      mask={{ closable: !forced }}
      keyboard={!forced}
      cancelButtonProps={{ style: forced ? { display: 'none' } : {} }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          label={t('password.old')}
          name="oldpassword"
          rules={[
            { required: true, message: '请输入原密码' },
            { whitespace: true, message: '密码不能为空' },
          ]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          label={t('password.new')}
          name="newpassword"
          rules={[
            { required: true, message: '请输入新密码' },
            { pattern: PasswordPolicy.pattern, message: PasswordPolicy.message },
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label={t('password.confirm')}
          name="password2"
          dependencies={['newpassword']}
          rules={[
            { required: true, message: '请再次输入密码' },
            ({ getFieldValue }) => ({
              validator: (_, value) =>
                !value || value === getFieldValue('newpassword') ? Promise.resolve() : Promise.reject(new Error('两次输入密码不一致!')),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
