// The dashboard (module ms0014). This version greets the user; the figures and charts come with the
// dashboard issue.
import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUserStore } from '../../stores/user';

export default function DashboardPage() {
  const { t } = useTranslation();
  const user = useUserStore();
  return (
    <Card>
      <Typography.Title level={4}>{t('dashboard.welcome')}</Typography.Title>
      <Typography.Paragraph>
        {user.staff ? `${user.companyName} · ${user.employeeName}` : `${user.supplierName}（${user.supplierCode}） · ${user.employeeName}`}
      </Typography.Paragraph>
    </Card>
  );
}
