// Staff: visits, distinct users and stay time per module over a date range (module ms0080).
import { usageLog } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, DatePicker, Table } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { call } from '../../api/client';

const hours = (seconds: number) =>
  seconds >= 3600 ? `${(seconds / 3600).toFixed(1)} 小时` : seconds >= 60 ? `${Math.round(seconds / 60)} 分钟` : `${seconds} 秒`;

export default function ModuleUsagePage() {
  const [range, setRange] = useState<[Dayjs, Dayjs]>([dayjs().subtract(29, 'day'), dayjs()]);
  const query = { startDate: range[0].format('YYYY-MM-DD'), endDate: range[1].format('YYYY-MM-DD') };
  const { data, isFetching } = useQuery({ queryKey: ['module-usage', query], queryFn: () => call(usageLog.getModuleUsage, { query }) });
  return (
    <Card
      title="模块使用统计"
      extra={
        <DatePicker.RangePicker
          aria-label="统计区间"
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
        columns={[
          { title: '模块编码', dataIndex: 'moduleCode', width: 120 },
          { title: '模块名称', dataIndex: 'moduleName' },
          { title: '访问次数', dataIndex: 'visits', align: 'right', sorter: (a, b) => a.visits - b.visits },
          { title: '访问人数', dataIndex: 'users', align: 'right' },
          { title: '停留时长', dataIndex: 'staySeconds', align: 'right', render: hours, sorter: (a, b) => a.staySeconds - b.staySeconds },
        ]}
      />
    </Card>
  );
}
