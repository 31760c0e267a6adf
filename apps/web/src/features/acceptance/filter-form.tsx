// The search form of the receiving statistics: dates (required, this month by default), stores, category,
// brands, goods, bill number, and for staff the supplier.
import type { CategoryNode } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Form, Input, Select, type SelectProps, Space, TreeSelect } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { SupplierPicker } from '../../components/supplier-picker';
import { useUserStore } from '../../stores/user';
import { brandsQuery, categoryTreeQuery, deptsQuery } from './api';
import { type FilterValues, initialFilters, thisMonth } from './condition';

interface TreeOption {
  value: string;
  title: string;
  children: TreeOption[];
}
const treeOptions = (nodes: CategoryNode[]): TreeOption[] =>
  nodes.map((n) => ({ value: n.categoryCode, title: n.label, children: treeOptions(n.children) }));

/** A searchable multi-select of coded items shown as "code name", the first choice and a count; Form.Item passes value and onChange. */
function CodesSelect({
  items,
  ...props
}: Omit<SelectProps<string[]>, 'mode' | 'options'> & { items: { code: string; name: string }[] | undefined }) {
  return (
    <Select
      mode="multiple"
      allowClear
      maxTagCount={1}
      maxTagTextLength={10}
      showSearch={{ optionFilterProp: 'label' }}
      options={(items ?? []).map(({ code, name }) => ({ value: code, label: `${code} ${name}` }))}
      {...props}
    />
  );
}

export function FilterForm({ onSearch }: { onSearch(values: FilterValues): void }) {
  const { t } = useTranslation();
  const staff = useUserStore((s) => s.staff);
  const [form] = Form.useForm<FilterValues>();
  const depts = useQuery(deptsQuery);
  const brands = useQuery(brandsQuery);
  const categories = useQuery(categoryTreeQuery);
  const categoryOptions = useMemo(() => treeOptions(categories.data ?? []), [categories.data]);
  const today = dayjs();
  const presets: { label: string; value: [Dayjs, Dayjs] }[] = [
    { label: t('acceptance.thisMonth'), value: thisMonth(today) },
    {
      label: t('acceptance.lastMonth'),
      value: [today.subtract(1, 'month').startOf('month'), today.subtract(1, 'month').endOf('month').startOf('day')],
    },
    { label: t('acceptance.last30Days'), value: [today.subtract(29, 'day').startOf('day'), today.startOf('day')] },
    { label: t('acceptance.thisYear'), value: [today.startOf('year'), today.startOf('day')] },
  ];

  return (
    <Form<FilterValues>
      form={form}
      name="acceptance-search"
      layout="inline"
      initialValues={initialFilters()}
      onFinish={onSearch}
      style={{ rowGap: 12 }}
    >
      <Form.Item name="range" label={t('acceptance.dateRange')} rules={[{ required: true, message: t('acceptance.dateRequired') }]}>
        <DatePicker.RangePicker allowClear={false} presets={presets} style={{ width: 240 }} />
      </Form.Item>
      {staff && (
        <Form.Item name="suppCode" label={t('shell.supplier')}>
          <SupplierPicker width={220} />
        </Form.Item>
      )}
      <Form.Item name="deptCodes" label={t('acceptance.depts')}>
        <CodesSelect
          placeholder={t('acceptance.deptsPlaceholder')}
          style={{ width: 220 }}
          loading={depts.isLoading}
          items={depts.data?.map((d) => ({ code: d.deptCode, name: d.deptName }))}
        />
      </Form.Item>
      <Form.Item name="categoryCode" label={t('acceptance.category')}>
        <TreeSelect
          allowClear
          showSearch
          treeNodeFilterProp="title"
          placeholder={t('acceptance.categoryPlaceholder')}
          style={{ width: 200 }}
          popupMatchSelectWidth={280}
          loading={categories.isLoading}
          treeData={categoryOptions}
        />
      </Form.Item>
      <Form.Item name="brandCodes" label={t('acceptance.brands')}>
        <CodesSelect
          placeholder={t('acceptance.brandsPlaceholder')}
          style={{ width: 200 }}
          loading={brands.isLoading}
          items={brands.data?.map((b) => ({ code: b.brandCode, name: b.brandName }))}
        />
      </Form.Item>
      <Form.Item name="goods" label={t('acceptance.goods')}>
        <Input allowClear placeholder={t('acceptance.goodsPlaceholder')} style={{ width: 180 }} maxLength={64} />
      </Form.Item>
      <Form.Item name="billNumber" label={t('acceptance.billNumber')}>
        <Input allowClear placeholder={t('acceptance.billNumberPlaceholder')} style={{ width: 180 }} maxLength={40} />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit">
          {t('acceptance.search')}
        </Button>
        <Button
          onClick={() => {
            form.resetFields();
            onSearch(initialFilters());
          }}
        >
          {t('acceptance.reset')}
        </Button>
      </Space>
    </Form>
  );
}
