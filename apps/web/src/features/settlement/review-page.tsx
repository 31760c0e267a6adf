// /samBill/review (staff): the queue of each review step — 审核 (submitted), 发票确认 (audited, invoices to
// check), 审批 (invoices confirmed), 支付 (approved, to pay) — with how many wait in each; a bill opens in
// its detail, where the step's actions are.
import { settlement } from '@portal/contract';
import { useQueries } from '@tanstack/react-query';
import { Badge, Button, Card, Space, Tabs, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { DataGrid } from '../../components/data-grid';
import { ListPagination } from '../../components/list-pagination';
import { useServerList } from '../../components/server-list/use-server-list';
import { SupplierPicker } from '../../components/pickers/supplier-picker';
import { useUserStore } from '../../stores/user';
import { billColumnValues, billPageQuery, useFreshWhenShown } from './api';
import { billColumns, billRow } from './columns';
import { detailPath } from './paths';
import './settlement.css';

/** The page's tabs (their keys are the `step` of its address) and the review step of the contract each shows. */
const tabSteps = { audit: '审核', invoice: '发票确认', approve: '审批', pay: '支付' } as const satisfies Record<
  string,
  settlement.ReviewStep
>;
type Step = keyof typeof tabSteps;
const stepKeys = Object.keys(tabSteps) as Step[];
const isStep = (value: string | null): value is Step => value !== null && Object.hasOwn(tabSteps, value);
const reviewSteps = Object.fromEntries(stepKeys.map((s) => [s, settlement.stepStatus[tabSteps[s]]])) as Record<Step, settlement.BillStatus>;
/** The tab of the step the signed-in role owns (admin owns none: the first). */
const ownTab = (role: string | undefined): Step => stepKeys.find((s) => settlement.stepRoles[tabSteps[s]] === role) ?? 'audit';

export default function ReviewPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const role = useUserStore((s) => s.roles?.[0]);
  const step: Step = isStep(params.get('step')) ? (params.get('step') as Step) : ownTab(role);
  const [suppCode, setSuppCode] = useState<string>();
  const anchor = useRef<HTMLDivElement>(null);
  useFreshWhenShown(anchor);
  const counts = useQueries({
    queries: stepKeys.map((s) => billPageQuery({ page: 1, limit: 1, status: reviewSteps[s], ...(suppCode ? { suppCode } : {}) })),
  });

  return (
    <div ref={anchor}>
      <Card title={t('settlement.review.title')} extra={<SupplierPicker value={suppCode} onChange={setSuppCode} width={220} />}>
        <Tabs
          activeKey={step}
          onChange={(key) => setParams({ step: key }, { replace: true })}
          destroyOnHidden
          items={stepKeys.map((s, i) => ({
            key: s,
            label: (
              <Space size={6}>
                {t(`settlement.review.steps.${s}`)}
                <Badge count={counts[i]?.data?.total ?? 0} showZero color={s === 'pay' ? '#722ed1' : '#1677ff'} overflowCount={9999} />
              </Space>
            ),
            children: <StepQueue step={s} suppCode={suppCode} />,
          }))}
        />
      </Card>
    </div>
  );
}

function StepQueue({ step, suppCode }: { step: Step; suppCode: string | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const search = useMemo(() => ({ suppCode }), [suppCode]);
  const bills = useServerList({
    initialSearch: search,
    search,
    bodyOf: (s: { suppCode: string | undefined }) => ({ status: reviewSteps[step], ...(s.suppCode ? { suppCode: s.suppCode } : {}) }),
    pageQuery: billPageQuery,
    columnValues: billColumnValues,
    row: billRow,
    pageSizes: [20, 50, 100],
    maxRows: 15,
    // Grows with the business: the next and previous pages are read by keyset.
    keyset: true,
  });
  const columns = useMemo(() => billColumns(t, true), [t]);
  const [selected, setSelected] = useState<string>();
  const open = (num: string | undefined) => num && navigate(detailPath(num));
  const label = t('punct.bracketed', { text: t('settlement.review.grid'), note: t(`settlement.review.steps.${step}`) });
  return (
    <>
      <Typography.Paragraph type="secondary">{t(`settlement.review.hint.${step}`)}</Typography.Paragraph>
      <Space wrap style={{ marginBottom: 12 }}>
        <Button type="primary" disabled={!selected} onClick={() => open(selected)}>
          {t('settlement.review.open')}
        </Button>
        <Typography.Text type="secondary" aria-live="polite">
          {selected ? t('settlement.selected', { billNumber: selected }) : t('settlement.noneSelected')}
        </Typography.Text>
      </Space>
      <DataGrid
        aria-label={label}
        columns={columns}
        {...bills.grid}
        onActiveRowChange={(index) => setSelected(bills.list[index]?.samBillNum)}
        onRowOpen={(index) => open(bills.list[index]?.samBillNum)}
      />
      <ListPagination {...bills.pagination} />
    </>
  );
}
