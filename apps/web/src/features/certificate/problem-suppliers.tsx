// Staff: the suppliers whose certificates need attention — missing mandatory types, expiring, expired,
// returned or waiting for review.
import { useQuery } from '@tanstack/react-query';
import { Button, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { problemsQuery } from './api';

export function ProblemSuppliers({ onPick }: { onPick(suppCode: string): void }) {
  const { t, i18n } = useTranslation();
  const english = i18n.language === 'en';
  const { data, isLoading } = useQuery(problemsQuery);
  const count = (n: number, color: string) => (n ? <Tag color={color}>{n}</Tag> : '0');
  return (
    <Table
      size="small"
      rowKey="suppCode"
      loading={isLoading}
      dataSource={data ?? []}
      pagination={false}
      style={{ overflowX: 'auto' }}
      aria-label={t('certificate.problems')}
      columns={[
        {
          title: t('certificate.supplier'),
          key: 'supplier',
          render: (_, r) => (
            <Button type="link" size="small" onClick={() => onPick(r.suppCode)}>
              {r.suppCode} {r.suppName}
            </Button>
          ),
        },
        { title: t('certificate.problem.missing'), dataIndex: 'missing', render: (n: number) => count(n, 'red') },
        {
          title: t('certificate.missingTypes'),
          key: 'missingTypes',
          render: (_, r) => (english ? r.missingTypesEn.join(', ') : r.missingTypes.join('、')) || '—',
        },
        { title: t('certificate.problem.expired'), dataIndex: 'expired', render: (n: number) => count(n, 'red') },
        { title: t('certificate.problem.expiring'), dataIndex: 'expiring', render: (n: number) => count(n, 'orange') },
        { title: t('certificate.returnedCount'), dataIndex: 'returned', render: (n: number) => count(n, 'volcano') },
        { title: t('certificate.waitingCount'), dataIndex: 'waiting', render: (n: number) => count(n, 'blue') },
      ]}
    />
  );
}
