// The preview of one record: its print type's templates to choose from (the default first), the record
// fetched in the caller's scope, the sheets, and print / save as PDF through the browser's own dialog.
import { useQuery } from '@tanstack/react-query';
import { App, Button, Result, Select, Space, Spin, Tag, Typography } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiFailure } from '../../api/client';
import { type PrintType, recordQuery, templatesQuery } from './api';
import { templateText } from './fill';
import { PagedPrintout } from './paged-printout';

interface Props {
  printType: PrintType;
  billNumber: string;
  suppCode?: string;
  /** The chosen template's code ('' for the default), kept by the page (in the address). */
  templateCode: string;
  onTemplateChange: (code: string) => void;
  /** Put before the template choice in the toolbar (the page's title, a record choice). */
  leading: ReactNode;
}

export function PreviewBody({ printType, billNumber, suppCode, templateCode, onTemplateChange, leading }: Props) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const language = i18n.language === 'en' ? 'en' : 'zh-CN';
  const templates = useQuery(templatesQuery(printType));
  const record = useQuery(recordQuery(printType, billNumber, suppCode));
  const [pageCount, setPageCount] = useState<number | null>(null);
  const list = templates.data ?? [];
  const template = list.find((x) => x.templateCode === templateCode) ?? list[0];

  // The document's title is the PDF's file name the browser offers.
  useEffect(() => {
    const previous = document.title;
    document.title = `${t(`print.types.${printType}`)} ${billNumber}`.trim();
    return () => {
      document.title = previous;
    };
  }, [t, printType, billNumber]);

  const toolbar = (
    <header className="print-toolbar print-hidden">
      {leading}
      {template && (
        <Space wrap>
          <label htmlFor="print-template">{t('print.template')}</label>
          <Select
            id="print-template"
            aria-label={t('print.template')}
            value={template.templateCode}
            onChange={onTemplateChange}
            style={{ minWidth: 240, maxWidth: '80vw' }}
            options={list.map((x) => ({ value: x.templateCode, label: templateText(x.templateName, language) }))}
          />
          <Tag>
            {t(`print.paper.${template.paperSize}`)} · {t(`print.paper.${template.orientation}`)}
          </Tag>
          {pageCount !== null && <Typography.Text data-testid="print-page-count">{t('print.pages', { count: pageCount })}</Typography.Text>}
        </Space>
      )}
      <span className="print-toolbar-fill" />
      <Space wrap>
        <Button type="primary" disabled={!record.data || !template} onClick={() => window.print()}>
          {t('print.print')}
        </Button>
        <Button
          disabled={!record.data || !template}
          onClick={() => {
            void message.info(t('print.savePdfHint'), 3);
            window.print();
          }}
        >
          {t('print.savePdf')}
        </Button>
        <Button onClick={() => window.close()}>{t('print.close')}</Button>
      </Space>
    </header>
  );

  const failure = templates.error ?? record.error;
  let body: ReactNode;
  if (failure)
    body = (
      <Result
        status={
          failure instanceof ApiFailure && failure.status === 403
            ? '403'
            : failure instanceof ApiFailure && failure.status === 404
              ? '404'
              : 'error'
        }
        title={t('print.notFound')}
        subTitle={failure.message}
      />
    );
  else if (templates.data && !template) body = <Result status="warning" title={t('print.noTemplate')} />;
  else if (!template || !record.data)
    body = billNumber ? (
      <div className="print-status">
        <Spin spinning>
          <div style={{ height: 200 }} />
        </Spin>
      </div>
    ) : null;
  else body = <PagedPrintout template={template} record={record.data} onPages={setPageCount} />;

  return (
    <>
      {toolbar}
      <main>{body}</main>
    </>
  );
}
