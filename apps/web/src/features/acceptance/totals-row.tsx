// The totals of the condition as one row of figures, exactly as the server added them up.
import type { AccCondition } from '@portal/contract';
import { Col, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDecimal, formatMoney } from '../../lib/format';
import { useSearchQuery } from '../../lib/use-search-query';
import { totalsQuery } from './api';

const figures = ['billCount', 'lineCount', 'qty', 'amountExcl', 'tax', 'amount'] as const;

export function TotalsRow({ condition }: { condition: AccCondition }) {
  const { t } = useTranslation();
  const { data, isFetching } = useSearchQuery(totalsQuery(condition), condition);
  const shown = (field: (typeof figures)[number]): string => {
    if (!data) return '-';
    if (field === 'billCount' || field === 'lineCount') return formatDecimal(String(data[field]));
    return field === 'qty' ? formatDecimal(data.qty) : `¥${formatMoney(data[field])}`;
  };
  return (
    <Row gutter={[16, 12]} role="region" aria-label={t('acceptance.totals')} aria-busy={isFetching || undefined}>
      {figures.map((field) => (
        <Col key={field} xs={12} sm={8} xl={4}>
          <Statistic
            title={t(`acceptance.${field}`)}
            value={shown(field)}
            loading={!data && isFetching}
            styles={{ content: { fontSize: 20, fontVariantNumeric: 'tabular-nums' } }}
          />
        </Col>
      ))}
    </Row>
  );
}
