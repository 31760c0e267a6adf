// 操作日志 (ms0126): a supplier main account's view of its own accounts' actions. Staff reach every entry on
// 审计日志 instead: a staff account that opens this screen (an admin role holds every module) is sent there.
import { Button, Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCanOpen } from '../../lib/use-can-open';
import { useUserStore } from '../../stores/user';
import { AuditPage } from './audit-page';

const trailPath = '/auditTrail';

export default function ActivityPage() {
  const staff = useUserStore((s) => s.staff);
  return staff ? <ForStaff /> : <AuditPage viewer="supplier" />;
}

function ForStaff() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canOpen = useCanOpen();
  return (
    <Card title={t('audit.activityTitle')}>
      <Result
        status="info"
        title={t('audit.forSuppliers')}
        subTitle={t('audit.staffUseTrail')}
        extra={
          canOpen(trailPath) && (
            <Button type="primary" onClick={() => void navigate(trailPath)}>
              {t('audit.openTrail')}
            </Button>
          )
        }
      />
    </Card>
  );
}
