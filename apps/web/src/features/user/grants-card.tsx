// The tree of modules and buttons a main account may grant, ticked with a child's current grants.
import type { ResourceNode } from '@portal/contract';
import { Alert, Card, Skeleton, Tree } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { grantTree } from './grants';

export function GrantsCard({
  resources,
  checked,
  onChange,
  readOnly,
}: {
  resources: ResourceNode[] | undefined;
  checked: string[];
  onChange(checked: string[]): void;
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const tree = useMemo(() => grantTree(resources ?? [], t('employee.view')), [resources, t]);
  return (
    <Card size="small" title={t('employee.detail.grants')} style={{ marginTop: 16 }}>
      {!readOnly && <Alert type="info" showIcon title={t('employee.detail.grantsHint')} style={{ marginBottom: 12 }} />}
      {resources ? (
        <Tree
          aria-label={t('employee.detail.grants')}
          checkable
          selectable={false}
          disabled={readOnly}
          defaultExpandAll
          treeData={tree}
          checkedKeys={checked}
          onCheck={(keys) => onChange((Array.isArray(keys) ? keys : keys.checked).map(String))}
        />
      ) : (
        <Skeleton active />
      )}
    </Card>
  );
}
