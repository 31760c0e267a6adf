// /samBill/edit: make a bill (normal, or with kind=advance an advance bill) or change a draft's documents
// (samBillNum=): pick the accounting unit and period, pick documents from those the server says can be
// settled, see the totals per tax rate the server computes for the choice, then save, or save and submit.
import { type CostDocument, languageOf, settlement } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Checkbox, DatePicker, Form, Input, Result, Select, Space, Spin, Statistic, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { ApiFailure, call } from '../../api/client';
import { DataGrid, gridHeight } from '../../components/data-grid';
import { ListPagination } from '../../components/list-pagination';
import { lastMonth } from '../../lib/business-day';
import { formatMoney } from '../../lib/format';
import { useAuthButtons } from '../../lib/use-auth-buttons';
import { useSearchQuery } from '../../lib/use-search-query';
import { useConfirmDiscard, useUnsavedWork } from '../../lib/use-unsaved-work';
import { useTagsViewStore } from '../../stores/tags-view';
import { type CostQuery, billDetailQuery, costPageQuery, totalsQuery, useApplyBill, useModifyBill, useSaveBill } from './api';
import { useUnitOptions } from './bill-list';
import { lineColumns, lineRow } from './columns';
import { billListPath, detailPath } from './paths';
import { RejectedNotice } from './rejected-notice';
import { TotalsTable } from './totals-table';
import './settlement.css';

type SourceRef = settlement.SourceRef;
type SourceType = SourceRef['sourceType'];
interface Head {
  nodeCode?: string;
  dates?: [Dayjs, Dayjs];
  sourceTypes: SourceType[];
}
const keyOf = (s: SourceRef) => `${s.sourceType}:${s.sourceId}`;
const pageSize = 50;

export default function BillEditorPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const samBillNum = params.get('samBillNum')?.trim() ?? '';
  const existing = useQuery({ ...billDetailQuery(samBillNum), staleTime: Infinity });
  if (!samBillNum) return <Editor kind={params.get('kind') === 'advance' ? 'advance' : 'normal'} />;
  if (existing.error) return <Result status="error" title={t('settlement.detail.notFound')} subTitle={existing.error.message} />;
  if (!existing.data)
    return (
      <Card>
        <Spin spinning>
          <div style={{ height: 200 }} />
        </Spin>
      </Card>
    );
  const { header, lines } = existing.data;
  // A rejected bill's documents that another bill settled since are not offered again: the editor starts without them.
  const free = lines.filter((l) => !l.heldBy);
  if (!settlement.editableBillStatuses.includes(header.status))
    return <Result status="warning" title={t('settlement.editor.notEditable', { status: t(`settlement.states.${header.status}`) })} />;
  return (
    <Editor
      kind={header.billKind}
      bill={{
        samBillNum: header.samBillNum,
        version: header.version,
        nodeCode: header.nodeCode,
        periodStart: header.periodStart,
        periodEnd: header.periodEnd,
        remark: header.remark,
        lines: free,
      }}
      notice={<RejectedNotice bill={existing.data} editing />}
    />
  );
}

interface Existing {
  samBillNum: string;
  version: number;
  nodeCode: string;
  periodStart: string;
  periodEnd: string;
  remark: string;
  lines: SourceRef[];
}

function Editor({ kind, bill, notice }: { kind: 'normal' | 'advance'; bill?: Existing; notice?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const location = useLocation();
  const { has } = useAuthButtons(settlement.billModule);
  const units = useUnitOptions();
  const [form] = Form.useForm<Head>();
  // An existing bill shows its own documents at once.
  const [query, setQuery] = useState<Omit<CostQuery, 'page' | 'limit'> | null>(() =>
    bill
      ? { nodeCode: bill.nodeCode, periodStart: bill.periodStart, periodEnd: bill.periodEnd, billKind: kind, samBillNum: bill.samBillNum }
      : null,
  );
  const [page, setPage] = useState(1);
  const [picked, setPicked] = useState<Map<string, SourceRef>>(
    () => new Map((bill?.lines ?? []).map((l) => [keyOf(l), { sourceType: l.sourceType, sourceId: l.sourceId }])),
  );
  const [active, setActive] = useState<number>();
  const [busy, setBusy] = useState(false);
  const [remarkText, setRemarkText] = useState(bill?.remark ?? '');
  const save = useSaveBill();
  const modify = useModifyBill();
  const apply = useApplyBill();

  // Each 查询可结算单据 sets a new query object: asked of the server again even with the form unchanged.
  const costs = useSearchQuery(costPageQuery(query && { ...query, page, limit: pageSize }), query);
  const docs = useMemo(() => costs.data?.list ?? [], [costs.data]);
  const sources = useMemo(() => [...picked.values()], [picked]);
  const totals = useQuery(totalsQuery(query ? { nodeCode: query.nodeCode, sources } : null));
  const columns = useMemo(() => lineColumns(t, true), [t]);
  const rows = useMemo(() => docs.map((d) => lineRow(t, d, picked.has(keyOf(d)), t('settlement.editor.disputed'))), [docs, picked, t]);

  const load = (head: Head) => {
    if (!head.nodeCode || !head.dates) return void message.warning(t('settlement.editor.pickFirst'));
    setPage(1);
    setQuery({
      nodeCode: head.nodeCode,
      periodStart: head.dates[0].format('YYYY-MM-DD'),
      periodEnd: head.dates[1].format('YYYY-MM-DD'),
      billKind: kind,
      ...(head.sourceTypes.length ? { sourceTypes: head.sourceTypes } : {}),
      ...(bill ? { samBillNum: bill.samBillNum } : {}),
    });
  };

  const toggle = (docsToToggle: CostDocument[], on?: boolean) =>
    setPicked((before) => {
      const next = new Map(before);
      for (const d of docsToToggle) {
        const k = keyOf(d);
        const pick = on ?? !next.has(k);
        if (pick && d.disputed) {
          void message.warning(settlement.SettlementMessages.disputedCharge[languageOf(i18n.language)]);
          continue;
        }
        if (pick) next.set(k, { sourceType: d.sourceType, sourceId: d.sourceId });
        else next.delete(k);
      }
      return next;
    });

  const close = (to: string) => {
    useTagsViewStore.getState().deleteView(location.pathname + location.search);
    navigate(to);
  };
  // Documents ticked or a remark written and not saved: the tab keeps them across tab switches, and closing,
  // refreshing or 返回 asks before they are dropped.
  const unsaved =
    remarkText !== (bill?.remark ?? '') ||
    picked.size !== (bill?.lines.length ?? 0) ||
    (bill?.lines ?? []).some((l) => !picked.has(keyOf(l)));
  useUnsavedWork(unsaved);
  const confirmDiscard = useConfirmDiscard();
  const back = () => (unsaved ? confirmDiscard([title], () => close(billListPath)) : close(billListPath));

  const persist = async (submit: boolean) => {
    if (!query) return;
    const remark = remarkText.trim();
    setBusy(true);
    try {
      let saved;
      if (bill) saved = await modify.mutateAsync({ samBillNum: bill.samBillNum, version: bill.version, sources, remark });
      else {
        const exists = await call(settlement.isExistBill, {
          body: { nodeCode: query.nodeCode, periodStart: query.periodStart, periodEnd: query.periodEnd },
        });
        if (exists.exists && kind === 'normal') {
          const go = await modal.confirm({
            title: t('settlement.editor.newTitle'),
            content: t('settlement.editor.exists', { numbers: exists.samBillNums.join('、') }),
            okText: t('settlement.ok'),
            cancelText: t('settlement.cancel'),
          });
          if (!go) return;
        }
        saved = await save.mutateAsync({
          billKind: kind,
          nodeCode: query.nodeCode,
          periodStart: query.periodStart,
          periodEnd: query.periodEnd,
          sources,
          remark,
        });
      }
      void message.success(t('settlement.editor.saved', { billNumber: saved.samBillNum }));
      if (submit) {
        await apply.mutateAsync({ samBillNum: saved.samBillNum, version: saved.version });
        void message.success(t('settlement.editor.applied', { billNumber: saved.samBillNum }));
      }
      close(detailPath(saved.samBillNum));
    } catch (err) {
      // The client has toasted the server's refusal (409 when a document was taken, a stale version).
      if (!(err instanceof ApiFailure)) throw err;
    } finally {
      setBusy(false);
    }
  };

  const title = bill
    ? t('settlement.editor.editTitle', { billNumber: bill.samBillNum })
    : kind === 'advance'
      ? t('settlement.editor.newAdvanceTitle')
      : t('settlement.editor.newTitle');
  const activeDoc = active === undefined ? undefined : docs[active];
  const e = (field: string) => t(`settlement.editor.${field}`);

  return (
    <Card title={title} extra={<Button onClick={back}>{e('back')}</Button>}>
      {notice}
      <Form<Head>
        form={form}
        name="sam-bill-editor"
        layout="inline"
        style={{ rowGap: 12, marginBottom: 12 }}
        aria-label={title}
        initialValues={{
          nodeCode: bill?.nodeCode,
          dates: bill ? [dayjs(bill.periodStart), dayjs(bill.periodEnd)] : lastMonth(), // the usual settlement period
          sourceTypes: [],
        }}
        onFinish={load}
      >
        <Form.Item name="nodeCode" label={e('node')} rules={[{ required: true, message: e('pickFirst') }]}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            disabled={Boolean(bill)}
            options={units.options}
            loading={units.loading}
            style={{ width: 260 }}
            placeholder={e('nodeRequired')}
          />
        </Form.Item>
        <Form.Item name="dates" label={e('period')} rules={[{ required: true, message: e('pickFirst') }]}>
          <DatePicker.RangePicker
            disabled={Boolean(bill)}
            style={{ width: 250 }}
            placeholder={[t('settlement.startDate'), t('settlement.endDate')]}
          />
        </Form.Item>
        <Form.Item name="sourceTypes" label={e('sourceTypes')}>
          <Checkbox.Group options={settlement.sourceTypes.map((s) => ({ value: s, label: t(`settlement.sourceTypes.${s}`) }))} />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          {e('load')}
        </Button>
      </Form>
      {query && (
        <>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
            {e('costHint')}
          </Typography.Paragraph>
          <Space wrap style={{ marginBottom: 8 }}>
            <Button disabled={!activeDoc} onClick={() => activeDoc && toggle([activeDoc])}>
              {e('toggle')}
            </Button>
            <Button onClick={() => toggle(docs, true)} disabled={docs.length === 0}>
              {e('pickAll')}
            </Button>
            <Button onClick={() => setPicked(new Map())} disabled={picked.size === 0}>
              {e('clear')}
            </Button>
            <Typography.Text aria-live="polite">{t('settlement.editor.pickedCount', { count: picked.size })}</Typography.Text>
          </Space>
          {costs.data && costs.data.total === 0 ? (
            <Alert type="info" showIcon title={e('noneAvailable')} />
          ) : (
            <>
              <DataGrid
                aria-label={e('costGrid')}
                columns={columns}
                rows={rows}
                loading={costs.isFetching}
                height={gridHeight(rows.length, 12)}
                onActiveRowChange={setActive}
                onRowOpen={(index) => docs[index] && toggle([docs[index]])}
              />
              <ListPagination page={page} limit={pageSize} total={costs.data?.total ?? 0} onChange={(next) => setPage(next)} />
            </>
          )}
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('settlement.totals.title')}
          </Typography.Title>
          {sources.length === 0 ? (
            <Alert type="info" showIcon title={e('noPicked')} />
          ) : (
            <Spin spinning={totals.isFetching}>
              <Space direction="vertical" style={{ width: '100%' }}>
                <Statistic title={e('payable')} prefix="¥" value={formatMoney(totals.data?.payableAmount ?? '0')} />
                <Typography.Text type="secondary">{e('totalsHint')}</Typography.Text>
                <TotalsTable totals={totals.data?.totals ?? []} showInvoice={false} />
              </Space>
            </Spin>
          )}
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            <label htmlFor="sam-bill-remark">{e('remark')}</label>
          </Typography.Title>
          <Input.TextArea
            id="sam-bill-remark"
            rows={2}
            maxLength={500}
            placeholder={e('remarkPlaceholder')}
            value={remarkText}
            onChange={(ev) => setRemarkText(ev.target.value)}
          />
          <Space wrap style={{ marginTop: 8 }}>
            {has(settlement.billButtons.save) && (
              <Button type="primary" loading={busy} disabled={sources.length === 0} onClick={() => void persist(false)}>
                {e('save')}
              </Button>
            )}
            {has(settlement.billButtons.save) && has(settlement.billButtons.apply) && (
              <Button loading={busy} disabled={sources.length === 0} onClick={() => void persist(true)}>
                {e('saveAndApply')}
              </Button>
            )}
          </Space>
        </>
      )}
    </Card>
  );
}
