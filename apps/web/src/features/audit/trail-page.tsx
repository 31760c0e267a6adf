// 审计日志 (ms0125): the tenant's audit trail for staff.
import { AuditPage } from './audit-page';

export default function TrailPage() {
  return <AuditPage viewer="staff" />;
}
