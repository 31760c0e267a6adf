// The parameter form of a query page, drawn from the definition: one field per parameter by its type, options
// from a fixed list, or the shared picker of a supplier, store, category, brand or goods parameter (signed in
// only; signed out they are typed). A supplier account's supplier parameter shows its own supplier, fixed: the
// server binds it so whatever is sent.
import { type ParamPicker, type ParamValues, type QueryParam, dynamicQuery } from '@portal/contract';
import { Button, DatePicker, Form, Input, InputNumber, Select, Space } from 'antd';
import type { FormInstance } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { GoodsPicker } from '../../components/pickers/goods-picker';
import { StorePicker } from '../../components/pickers/store-picker';
import { SupplierPicker } from '../../components/pickers/supplier-picker';
import { BrandPicker, CategoryPicker } from '../../components/pickers/tree-picker';
import { useUserStore } from '../../stores/user';
import { dateDefault } from './date-default';

export type FormValues = Record<string, string | string[] | Dayjs | [Dayjs | null, Dayjs | null] | number | null | undefined>;

export function initialValues(params: readonly QueryParam[]): FormValues {
  return Object.fromEntries(
    params.map((p) => {
      if (p.type === 'date') return [p.name, dateDefault(p.defaultValue)];
      if (p.type === 'dateRange') {
        const [from = '', to = ''] = p.defaultValue.split(',');
        return [p.name, [dateDefault(from), dateDefault(to)]];
      }
      if (p.type === 'multiSelect') return [p.name, p.defaultValue ? p.defaultValue.split(',').map((v) => v.trim()) : []];
      return [p.name, p.defaultValue || undefined];
    }),
  );
}

const day = (d: Dayjs | null | undefined) => (d ? d.format('YYYY-MM-DD') : '');

/** The form's values as the run call takes them. */
export function paramValuesOf(params: readonly QueryParam[], values: FormValues): ParamValues {
  return Object.fromEntries(
    params.map((p) => {
      const v = values[p.name];
      if (p.type === 'date') return [p.name, day(v as Dayjs | null)];
      if (p.type === 'dateRange') {
        const [from, to] = (v as [Dayjs | null, Dayjs | null] | null | undefined) ?? [null, null];
        return [p.name, [day(from), day(to)]];
      }
      if (p.type === 'multiSelect') return [p.name, (v as string[] | undefined) ?? []];
      return [p.name, v === undefined || v === null ? '' : String(v)];
    }),
  );
}

/** The picker of a kind, one code or (multiSelect) several; the parameter's Form.Item passes id, value and onChange. */
function Picker({
  kind,
  multiple,
  label,
  id,
  value,
  onChange,
}: {
  kind: ParamPicker;
  multiple: boolean;
  label: string;
  id?: string;
  value?: string | string[] | undefined;
  onChange?(value: string | string[] | undefined): void;
}) {
  const base = { ...(id ? { id } : {}), 'aria-label': label };
  const one = {
    ...base,
    width: 200,
    value: typeof value === 'string' ? value : undefined,
    onChange: (v: string | undefined) => onChange?.(v),
  };
  const many = {
    ...base,
    width: 240,
    multiple: true,
    value: Array.isArray(value) ? value : [],
    onChange: (v: string[]) => onChange?.(v),
  } as const;
  switch (kind) {
    case 'supplier':
      return multiple ? <SupplierPicker {...many} /> : <SupplierPicker {...one} />;
    case 'store':
      return multiple ? <StorePicker {...many} /> : <StorePicker {...one} />;
    case 'category':
      return multiple ? <CategoryPicker {...many} /> : <CategoryPicker {...one} />;
    case 'brand':
      return multiple ? <BrandPicker {...many} /> : <BrandPicker {...one} />;
    case 'goods':
      return <GoodsPicker {...one} />;
  }
}

function ParamField({ param }: { param: QueryParam }) {
  const { t } = useTranslation();
  // The pickers read the legacy lookups, which need a session; signed out (a public definition) codes are typed.
  const signedIn = useUserStore((s) => s.signedIn);
  const picker = signedIn ? dynamicQuery.paramPicker(param) : null;
  const rules = param.required ? [{ required: true, message: param.label }] : [];
  const item = (child: React.ReactNode) => (
    <Form.Item key={param.name} name={param.name} label={param.label} rules={rules}>
      {child}
    </Form.Item>
  );
  if (picker) return item(<Picker kind={picker} multiple={param.type === 'multiSelect'} label={param.label} />);
  switch (param.type) {
    case 'number':
      return item(<InputNumber style={{ width: 140 }} />);
    case 'date':
      return item(<DatePicker />);
    case 'dateRange':
      return item(
        <DatePicker.RangePicker allowEmpty={[true, true]} placeholder={[t('dynamicQuery.rangeStart'), t('dynamicQuery.rangeEnd')]} />,
      );
    case 'multiSelect':
      return item(<Select mode="multiple" allowClear options={param.options} style={{ minWidth: 200 }} maxTagCount="responsive" />);
    default:
      return param.options.length
        ? item(<Select allowClear showSearch optionFilterProp="label" options={param.options} style={{ minWidth: 180 }} />)
        : item(<Input allowClear maxLength={200} style={{ width: 180 }} />);
  }
}

export function ParamForm({
  params,
  form,
  onSearch,
}: {
  params: readonly QueryParam[];
  form: FormInstance<FormValues>;
  onSearch(values: FormValues): void;
}) {
  const { t } = useTranslation();
  return (
    <Form form={form} layout="inline" initialValues={initialValues(params)} onFinish={onSearch} style={{ rowGap: 8, marginBottom: 12 }}>
      {params.map((p) => (
        <ParamField key={p.name} param={p} />
      ))}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('dynamicQuery.search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              onSearch(form.getFieldsValue());
            }}
          >
            {t('dynamicQuery.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
