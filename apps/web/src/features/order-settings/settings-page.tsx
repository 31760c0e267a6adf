// 订单协同设置 (ms0124, staff admin): the hours to confirm an order, the delivery notes' over-delivery tolerance and
// shelf-life rule, and how far ahead a delivery may be booked; each checked against the contract's range before it
// is sent, saved together, and every change listed with who made it and each value before and after.
import { type OrderSettings, type SettingsChange, orderSettings } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Empty, Form, InputNumber, Skeleton, Space, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { contractRule } from '../../lib/contract-rule';
import { formatTime } from '../../lib/format';
import { useSkeletonSize } from '../../lib/skeleton-size';
import { settingsQuery, useSaveSettings } from './api';

const { settingCodes, settingLimits } = orderSettings;
const fields = orderSettings.orderSettings.shape;
/** The step of each field's arrows; the decimals are typed as text (stringMode), so they stay exact. */
const steps = { orderConfirmHours: 1, overDeliveryPercent: 0.5, minShelfLifeRatio: 0.05, bookingHorizonDays: 1 } as const;
const decimals = new Set(['overDeliveryPercent', 'minShelfLifeRatio']);

/** The same values, as numbers (the decimal fields show 0 as 0.0 or 0.00). */
const same = (a: OrderSettings, b: OrderSettings) => settingCodes.every((code) => Number(a[code]) === Number(b[code]));

export default function SettingsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { data } = useQuery(settingsQuery);
  const save = useSaveSettings();
  const [form] = Form.useForm<OrderSettings>();
  const s = (key: string, options?: Record<string, unknown>) => t(`orderSettings.${key}`, options);
  const skeletonSize = useSkeletonSize();

  const submit = async (values: OrderSettings) => {
    if (data && same(values, data.settings)) {
      void message.info(s('unchanged'));
      return;
    }
    const answer = await save.mutateAsync(values);
    // The values as stored ('5.50' is kept as 5.5); the list of changes refetches.
    form.setFieldsValue(answer.settings);
    void message.success(s('saved'));
  };

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card title={s('title')}>
        <Typography.Paragraph type="secondary">{s('intro')}</Typography.Paragraph>
        {!data ? (
          // The form's own shape while the values load (its labels and help are the page's texts), so that the
          // history below stays where it is when they come (a paragraph skeleton moved it: CLS 0.096).
          <Form key="loading" layout="vertical" component="div" aria-busy style={{ maxWidth: 560 }}>
            {settingCodes.map((code) => (
              <Form.Item key={code} label={s(`labels.${code}`)} extra={s(`help.${code}`)}>
                <Skeleton.Input active size={skeletonSize} style={{ width: 200 }} />
              </Form.Item>
            ))}
            <Skeleton.Button active size={skeletonSize} />
          </Form>
        ) : (
          <Form<OrderSettings>
            key="loaded"
            form={form}
            layout="vertical"
            aria-label={s('title')}
            initialValues={data.settings}
            onFinish={(values) => void submit(values).catch(() => undefined)}
            style={{ maxWidth: 560 }}
          >
            {settingCodes.map((code) => (
              <Form.Item key={code} name={code} label={s(`labels.${code}`)} extra={s(`help.${code}`)} rules={[contractRule(fields[code])]}>
                <InputNumber<string | number>
                  min={settingLimits[code].min}
                  max={settingLimits[code].max}
                  step={steps[code]}
                  stringMode={decimals.has(code)}
                  precision={decimals.has(code) ? undefined : 0}
                  style={{ width: 200 }}
                />
              </Form.Item>
            ))}
            <Space>
              <Button type="primary" htmlType="submit" loading={save.isPending}>
                {s('save')}
              </Button>
              <Button onClick={() => form.setFieldsValue(data.settings)}>{s('reset')}</Button>
            </Space>
          </Form>
        )}
      </Card>
      <Card title={s('history')} size="small">
        {!data ? <Skeleton active /> : <Changes history={data.history} />}
      </Card>
    </Space>
  );
}

function Changes({ history }: { history: SettingsChange[] }) {
  const { t } = useTranslation();
  if (history.length === 0) return <Empty description={t('orderSettings.historyEmpty')} />;
  return (
    <Timeline
      aria-label={t('orderSettings.history')}
      items={history.map((h) => ({
        key: `${h.at}-${h.actorCode}`,
        content: (
          <>
            <div>
              {formatTime(h.at)} {h.actorName || h.actorCode}
            </div>
            {h.changes.map((c) => (
              <div key={c.code}>
                {t('orderSettings.change', { name: t(`orderSettings.labels.${c.code}`), before: c.before, after: c.after })}
              </div>
            ))}
          </>
        ),
      }))}
    />
  );
}
