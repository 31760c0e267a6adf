// 新增费用: the settlement clerk raises a charge against a supplier (/samData/saveCharge): type, name, store,
// month, direction, amount and rate, the contract clause and the calculation. Fees barred by the fair-trade
// rules are refused as the name is typed, and the server refuses them again (its message is toasted).
import { settlement } from '@portal/contract';
import { App, Button, DatePicker, Drawer, Form, Input, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ApiFailure } from '../../api/client';
import { StorePicker } from '../../components/pickers/store-picker';
import { SupplierPicker } from '../../components/pickers/supplier-picker';
import { businessToday } from '../../lib/business-day';
import { useSaveCharge } from './api';

interface Fields {
  suppCode?: string;
  deptCode?: string;
  chargeType: string;
  chargeName: string;
  period: Dayjs;
  direction: (typeof settlement.chargeDirections)[number];
  amount: string;
  taxRate: string;
  clause: string;
  calculation: string;
  chargeDate: Dayjs;
}

const rates = ['6', '9', '13', '0'];

/** The fair-trade fee a charge name contains, if any (the server's rule, said before sending). */
export const barredIn = (name: string): string | undefined => settlement.barredChargeNames.find((barred) => name.includes(barred));

export function NewChargeDrawer({ open, onClose, onSaved }: { open: boolean; onClose(): void; onSaved(chargeCode: string): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Fields>();
  const save = useSaveCharge();
  const k = (field: string) => t(`settlement.charges.form.${field}`);
  const c = (field: string) => t(`settlement.charges.columns.${field}`);
  const required = (field: string) => [{ required: true, message: t('settlement.charges.form.required', { field }) }];
  const text = (field: string) => [{ required: true, whitespace: true, message: t('settlement.charges.form.required', { field }) }];

  const submit = async (v: Fields) => {
    try {
      const saved = await save.mutateAsync({
        suppCode: v.suppCode ?? '',
        deptCode: v.deptCode ?? '',
        chargeType: v.chargeType,
        chargeName: v.chargeName.trim(),
        period: v.period.format('YYYY-MM'),
        direction: v.direction,
        amount: v.amount.trim(),
        taxRate: v.taxRate,
        clause: v.clause.trim(),
        calculation: v.calculation.trim(),
        chargeDate: v.chargeDate.format('YYYY-MM-DD'),
        fileIds: [],
      });
      void message.success(t('settlement.charges.form.saved', { code: saved.chargeCode }));
      form.resetFields();
      onSaved(saved.chargeCode);
    } catch (err) {
      // The client has shown the server's refusal (a barred fee, an unknown store or supplier).
      if (!(err instanceof ApiFailure)) throw err;
    }
  };

  return (
    <Drawer open={open} onClose={onClose} title={k('title')} size="large" destroyOnHidden={false}>
      <Form<Fields>
        form={form}
        name="sam-charge-new"
        layout="vertical"
        aria-label={k('title')}
        initialValues={{
          chargeType: settlement.chargeTypes[0],
          direction: 'deduct',
          taxRate: '6',
          period: businessToday(),
          chargeDate: businessToday(),
        }}
        onFinish={(v) => void submit(v)}
      >
        <Form.Item name="suppCode" label={c('suppName')} rules={required(c('suppName'))}>
          <SupplierPicker width={320} />
        </Form.Item>
        <Form.Item name="deptCode" label={c('deptName')} rules={required(c('deptName'))}>
          <StorePicker />
        </Form.Item>
        <Space wrap size="large">
          <Form.Item name="chargeType" label={c('chargeType')} rules={required(c('chargeType'))}>
            <Select
              className="sam-charge-field"
              options={settlement.chargeTypes.map((type) => ({ value: type, label: t(`settlement.charges.chargeTypes.${type}`) }))}
            />
          </Form.Item>
          <Form.Item name="period" label={c('period')} rules={required(c('period'))}>
            <DatePicker picker="month" allowClear={false} />
          </Form.Item>
          <Form.Item name="chargeDate" label={c('chargeDate')} rules={required(c('chargeDate'))}>
            <DatePicker allowClear={false} />
          </Form.Item>
        </Space>
        <Form.Item
          name="chargeName"
          label={c('chargeName')}
          rules={[
            ...text(c('chargeName')),
            { max: 40 },
            {
              validator: (_, value: string | undefined) => {
                const barred = barredIn(value ?? '');
                return barred ? Promise.reject(new Error(t('settlement.charges.form.barred', { fee: barred }))) : Promise.resolve();
              },
            },
          ]}
        >
          <Input maxLength={40} />
        </Form.Item>
        <Space wrap size="large">
          <Form.Item name="direction" label={c('direction')}>
            <Select
              className="sam-charge-field"
              options={settlement.chargeDirections.map((d) => ({ value: d, label: t(`settlement.charges.directions.${d}`) }))}
            />
          </Form.Item>
          <Form.Item
            name="amount"
            label={k('amount')}
            rules={[...text(k('amount')), { pattern: /^\d{1,12}(\.\d{1,2})?$/, message: t('settlement.payment.amountFormat') }]}
          >
            <Input inputMode="decimal" prefix="¥" className="sam-charge-field" />
          </Form.Item>
          <Form.Item name="taxRate" label={c('taxRate')}>
            <Select className="sam-charge-field" options={rates.map((r) => ({ value: r, label: `${r}%` }))} />
          </Form.Item>
        </Space>
        <Form.Item name="clause" label={t('settlement.charges.clause')} rules={text(t('settlement.charges.clause'))}>
          <Input maxLength={200} placeholder={k('clausePlaceholder')} />
        </Form.Item>
        <Form.Item name="calculation" label={t('settlement.charges.calculation')} rules={text(t('settlement.charges.calculation'))}>
          <Input.TextArea rows={3} maxLength={500} placeholder={k('calculationPlaceholder')} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {k('save')}
          </Button>
          <Button onClick={onClose}>{t('settlement.cancel')}</Button>
        </Space>
      </Form>
    </Drawer>
  );
}
