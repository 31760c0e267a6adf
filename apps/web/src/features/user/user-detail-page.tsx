// /employee/userDetail: create a child account, edit one (isEdit), copy one into a new account with its
// grants (isCopy), or look at one (readOnly); the account's fields and its module and button grants.
// Staff only ever look.
import type { EmployeeForm } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Form, Result, Space, Spin } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { ApiFailure } from '../../api/client';
import { fieldError } from '../../api/field-error';
import { RecordHistory } from '../../components/record-history';
import { useTagsViewStore } from '../../stores/tags-view';
import { useUserStore } from '../../stores/user';
import { employeeDetailQuery, grantsQuery, historyQuery, nextCodeQuery, resourcesQuery, useSaveAccount, useSaveGrants } from './api';
import { useShowPasswordOnce } from './employee-actions';
import { EmployeeFormFields, type FormValues } from './employee-form-fields';
import { GrantsCard } from './grants-card';
import { checkedLeaves, grantOf } from './grants';

type Mode = 'new' | 'edit' | 'copy' | 'view';

function modeOf(params: URLSearchParams, staff: boolean): Mode {
  if (staff) return 'view';
  if (!params.get('employeeCode')) return 'new';
  if (params.get('readOnly') === '1') return 'view';
  if (params.get('isCopy') === '1') return 'copy';
  return 'edit';
}

export default function UserDetailPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const staff = useUserStore((s) => s.staff);
  const mode = modeOf(params, staff);
  const sourceCode = params.get('employeeCode') ?? '';
  const creating = mode === 'new' || mode === 'copy';
  const [form] = Form.useForm<FormValues>();
  const [checked, setChecked] = useState<string[] | null>(null);
  const [saving, setSaving] = useState(false);
  const saveAccount = useSaveAccount();
  const saveGrants = useSaveGrants();
  const showPassword = useShowPasswordOnce();

  const detail = useQuery(employeeDetailQuery(sourceCode));
  const grants = useQuery(grantsQuery(sourceCode));
  const resources = useQuery(resourcesQuery);
  const nextCode = useQuery({ ...nextCodeQuery, enabled: creating });
  const history = useQuery({ ...historyQuery(sourceCode), enabled: !creating && Boolean(sourceCode) });

  // Fill the form once what it starts from has arrived.
  const ready = (mode === 'new' || detail.data) && (!creating || nextCode.data);
  useEffect(() => {
    if (!ready) return;
    const from = detail.data;
    const values: FormValues = from
      ? { ...from, matureDate: from.matureDate ? dayjs(from.matureDate) : null }
      : { empCode: '', name: '', mobile: '' };
    if (creating)
      Object.assign(values, {
        empCode: nextCode.data,
        ...(mode === 'copy' ? { name: '', mobile: '', email: '', cardNo: '', loginName: '' } : {}),
      });
    form.setFieldsValue(values);
  }, [ready, detail.data, nextCode.data, creating, mode, form]);

  // The tree shows the source account's grants (none for a new account) until the user changes it.
  const ticks =
    checked ?? (resources.data && (mode === 'new' ? [] : grants.data ? checkedLeaves(resources.data, grants.data) : null)) ?? [];

  const close = () => {
    useTagsViewStore.getState().deleteView(location.pathname + location.search);
    navigate('/employee');
  };

  const save = async () => {
    const values = await form.validateFields();
    const body = { ...values, matureDate: values.matureDate ? values.matureDate.format('YYYY-MM-DD') : '' } as EmployeeForm;
    setSaving(true);
    try {
      const created = await saveAccount.mutateAsync({ form: body, editing: !creating });
      if (created)
        showPassword(
          t('employee.detail.initialPassword'),
          t('employee.detail.initialPasswordHint', { code: created.employeeCode }),
          created.initialPassword,
        );
      try {
        if (resources.data)
          await saveGrants.mutateAsync({
            grant: grantOf(resources.data, ticks, body.empCode),
            first: creating || !grants.data?.moduleCodes.length,
          });
      } catch (err) {
        // The account exists: go on editing it, so that saving again does not try to create it twice.
        if (created) navigate(`/employee/userDetail?employeeCode=${encodeURIComponent(created.employeeCode)}&isEdit=1`, { replace: true });
        throw err;
      }
      void message.success(created ? t('employee.detail.created') : t('employee.detail.saved'));
      close();
    } catch (err) {
      const field = fieldError(err);
      if (field && field.field in values) form.setFields([{ name: field.field as keyof FormValues, errors: [field.message] }]);
      else if (err instanceof ApiFailure) void message.error(err.message, 5);
      else throw err;
    } finally {
      setSaving(false);
    }
  };

  if (detail.error || (mode === 'view' && !sourceCode))
    return (
      <Result status="404" title={t('employee.detail.notFound')} extra={<Button onClick={close}>{t('employee.detail.back')}</Button>} />
    );
  const title = mode === 'new' ? t('employee.detail.newTitle') : t(`employee.detail.${mode}Title`, { code: sourceCode });
  return (
    <Card
      title={title}
      extra={
        <Space>
          <Button onClick={close}>{t('employee.detail.back')}</Button>
          {mode !== 'view' && (
            <Button type="primary" loading={saving} disabled={!ready} onClick={() => void save()}>
              {t('employee.detail.save')}
            </Button>
          )}
        </Space>
      }
    >
      <Spin spinning={!ready}>
        <Form form={form} layout="vertical" disabled={mode === 'view'} aria-label={title}>
          <EmployeeFormFields mode={mode} editingCode={mode === 'edit' ? sourceCode : undefined} />
        </Form>
      </Spin>
      <GrantsCard resources={resources.data} checked={ticks} onChange={setChecked} readOnly={mode === 'view'} />
      {!creating && <RecordHistory entries={history.data} />}
    </Card>
  );
}
