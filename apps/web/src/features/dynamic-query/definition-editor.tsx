// The editor of one query definition: code, titles, the SQL with highlighting, parameters and columns, a test
// run with sample parameters (first rows and time taken), save, delete, and the publish dialog.
import { dynamicQuery } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Checkbox, Col, Form, Input, InputNumber, Row, Select, Space, Table, Typography } from 'antd';
import { Suspense, lazy, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiFailure } from '../../api/client';
import { SupplierPicker } from '../../components/pickers/supplier-picker';
import { definitionQuery, useDeleteDefinition, useSaveDefinition, useTestRun } from './api';
import { type EditorValues, type ParamRow, blank, fromEditor, toEditor } from './editor-values';
import { localizedParams } from './localized';
import { type FormValues, ParamForm, paramValuesOf } from './param-form';
import { PublishDialog, type PublishTargets } from './publish-dialog';
import { closingOnRefusal } from '../../lib/confirm-call';

const SqlEditor = lazy(() => import('./sql-editor'));

const views = Object.fromEntries(Object.entries(dynamicQuery.reportViews).map(([name, v]) => [name, [...v.columns]]));

export function StoredDefinitionEditor({
  queryCode,
  onSaved,
  onDeleted,
}: {
  queryCode: string;
  onSaved(code: string): void;
  onDeleted(): void;
}) {
  const { data } = useQuery(definitionQuery(queryCode));
  if (!data) return null;
  return <DefinitionEditor initial={toEditor(data)} isNew={false} published={data} onSaved={onSaved} onDeleted={onDeleted} />;
}

export function DefinitionEditor({
  initial,
  isNew,
  published,
  onSaved,
  onDeleted,
}: {
  initial: EditorValues;
  isNew: boolean;
  published?: { moudleCode: string; targets: PublishTargets };
  onSaved(code: string): void;
  onDeleted(): void;
}) {
  const { t, i18n } = useTranslation();
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<EditorValues>();
  const [sampleForm] = Form.useForm<FormValues>();
  const save = useSaveDefinition();
  const remove = useDeleteDefinition();
  const test = useTestRun();
  const [problem, setProblem] = useState<string | null>(null);
  const [asSupplier, setAsSupplier] = useState('');
  const [publishing, setPublishing] = useState(false);
  const params = Form.useWatch('params', form) as ParamRow[] | undefined;
  const sampleParams = useMemo(
    () =>
      localizedParams(fromEditor({ ...blank, params: (params ?? []).filter((p) => p?.name && p.label && p.type) }).params, i18n.language),
    [params, i18n.language],
  );
  const d = (key: string) => t(`dynamicQuery.designer.${key}`);

  const definition = async () => fromEditor(await form.validateFields());
  const onSave = async () => {
    setProblem(null);
    try {
      const saved = await save.mutateAsync({ ...(await definition()), isNew });
      void message.success(d('saved'));
      onSaved(saved.queryCode);
    } catch (err) {
      if (err instanceof ApiFailure) setProblem(err.message);
    }
  };
  const onTest = async () => {
    setProblem(null);
    try {
      const def = await definition();
      await test.mutateAsync({ definition: def, params: paramValuesOf(def.params, sampleForm.getFieldsValue()), asSupplier });
    } catch (err) {
      if (err instanceof ApiFailure) setProblem(err.message);
    }
  };
  const columnsFromResult = () => {
    const fields = test.data?.fields ?? [];
    const rows = test.data?.rows ?? [];
    form.setFieldValue(
      'columns',
      fields.map((field) => {
        const numeric =
          rows.length > 0 &&
          rows.every((r) => r[field] === null || typeof r[field] === 'number' || /^-?\d+(\.\d+)?$/.test(String(r[field])));
        return { field, title: field, titleEn: '', type: numeric ? 'number' : 'text', width: 120, fixed: null, format: null };
      }),
    );
  };

  return (
    <Card
      title={isNew ? d('add') : `${i18n.language === 'en' && initial.titleEn ? initial.titleEn : initial.title} (${initial.queryCode})`}
      extra={
        !isNew && (
          <Space wrap>
            {published?.moudleCode && <Link to={`/scmQuery/dynamic/query/${initial.queryCode}`}>{d('open')}</Link>}
            <Button onClick={() => setPublishing(true)}>{d('publish')}</Button>
            <Button
              danger
              onClick={() =>
                modal.confirm({
                  title: t('dynamicQuery.designer.deleteConfirm', { code: initial.queryCode }),
                  onOk: closingOnRefusal(async () => {
                    await remove.mutateAsync(initial.queryCode);
                    void message.success(d('deleted'));
                    onDeleted();
                  }),
                })
              }
            >
              {d('delete')}
            </Button>
          </Space>
        )
      }
    >
      <Form form={form} layout="vertical" initialValues={initial} requiredMark={false}>
        <Row gutter={12}>
          <Col xs={24} md={8}>
            <Form.Item name="queryCode" label={d('code')} rules={[{ required: true }]}>
              <Input disabled={!isNew} maxLength={32} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="title" label={d('titleZh')} rules={[{ required: true }]}>
              <Input maxLength={40} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="titleEn" label={d('titleEn')}>
              <Input maxLength={80} />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={12}>
          <Col xs={24} md={12}>
            <Form.Item name="description" label={d('description')}>
              <Input.TextArea rows={2} maxLength={500} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="descriptionEn" label={d('descriptionEn')}>
              <Input.TextArea rows={2} maxLength={1000} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="isPublic" valuePropName="checked">
          <Checkbox>{d('isPublic')}</Checkbox>
        </Form.Item>
        <Form.Item
          name="sql"
          label={d('sql')}
          extra={t('dynamicQuery.designer.sqlHelp', { views: Object.keys(views).join(', ') })}
          rules={[{ required: true }]}
        >
          <SqlField label={d('sql')} />
        </Form.Item>
        <Typography.Title level={5}>{d('params')}</Typography.Title>
        <Form.List name="params">
          {(fields, { add, remove: drop }) => (
            <>
              {fields.map((field) => (
                <Space key={field.key} wrap align="start" style={{ marginBottom: 4 }}>
                  <Form.Item name={[field.name, 'name']} rules={[{ required: true }]} style={{ marginBottom: 4 }}>
                    <Input placeholder={d('name')} aria-label={d('name')} style={{ width: 110 }} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'label']} rules={[{ required: true }]} style={{ marginBottom: 4 }}>
                    <Input placeholder={d('label')} aria-label={d('label')} style={{ width: 110 }} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'labelEn']} style={{ marginBottom: 4 }}>
                    <Input placeholder={d('labelEn')} aria-label={d('labelEn')} style={{ width: 130 }} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'type']} style={{ marginBottom: 4 }}>
                    <Select
                      aria-label={d('type')}
                      style={{ width: 110 }}
                      options={dynamicQuery.paramTypes.map((v) => ({ value: v, label: t(`dynamicQuery.designer.types.${v}`) }))}
                    />
                  </Form.Item>
                  <Form.Item name={[field.name, 'defaultValue']} style={{ marginBottom: 4 }}>
                    <Input placeholder={d('defaultValue')} aria-label={d('defaultValue')} style={{ width: 120 }} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'optionsText']} style={{ marginBottom: 4 }}>
                    <Input placeholder={d('options')} aria-label={d('options')} style={{ width: 150 }} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'lookup']} style={{ marginBottom: 4 }}>
                    <Select
                      aria-label={d('lookup')}
                      style={{ width: 100 }}
                      options={[
                        { value: null, label: t('dynamicQuery.designer.lookups.none') },
                        ...dynamicQuery.optionLookups.map((v) => ({ value: v, label: t(`dynamicQuery.designer.lookups.${v}`) })),
                      ]}
                    />
                  </Form.Item>
                  <Form.Item name={[field.name, 'required']} valuePropName="checked" style={{ marginBottom: 4 }}>
                    <Checkbox>{d('required')}</Checkbox>
                  </Form.Item>
                  <Button onClick={() => drop(field.name)}>{d('remove')}</Button>
                </Space>
              ))}
              <Button
                type="dashed"
                onClick={() =>
                  add({ name: '', label: '', labelEn: '', type: 'text', required: false, defaultValue: '', optionsText: '', lookup: null })
                }
              >
                {d('addParam')}
              </Button>
            </>
          )}
        </Form.List>
        <Typography.Title level={5} style={{ marginTop: 16 }}>
          {d('columns')}
        </Typography.Title>
        <Form.List name="columns">
          {(fields, { add, remove: drop }) => (
            <>
              {fields.map((field) => (
                <Space key={field.key} wrap align="start" style={{ marginBottom: 4 }}>
                  <Form.Item name={[field.name, 'field']} rules={[{ required: true }]} style={{ marginBottom: 4 }}>
                    <Input placeholder={d('field')} aria-label={d('field')} style={{ width: 120 }} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'title']} rules={[{ required: true }]} style={{ marginBottom: 4 }}>
                    <Input placeholder={d('label')} aria-label={d('label')} style={{ width: 110 }} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'titleEn']} style={{ marginBottom: 4 }}>
                    <Input placeholder={d('labelEn')} aria-label={d('labelEn')} style={{ width: 130 }} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'type']} style={{ marginBottom: 4 }}>
                    <Select
                      aria-label={d('type')}
                      style={{ width: 90 }}
                      options={(['text', 'number', 'date'] as const).map((v) => ({
                        value: v,
                        label: t(`dynamicQuery.designer.columnTypes.${v}`),
                      }))}
                    />
                  </Form.Item>
                  <Form.Item name={[field.name, 'width']} style={{ marginBottom: 4 }}>
                    <InputNumber aria-label={d('width')} min={40} max={600} style={{ width: 80 }} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'fixed']} style={{ marginBottom: 4 }}>
                    <Select
                      aria-label={d('fixed')}
                      style={{ width: 90 }}
                      options={[
                        { value: null, label: t('dynamicQuery.designer.fixedSides.none') },
                        { value: 'left', label: t('dynamicQuery.designer.fixedSides.left') },
                        { value: 'right', label: t('dynamicQuery.designer.fixedSides.right') },
                      ]}
                    />
                  </Form.Item>
                  <Form.Item name={[field.name, 'format']} style={{ marginBottom: 4 }}>
                    <Select
                      aria-label={d('format')}
                      style={{ width: 90 }}
                      options={[
                        { value: null, label: t('dynamicQuery.designer.formats.none') },
                        ...dynamicQuery.columnFormats.map((v) => ({ value: v, label: t(`dynamicQuery.designer.formats.${v}`) })),
                      ]}
                    />
                  </Form.Item>
                  <Button onClick={() => drop(field.name)}>{d('remove')}</Button>
                </Space>
              ))}
              <Space wrap>
                <Button
                  type="dashed"
                  onClick={() => add({ field: '', title: '', titleEn: '', type: 'text', width: 120, fixed: null, format: null })}
                >
                  {d('addColumn')}
                </Button>
                {test.data && <Button onClick={columnsFromResult}>{d('columnsFromResult')}</Button>}
              </Space>
            </>
          )}
        </Form.List>
      </Form>
      <Card size="small" title={d('testRun')} style={{ marginTop: 16 }}>
        <ParamForm key={JSON.stringify(sampleParams)} params={sampleParams} form={sampleForm} onSearch={() => void onTest()} />
        <Space wrap>
          <SupplierPicker
            placeholder={d('asSupplier')}
            aria-label={d('asSupplier')}
            value={asSupplier || undefined}
            onChange={(code) => setAsSupplier(code ?? '')}
            width={240}
          />
          <Button onClick={() => void onTest()} loading={test.isPending}>
            {d('testRun')}
          </Button>
          <Button type="primary" onClick={() => void onSave()} loading={save.isPending}>
            {d('save')}
          </Button>
        </Space>
        {problem && <Alert type="error" showIcon style={{ marginTop: 12 }} message={problem} role="alert" />}
        {test.data && !problem && <TestResult result={test.data} />}
      </Card>
      {publishing && published && (
        <PublishDialog queryCode={initial.queryCode} targets={published.targets} onClose={() => setPublishing(false)} />
      )}
    </Card>
  );
}

/** The form's SQL field: Form.Item hands value and onChange to its direct child, so the lazy editor sits below it. */
function SqlField({ value, onChange, label }: { value?: string; onChange?(value: string): void; label: string }) {
  return (
    <Suspense fallback={<Input.TextArea rows={8} disabled value={value} aria-label={label} />}>
      <SqlEditor views={views} label={label} {...(value !== undefined ? { value } : {})} {...(onChange ? { onChange } : {})} />
    </Suspense>
  );
}

function TestResult({ result }: { result: { fields: string[]; rows: Record<string, unknown>[]; total: number; elapsedMs: number } }) {
  const { t } = useTranslation();
  return (
    <>
      <Typography.Paragraph style={{ marginTop: 12 }} aria-live="polite">
        {t('dynamicQuery.designer.testResult', { count: result.total, ms: result.elapsedMs, shown: result.rows.length })}
      </Typography.Paragraph>
      <Table
        size="small"
        scroll={{ x: true }}
        pagination={false}
        rowKey={(_, i) => String(i)}
        columns={result.fields.map((f) => ({ title: f, dataIndex: f, key: f, render: (v: unknown) => (v === null ? '' : String(v)) }))}
        dataSource={result.rows}
      />
    </>
  );
}
