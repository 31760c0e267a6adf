// /preview?type=purOrder&billNumber=…[&suppCode=…][&template=…]: the print preview drawn without the shell
// (spec: special print component); the session is still required. The list and detail pages open it.
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isPrintType } from './api';
import { PreviewBody } from './preview-body';

export default function PreviewPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const type = params.get('type') ?? '';
  const billNumber = params.get('billNumber')?.trim() ?? '';
  const suppCode = params.get('suppCode')?.trim() || undefined;
  const setTemplate = (code: string) =>
    setParams(
      (p) => {
        p.set('template', code);
        return p;
      },
      { replace: true },
    );

  if (!type || !billNumber)
    return (
      <main className="print-preview">
        <Result status="warning" title={t('print.missing')} />
      </main>
    );
  if (!isPrintType(type))
    return (
      <main className="print-preview">
        <Result status="warning" title={t('print.badType', { type: type.slice(0, 40) })} />
      </main>
    );
  return (
    <div className="print-preview">
      <PreviewBody
        printType={type}
        billNumber={billNumber}
        suppCode={suppCode}
        templateCode={params.get('template') ?? ''}
        onTemplateChange={setTemplate}
        leading={
          <h1>
            {t('print.preview')} · {t(`print.types.${type}`)} {billNumber}
          </h1>
        }
      />
    </div>
  );
}
