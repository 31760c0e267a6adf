// Shown for a menu module whose page is not part of this version yet: says so plainly.
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';

export default function ModuleNotReady() {
  const { t } = useTranslation();
  return <Result status="info" title={t('moduleNotReady.title')} subTitle={t('moduleNotReady.subTitle')} />;
}
