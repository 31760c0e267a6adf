// 商品类别 (ms0092): the category tree on the left (searchable), the chosen category on the right; staff
// add a top category or a subcategory (at most three levels) and rename one.
import { type CategoryForm, type CategoryNode, baseInfo } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Descriptions, Empty, Form, Input, Row, Space, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserStore } from '../../stores/user';
import { contractRule } from '../../lib/contract-rule';
import { categoryTreeQuery, useSaveCategory } from './api';
import { EditDialog } from './edit-dialog';

const maxLevel = 3;

interface Found {
  node: CategoryNode;
  level: number;
  parent: CategoryNode | undefined;
}

function index(nodes: CategoryNode[], level = 1, parent?: CategoryNode, into = new Map<string, Found>()) {
  for (const node of nodes) {
    into.set(node.categoryCode, { node, level, parent });
    index(node.children, level + 1, node, into);
  }
  return into;
}

/** The tree as antd draws it, keeping the branches where a code or name matches the filter. */
function treeData(nodes: CategoryNode[], filter: string): DataNode[] {
  return nodes.flatMap((node) => {
    const children = treeData(node.children, filter);
    const matches = !filter || node.label.toLowerCase().includes(filter.toLowerCase());
    return matches || children.length ? [{ key: node.categoryCode, title: node.label, children }] : [];
  });
}

export default function CategoryPage() {
  const { t } = useTranslation();
  const { data: tree = [] } = useQuery(categoryTreeQuery);
  const [filter, setFilter] = useState('');
  const [selectedCode, setSelectedCode] = useState<string>();
  const [editing, setEditing] = useState<{ form: CategoryForm; parentLabel?: string } | null>(null);
  const found = useMemo(() => index(tree), [tree]);
  const data = useMemo(() => treeData(tree, filter.trim()), [tree, filter]);
  const selected = selectedCode ? found.get(selectedCode) : undefined;
  // Suppliers read the tree (reference data every filter shows); only staff change it.
  const canEdit = useUserStore((s) => s.staff);

  return (
    <Card title={t('baseData.category.title')}>
      {canEdit && (
        <Space wrap style={{ marginBottom: 12 }}>
          <Button
            type="primary"
            onClick={() => setEditing({ form: { categoryCode: '', parentCategoryCode: '', categoryName: '', isNew: true } })}
          >
            {t('baseData.category.addTop')}
          </Button>
          <Button
            disabled={!selected || selected.level >= maxLevel}
            onClick={() =>
              selected &&
              setEditing({
                form: {
                  categoryCode: selected.node.categoryCode,
                  parentCategoryCode: selected.node.categoryCode,
                  categoryName: '',
                  isNew: true,
                },
                parentLabel: selected.node.label,
              })
            }
          >
            {t('baseData.category.addChild')}
          </Button>
          <Button
            disabled={!selected}
            onClick={() =>
              selected &&
              setEditing({
                form: {
                  categoryCode: selected.node.categoryCode,
                  parentCategoryCode: selected.node.parentCategoryCode,
                  categoryName: selected.node.categoryName,
                  isNew: false,
                },
              })
            }
          >
            {t('baseData.category.rename')}
          </Button>
        </Space>
      )}
      <Row gutter={[16, 16]}>
        <Col xs={24} md={10} xl={8}>
          <Input.Search
            allowClear
            placeholder={t('baseData.category.filter')}
            aria-label={t('baseData.category.filter')}
            onChange={(e) => setFilter(e.target.value)}
            style={{ marginBottom: 8 }}
          />
          <Tree
            aria-label={t('baseData.category.tree')}
            treeData={data}
            height={480}
            defaultExpandAll={false}
            {...(filter.trim() ? { expandedKeys: [...found.keys()] } : {})}
            selectedKeys={selectedCode ? [selectedCode] : []}
            onSelect={(keys) => setSelectedCode(keys[0] === undefined ? undefined : String(keys[0]))}
          />
        </Col>
        <Col xs={24} md={14} xl={16}>
          {selected ? (
            <Descriptions bordered column={1} size="small" title={selected.node.label}>
              <Descriptions.Item label={t('baseData.category.code')}>{selected.node.categoryCode}</Descriptions.Item>
              <Descriptions.Item label={t('baseData.category.name')}>{selected.node.categoryName}</Descriptions.Item>
              <Descriptions.Item label={t('baseData.category.parent')}>{selected.parent?.label ?? '-'}</Descriptions.Item>
              <Descriptions.Item label={t('baseData.category.level')}>{selected.level}</Descriptions.Item>
            </Descriptions>
          ) : (
            <Empty description={<Typography.Text type="secondary">{t('baseData.category.selectHint')}</Typography.Text>} />
          )}
        </Col>
      </Row>
      {editing && (
        <CategoryDialog
          category={editing.form}
          parentLabel={editing.parentLabel}
          onClose={(saved) => {
            setEditing(null);
            if (saved) setSelectedCode(saved);
          }}
        />
      )}
    </Card>
  );
}

function CategoryDialog({
  category,
  parentLabel,
  onClose,
}: {
  category: CategoryForm;
  parentLabel: string | undefined;
  onClose(saved?: string): void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CategoryForm>();
  const save = useSaveCategory();
  const fields = baseInfo.categoryForm.shape;
  const title = !category.isNew
    ? t('baseData.category.editTitle', { code: category.categoryCode })
    : parentLabel
      ? t('baseData.category.addUnder', { parent: parentLabel })
      : t('baseData.category.addTitle');
  return (
    <EditDialog
      title={title}
      initialValues={category}
      form={form}
      saving={save.isPending}
      save={(values) => save.mutateAsync({ ...category, ...values, isNew: category.isNew })}
      onSaved={(saved) => onClose(saved.categoryCode)}
      onCancel={() => onClose()}
    >
      <Form.Item name="categoryCode" label={t('baseData.category.code')} rules={[contractRule(fields.categoryCode)]}>
        <Input disabled={!category.isNew} maxLength={16} />
      </Form.Item>
      <Form.Item name="categoryName" label={t('baseData.category.name')} rules={[contractRule(fields.categoryName)]}>
        <Input maxLength={40} />
      </Form.Item>
    </EditDialog>
  );
}
