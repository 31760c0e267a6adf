// Tags of an application's review state and of a supplier's status.
import { Tag } from 'antd';

const applyColors: Record<string, string> = { 已提交: 'processing', 资质审核: 'warning', 通过: 'success', 驳回: 'error' };
const supplierColors: Record<string, string> = { 启用: 'success', 冻结: 'warning', 停用: 'default' };

export const ApplyStatusTag = ({ status }: { status: string }) => <Tag color={applyColors[status] ?? 'default'}>{status}</Tag>;
export const SupplierStatusTag = ({ status }: { status: string }) => <Tag color={supplierColors[status] ?? 'default'}>{status}</Tag>;
