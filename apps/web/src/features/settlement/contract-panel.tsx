// The supplier's contract (staff: of the supplier they pick): 经营方式, settlement cycle, payment term and
// the agreed charges and rebates, with the contract's PDF opened in a new window or saved.
import { settlement } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Empty, Skeleton, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadByQuery, fileTypes } from '../../api/download';
import { SupplierPicker } from '../../components/pickers/supplier-picker';
import { useUserStore } from '../../stores/user';
import { contractQuery } from './api';
import { contractPdfHref } from './contract-pdf-page';

export function ContractPanel() {
  const { t } = useTranslation();
  const staff = useUserStore((s) => s.staff);
  const [suppCode, setSuppCode] = useState<string>();
  const contract = useQuery({ ...contractQuery(suppCode), enabled: !staff || Boolean(suppCode) });
  const [busy, setBusy] = useState(false);
  const c = contract.data;
  const query = suppCode ? { suppCode } : {};
  const pdf = { accept: fileTypes.pdf, fallbackName: `${c?.contractNo ?? 'contract'}.pdf` };

  const save = async () => {
    setBusy(true);
    await downloadByQuery(settlement.preViewContractPDF, query, pdf).catch(() => undefined);
    setBusy(false);
  };

  const k = (field: string) => t(`settlement.contract.${field}`);
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      {staff && <SupplierPicker value={suppCode} onChange={setSuppCode} />}
      {staff && !suppCode ? (
        <Alert type="info" showIcon title={k('pickSupplier')} />
      ) : contract.isLoading ? (
        <Skeleton active />
      ) : !c ? (
        <Empty description={contract.error?.message ?? k('none')} />
      ) : (
        <>
          <Space wrap>
            {/* A link to a tab of its own, as the print preview opens: the page here stays as it was. */}
            <Button type="primary" href={contractPdfHref(suppCode)} target="_blank" rel="noopener">
              {k('preview')}
            </Button>
            <Button loading={busy} onClick={() => void save()}>
              {k('download')}
            </Button>
          </Space>
          <Descriptions
            bordered
            size="small"
            column={{ xs: 1, sm: 2, lg: 3 }}
            aria-label={k('title')}
            items={[
              { key: 'no', label: k('contractNo'), children: c.contractNo },
              { key: 'supplier', label: t('settlement.detail.supplier'), children: `${c.suppCode} ${c.suppName}` },
              { key: 'party', label: k('party'), children: `${c.nodeCode} ${c.nodeName}` },
              { key: 'mode', label: k('businessMode'), children: t(`settlement.contract.modes.${c.businessMode}`, c.businessMode) },
              { key: 'cycle', label: k('settleCycle'), children: t(`settlement.contract.cycles.${c.settleCycle}`, c.settleCycle) },
              { key: 'term', label: k('payTerm'), children: t('settlement.detail.days', { count: c.payTermDays }) },
              { key: 'validity', label: k('validity'), children: `${c.startDate} ~ ${c.endDate}` },
              { key: 'signed', label: k('signedDate'), children: c.signedDate },
              {
                key: 'status',
                label: k('status'),
                children: (
                  <Tag color={c.status === '生效' ? 'green' : c.status === '已到期' ? 'red' : 'default'}>
                    {t(`settlement.contract.statuses.${c.status}`)}
                  </Tag>
                ),
              },
            ]}
          />
          <Table
            className="sam-table"
            size="small"
            rowKey="clauseNo"
            pagination={false}
            scroll={{ x: 720 }}
            title={() => k('terms')}
            dataSource={c.terms}
            columns={[
              { title: k('clauseNo'), dataIndex: 'clauseNo', width: 70 },
              { title: k('kind'), dataIndex: 'kind', width: 80, render: (v: string) => t(`settlement.contract.kinds.${v}`) },
              { title: k('name'), dataIndex: 'name', width: 160 },
              { title: k('basis'), dataIndex: 'basis' },
              { title: k('rate'), dataIndex: 'rate', width: 80, className: 'sam-num', render: (v: string) => (v ? `${v}%` : '') },
              { title: k('amount'), dataIndex: 'amount', width: 120, className: 'sam-num' },
            ]}
          />
        </>
      )}
    </Space>
  );
}
