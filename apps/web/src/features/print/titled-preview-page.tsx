// /manageAdjustPrice and /goodsChangeApproval (spec: titled print previews, hidden): the price adjustments or
// goods changes the caller may print, the chosen one (?billNumber=, the newest by default) in the preview.
import { useQuery } from '@tanstack/react-query';
import { Empty, Select, Space } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { type ListedType, printableRecordsQuery } from './api';
import { wordText } from './fill';
import { PreviewBody } from './preview-body';

const titles = { adjustPrice: 'manageAdjustPrice', goodsChange: 'goodsChangeApproval' } as const;

export function TitledPreview({ printType }: { printType: ListedType }) {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const records = useQuery(printableRecordsQuery(printType));
  const chosen = params.get('billNumber')?.trim() || records.data?.[0]?.billNumber || '';
  const title = t(`print.titles.${titles[printType]}`);
  const setParam = (key: string, value: string) =>
    setParams(
      (p) => {
        p.set(key, value);
        if (key === 'billNumber') p.delete('template');
        return p;
      },
      { replace: true },
    );

  useEffect(() => {
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);

  return (
    <div className="print-preview">
      <PreviewBody
        printType={printType}
        billNumber={chosen}
        templateCode={params.get('template') ?? ''}
        onTemplateChange={(code) => setParam('template', code)}
        leading={
          <Space wrap>
            <h1>{title}</h1>
            <label htmlFor="print-record">{t('print.record')}</label>
            <Select
              id="print-record"
              aria-label={t('print.record')}
              loading={records.isLoading}
              placeholder={t('print.pickRecord')}
              value={chosen || undefined}
              onChange={(value: string) => setParam('billNumber', value)}
              style={{ minWidth: 260, maxWidth: '80vw' }}
              notFoundContent={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('print.noRecords')} />}
              options={(records.data ?? []).map((r) => ({
                value: r.billNumber,
                label: `${r.billNumber} ${r.suppName} ${r.applyDate} ${wordText(r.status, i18n.language === 'en' ? 'en' : 'zh-CN')}`,
              }))}
            />
          </Space>
        }
      />
      {records.data?.length === 0 && <Empty className="print-status" description={t('print.noRecords')} />}
    </div>
  );
}

export function AdjustPricePreviewPage() {
  return <TitledPreview printType="adjustPrice" />;
}

export function GoodsChangePreviewPage() {
  return <TitledPreview printType="goodsChange" />;
}
