// The search form the base-data lists share: a keyword on code or name, search and reset.
import { Button, Form, type FormProps, Input, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export function KeywordSearch<S extends { keyword: string }>({
  form,
  onReset,
  placeholder,
  children,
}: {
  form: FormProps<S>;
  onReset(): void;
  placeholder?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Form {...form} layout="inline" style={{ rowGap: 12, marginBottom: 12 }}>
      <Form.Item name="keyword" label={t('baseData.keyword')}>
        <Input allowClear placeholder={placeholder ?? t('baseData.keywordPlaceholder')} style={{ width: 200 }} />
      </Form.Item>
      {children}
      <Space>
        <Button type="primary" htmlType="submit">
          {t('baseData.search')}
        </Button>
        <Button onClick={onReset}>{t('baseData.reset')}</Button>
      </Space>
    </Form>
  );
}
