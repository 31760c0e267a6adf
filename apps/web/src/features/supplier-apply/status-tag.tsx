// Tags of an application's review state and of a supplier's status.
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const applyColors: Record<string, string> = { 已提交: 'processing', 资质审核: 'warning', 通过: 'success', 驳回: 'error' };
const supplierColors: Record<string, string> = { 启用: 'success', 冻结: 'warning', 停用: 'default' };

export function ApplyStatusTag({ status }: { status: string }) {
  const { t } = useTranslation();
  return <Tag color={applyColors[status] ?? 'default'}>{t(`supplierApply.statuses.${status}`, { defaultValue: status })}</Tag>;
}

export function SupplierStatusTag({ status }: { status: string }) {
  const { t } = useTranslation();
  return <Tag color={supplierColors[status] ?? 'default'}>{t(`supplierApply.supplierStatuses.${status}`, { defaultValue: status })}</Tag>;
}
