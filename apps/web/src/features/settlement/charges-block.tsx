// The charges of a bill: each with its clause, how it was calculated, its dispute and the answer, and its
// attachments, so a deduction is never opaque.
import type { Charge } from '@portal/contract';
import { Descriptions, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDecimal, formatTime } from '../../lib/format';
import { AttachmentList } from './attachments';
import { Money } from './money';

export const disputeTone = (status: string) => (status === '异议中' ? 'orange' : status === '已答复' ? 'green' : 'default');

export function ChargeFacts({ charge }: { charge: Charge }) {
  const { t } = useTranslation();
  const k = (field: string) => t(`settlement.charges.${field}`);
  return (
    <Descriptions
      size="small"
      column={1}
      bordered
      items={[
        { key: 'clause', label: k('clause'), children: charge.clause },
        { key: 'calculation', label: k('calculation'), children: charge.calculation },
        ...(charge.disputeStatus !== '无'
          ? [
              {
                key: 'dispute',
                label: k('disputeNote'),
                children: (
                  <>
                    <div>{charge.disputeNote}</div>
                    <div style={{ color: '#595959' }}>
                      {t('settlement.charges.disputeBy', { by: charge.disputeBy, at: formatTime(charge.disputeAt) })}
                    </div>
                  </>
                ),
              },
            ]
          : []),
        ...(charge.answerNote
          ? [
              {
                key: 'answer',
                label: k('answerNote'),
                children: (
                  <>
                    <div>{charge.answerNote}</div>
                    <div style={{ color: '#595959' }}>
                      {t('settlement.charges.answerBy', { by: charge.answerBy, at: formatTime(charge.answerAt) })}
                    </div>
                  </>
                ),
              },
            ]
          : []),
        { key: 'files', label: k('attachments'), children: <AttachmentList files={charge.attachments} /> },
      ]}
    />
  );
}

export function ChargesBlock({ charges }: { charges: Charge[] }) {
  const { t } = useTranslation();
  const k = (field: string) => t(`settlement.charges.columns.${field}`);
  return (
    <Table<Charge>
      className="sam-table"
      size="small"
      rowKey="chargeCode"
      pagination={false}
      scroll={{ x: 900 }}
      dataSource={charges}
      aria-label={t('settlement.detail.charges')}
      locale={{ emptyText: t('settlement.detail.noCharges') }}
      expandable={{ expandedRowRender: (c) => <ChargeFacts charge={c} />, rowExpandable: () => true }}
      columns={[
        { title: k('chargeCode'), dataIndex: 'chargeCode', width: 150 },
        { title: k('chargeName'), dataIndex: 'chargeName', width: 160 },
        { title: k('deptName'), dataIndex: 'deptName', width: 120 },
        { title: k('period'), dataIndex: 'period', width: 90 },
        {
          title: k('taxRate'),
          dataIndex: 'taxRate',
          width: 70,
          className: 'sam-num',
          render: (v: string) => `${formatDecimal(v, { max: 2 })}%`,
        },
        {
          title: k('signedAmount'),
          dataIndex: 'signedAmount',
          width: 120,
          className: 'sam-num',
          render: (v: string) => <Money value={v} />,
        },
        {
          title: k('disputeStatus'),
          dataIndex: 'disputeStatus',
          width: 90,
          render: (v: string) => <Tag color={disputeTone(v)}>{t(`settlement.charges.disputeStates.${v}`, v)}</Tag>,
        },
      ]}
    />
  );
}
