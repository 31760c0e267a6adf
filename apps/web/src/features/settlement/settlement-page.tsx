// 结算单 (module ms0031): the bills, the advance bills (预付结算) for suppliers allowed them, and the
// supplier's contract terms; staff open their review queue from here.
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Tabs } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useUserStore } from '../../stores/user';
import { advanceAllowedQuery, useFreshWhenShown } from './api';
import { BillList } from './bill-list';
import { ContractPanel } from './contract-panel';
import { reviewPath } from './paths';
import './settlement.css';

export default function SettlementPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const staff = useUserStore((s) => s.staff);
  // Staff see every supplier's advance bills; a supplier only when it may make them.
  const advanceAllowed = useQuery({ ...advanceAllowedQuery(), enabled: !staff });
  const showAdvance = staff || advanceAllowed.data === true;
  // The inner tab is the page's own state: putting it in the address would make each one a shell tab of its own,
  // three tabs all called 结算单. A link may still open one (?tab=advance).
  const [params] = useSearchParams();
  const [tab, setTab] = useState(() => params.get('tab') ?? 'bills');
  const anchor = useRef<HTMLDivElement>(null);
  useFreshWhenShown(anchor);

  return (
    <div ref={anchor}>
      <Card
        title={t('settlement.title')}
        extra={
          staff && (
            <Button type="primary" onClick={() => navigate(reviewPath)}>
              {t('settlement.reviewQueue')}
            </Button>
          )
        }
      >
        <Tabs
          activeKey={tab}
          onChange={setTab}
          destroyOnHidden
          items={[
            { key: 'bills', label: t('settlement.tabs.bills'), children: <BillList kind="normal" /> },
            ...(showAdvance ? [{ key: 'advance', label: t('settlement.tabs.advance'), children: <BillList kind="advance" /> }] : []),
            { key: 'contract', label: t('settlement.tabs.contract'), children: <ContractPanel /> },
          ]}
        />
      </Card>
    </div>
  );
}
