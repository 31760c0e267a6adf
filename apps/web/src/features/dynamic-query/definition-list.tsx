// The designer's list of the tenant's query definitions: each with its code, whether it is public and whether it
// is published; a click opens one, the add button a new one.
import { useQuery } from '@tanstack/react-query';
import { Button, Card, List, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { definitionsQuery } from './api';

/** `selected` is the open definition's code, '' for a new one, null for none. */
export function DefinitionList({ selected, onSelect }: { selected: string | null; onSelect(queryCode: string): void }) {
  const { t, i18n } = useTranslation();
  const { data: definitions } = useQuery(definitionsQuery);
  return (
    <Card
      title={t('dynamicQuery.designer.list')}
      extra={
        <Button type="primary" onClick={() => onSelect('')}>
          {t('dynamicQuery.designer.add')}
        </Button>
      }
    >
      <List
        dataSource={definitions ?? []}
        rowKey="queryCode"
        renderItem={(d) => (
          <List.Item
            onClick={() => onSelect(d.queryCode)}
            style={{ cursor: 'pointer', background: d.queryCode === selected ? '#e6f4ff' : undefined, paddingInline: 8 }}
          >
            <List.Item.Meta
              title={
                <Button type="link" style={{ padding: 0 }} onClick={() => onSelect(d.queryCode)}>
                  {i18n.language === 'en' && d.titleEn ? d.titleEn : d.title}
                </Button>
              }
              description={
                <Space wrap size={4}>
                  <Typography.Text code>{d.queryCode}</Typography.Text>
                  {d.isPublic && <Tag color="green">{t('dynamicQuery.designer.publicTag')}</Tag>}
                  <Tag color={d.moudleCode ? 'blue' : 'default'}>
                    {d.moudleCode ? t('dynamicQuery.designer.published') : t('dynamicQuery.designer.notPublished')}
                  </Tag>
                </Space>
              }
            />
          </List.Item>
        )}
      />
    </Card>
  );
}
