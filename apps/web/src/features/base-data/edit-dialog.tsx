// The dialog every base-data page edits a record in: one vertical form, validated on 保存 (or Enter), saved
// through the page's mutation, '已保存' said and the dialog closed; a refused save keeps it open (the call's own
// error message has been shown by the API client).
import { App, Form, type FormInstance, Modal } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface EditDialogProps<T extends object, R> {
  title: ReactNode;
  initialValues: Partial<T>;
  /** The form of the dialog (the caller may watch its fields). */
  form: FormInstance<T>;
  saving: boolean;
  /** Saves the validated values; its answer goes to onSaved. */
  save(values: T): Promise<R>;
  onSaved(answer: R): void;
  onCancel(): void;
  children: ReactNode;
}

export function EditDialog<T extends object, R>({
  title,
  initialValues,
  form,
  saving,
  save,
  onSaved,
  onCancel,
  children,
}: EditDialogProps<T, R>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const submit = async () => {
    const values = await form.validateFields();
    const answer = await save(values);
    void message.success(t('baseData.saved'));
    onSaved(answer);
  };
  const onSubmit = () => void submit().catch(() => undefined);
  return (
    <Modal
      open
      title={title}
      okText={t('baseData.save')}
      cancelText={t('baseData.cancel')}
      confirmLoading={saving}
      onOk={onSubmit}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={initialValues} onFinish={onSubmit}>
        {children}
      </Form>
    </Modal>
  );
}
