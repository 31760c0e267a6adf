// 操作日志 (ms0126): a supplier main account's view of its own accounts' actions.
import { AuditPage } from './audit-page';

export default function ActivityPage() {
  return <AuditPage viewer="supplier" />;
}
