// A certificate's expiry date with what it means today: days left (orange within 30), or how long ago it lapsed (red).
import type { Certificate } from '@portal/contract';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export function ValidTo({ c }: { c: Pick<Certificate, 'validTo' | 'daysLeft'> }) {
  const { t } = useTranslation();
  const type = c.daysLeft < 0 ? 'danger' : c.daysLeft <= 30 ? 'warning' : undefined;
  return (
    <Typography.Text type={type}>
      {t('punct.bracketed', {
        text: c.validTo,
        note: c.daysLeft < 0 ? t('certificate.expiredDays', { count: -c.daysLeft }) : t('certificate.daysLeft', { count: c.daysLeft }),
      })}
    </Typography.Text>
  );
}
