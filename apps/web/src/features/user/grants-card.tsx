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
  const { t, i18n } = useTranslation();
  const tree = useMemo(() => {
    const english = i18n.language === 'en';
    return grantTree(resources ?? [], {
      open: t('employee.view'),
      module: (node) => (english && node.nameEn) || node.name,
      // Buttons are named by the server in Chinese; English by their code, the server's name for an unknown one.
      button: (b) => (english ? t(`employee.buttonNames.${b.buttonCode}`, { defaultValue: b.name }) : b.name),
    });
  }, [resources, t, i18n.language]);
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
