// /contractPdf[?suppCode=…]: the supplier's contract as a PDF in a tab of its own, opened by a link from the
// contract terms (like the print preview) so that the page the user came from stays as it was. The PDF is
// fetched with the session's headers, then the tab shows it from a local address.
import { settlement } from '@portal/contract';
import { Result, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { fetchFile, fileTypes } from '../../api/download';

export const contractPdfPath = '/contractPdf';

/** Where the contract PDF of a supplier (staff) or of the caller's own supplier opens. */
export function contractPdfHref(suppCode?: string): string {
  const query = suppCode ? `?${new URLSearchParams({ suppCode }).toString()}` : '';
  return `${import.meta.env.BASE_URL.replace(/\/?$/, '')}${contractPdfPath}${query}`;
}

export default function ContractPdfPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const suppCode = params.get('suppCode')?.trim() || undefined;
  const [failed, setFailed] = useState<string>();

  useEffect(() => {
    let url: string | undefined;
    const query = suppCode ? { suppCode } : {};
    fetchFile(settlement.preViewContractPDF, { query }, { accept: fileTypes.pdf, fallbackName: 'contract.pdf' })
      .then(({ blob }) => {
        url = URL.createObjectURL(blob);
        window.location.replace(url);
      })
      .catch((err: unknown) => setFailed(err instanceof Error ? err.message : String(err)));
    return () => {
      if (url) setTimeout(() => URL.revokeObjectURL(url!), 60_000);
    };
  }, [suppCode]);

  return (
    <main style={{ padding: 48, textAlign: 'center' }}>
      {failed === undefined ? (
        <Spin size="large" tip={t('settlement.contract.opening')}>
          <div style={{ height: 80 }} />
        </Spin>
      ) : (
        <Result status="warning" title={t('settlement.contract.openFailed')} subTitle={failed} />
      )}
    </main>
  );
}
