// The 404, 401 and 403 pages.
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function ErrorPage({ status }: { status: 404 | 401 | 403 }) {
  const { t } = useTranslation();
  return (
    <Result
      status={status === 404 ? '404' : '403'}
      title={status}
      subTitle={t(status === 404 ? 'errors.notFound' : 'errors.unauthorized')}
      extra={
        <Link to="/">
          <Button type="primary">{t('errors.backHome')}</Button>
        </Link>
      }
    />
  );
}
