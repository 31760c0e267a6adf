// Staff: visits, distinct users and stay time per module over a date range (module ms0080).
import { useQuery } from '@tanstack/react-query';
import { Card, DatePicker, Table } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lastDays } from '../../lib/business-day';
import { titleIn } from '../../lib/routes';
import { moduleUsageQuery } from './api';

export default function ModuleUsagePage() {
  const { t, i18n } = useTranslation();
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => lastDays(30));
  const query = { startDate: range[0].format('YYYY-MM-DD'), endDate: range[1].format('YYYY-MM-DD') };
  const { data, isFetching } = useQuery(moduleUsageQuery(query));
  const duration = (seconds: number) =>
    seconds >= 3600
      ? t('moduleUsage.hours', { value: (seconds / 3600).toFixed(1) })
      : seconds >= 60
        ? t('moduleUsage.minutes', { value: Math.round(seconds / 60) })
        : t('moduleUsage.seconds', { value: seconds });
  return (
    <Card
      title={t('moduleUsage.title')}
      extra={
        <DatePicker.RangePicker
          aria-label={t('moduleUsage.range')}
          allowClear={false}
          value={range}
          onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])}
        />
      }
    >
      <Table
        rowKey="moduleCode"
        loading={isFetching}
        dataSource={data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: t('moduleUsage.columns.moduleCode'), dataIndex: 'moduleCode', width: 120 },
          {
            title: t('moduleUsage.columns.moduleName'),
            dataIndex: 'moduleName',
            // The menu's name of the module, in the user's language.
            render: (name: string, row) => titleIn({ title: name, titleEn: row.moduleNameEn }, i18n.language),
          },
          { title: t('moduleUsage.columns.visits'), dataIndex: 'visits', align: 'right', sorter: (a, b) => a.visits - b.visits },
          { title: t('moduleUsage.columns.users'), dataIndex: 'users', align: 'right' },
          {
            title: t('moduleUsage.columns.stay'),
            dataIndex: 'staySeconds',
            align: 'right',
            render: duration,
            sorter: (a, b) => a.staySeconds - b.staySeconds,
          },
        ]}
      />
    </Card>
  );
}
