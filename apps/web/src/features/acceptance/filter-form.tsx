// The search form of the receiving statistics: dates (required, this month by default), stores, category,
// brands, goods, bill number, and for staff the supplier; stores, trees and goods through the shared pickers.
import { Button, DatePicker, Form, Input, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { GoodsPicker } from '../../components/pickers/goods-picker';
import { StorePicker } from '../../components/pickers/store-picker';
import { SupplierPicker } from '../../components/pickers/supplier-picker';
import { BrandPicker, CategoryPicker } from '../../components/pickers/tree-picker';
import { businessToday, lastDays, lastMonth } from '../../lib/business-day';
import { useUserStore } from '../../stores/user';
import { type FilterValues, initialFilters, thisMonth } from './condition';

export function FilterForm({ onSearch }: { onSearch(values: FilterValues): void }) {
  const { t } = useTranslation();
  const staff = useUserStore((s) => s.staff);
  const [form] = Form.useForm<FilterValues>();
  const today = businessToday();
  const presets: { label: string; value: [Dayjs, Dayjs] }[] = [
    { label: t('acceptance.thisMonth'), value: thisMonth(today) },
    { label: t('acceptance.lastMonth'), value: lastMonth(today) },
    { label: t('acceptance.last30Days'), value: lastDays(30, today) },
    { label: t('acceptance.thisYear'), value: [today.startOf('year'), today] },
  ];

  return (
    <Form<FilterValues>
      form={form}
      name="acceptance-search"
      layout="inline"
      initialValues={initialFilters(today)}
      onFinish={onSearch}
      style={{ rowGap: 12 }}
    >
      <Form.Item name="range" label={t('acceptance.dateRange')} rules={[{ required: true, message: t('acceptance.dateRequired') }]}>
        <DatePicker.RangePicker allowClear={false} presets={presets} style={{ width: 240 }} />
      </Form.Item>
      {staff && (
        <Form.Item name="suppCode" label={t('shell.supplier')}>
          <SupplierPicker mode="tree" width={220} />
        </Form.Item>
      )}
      <Form.Item name="deptCodes" label={t('acceptance.depts')}>
        <StorePicker multiple placeholder={t('acceptance.deptsPlaceholder')} width={220} />
      </Form.Item>
      <Form.Item name="categoryCode" label={t('acceptance.category')}>
        <CategoryPicker placeholder={t('acceptance.categoryPlaceholder')} width={200} />
      </Form.Item>
      <Form.Item name="brandCodes" label={t('acceptance.brands')}>
        <BrandPicker multiple placeholder={t('acceptance.brandsPlaceholder')} width={200} />
      </Form.Item>
      <Form.Item name="goods" label={t('acceptance.goods')}>
        <GoodsPicker placeholder={t('acceptance.goodsPlaceholder')} width={200} />
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
