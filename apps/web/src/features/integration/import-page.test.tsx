// @vitest-environment jsdom
// 数据导入 as staff use it: the file chooser takes .xlsx and .csv; a chosen file is checked first (the check call,
// with the entity), its summary shown and its report downloadable; the import button
// imports the file and shows the service's counts; the template buttons ask for each language.
import { integration } from '@portal/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fileTypes } from '../../api/download';
import { fakeServer, fileAnswer, installBrowserParts, renderPage, savedFiles, signIn } from '../../test/page';
import ImportPage from './import-page';

beforeAll(installBrowserParts);
afterEach(() => vi.unstubAllGlobals());

const checked: integration.ImportReport = {
  entity: 'purchase-orders',
  rows: 3,
  documents: 2,
  valid: 1,
  refused: 1,
  counts: null,
  batchId: null,
  truncated: false,
  lines: [
    {
      row: 3,
      key: 'PO-BAD',
      outcome: 'refused',
      column: { 'zh-CN': '商品编码', en: 'Goods code' },
      reason: { 'zh-CN': '商品编码 NOSUCH 不存在', en: 'Unknown goods code NOSUCH' },
    },
    { row: 2, key: 'PO-OK', outcome: 'valid', column: null, reason: null },
  ],
};
const imported: integration.ImportReport = {
  ...checked,
  counts: { created: 1, updated: 0, unchanged: 0, stale: 0, refused: 1 },
  batchId: '42',
  lines: [checked.lines[0]!, { ...checked.lines[1]!, outcome: 'created' }],
};

/** The browser's XMLHttpRequest (uploads use it for their progress), answering the upload calls. */
function fakeUploads(answers: Record<string, unknown>) {
  const sent: { url: string; file: string }[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    upload = { onprogress: null };
    withCredentials = false;
    timeout = 0;
    onload: (() => void) | null = null;
    onerror = null;
    ontimeout = null;
    onabort = null;
    private url = '';
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader() {}
    abort() {}
    send(form: FormData) {
      const file = form.get('file') as File;
      sent.push({ url: this.url, file: file.name });
      const path = new URL(this.url, 'http://localhost').pathname.replace(/^\/api/, '');
      this.status = 200;
      this.responseText = JSON.stringify({ code: '1', data: answers[path] ?? null });
      setTimeout(() => this.onload?.(), 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

const button = (text: string) =>
  waitFor(() => {
    const found = [...document.querySelectorAll('button')].find((b) => b.textContent?.replace(/\s/g, '') === text.replace(/\s/g, ''));
    if (!found) throw new Error(`no button ${text}`);
    return found;
  });

describe('data import page', () => {
  it('checks a chosen file, shows its summary and report, then imports it', async () => {
    signIn({ staff: true });
    const calls = fakeServer([
      [integration.downloadImportTemplate, fileAnswer(fileTypes.xlsx[0], 'purchase-orders-template-en.xlsx')],
      [integration.exportImportReport, fileAnswer(fileTypes.xlsx[0], 'purchase-orders-report.xlsx')],
    ]);
    const saved = savedFiles();
    const uploads = fakeUploads({ [integration.checkImport.path]: checked, [integration.runImport.path]: imported });
    renderPage(<ImportPage />, { path: '/integrationImport' });
    const input = await waitFor(() => {
      const found = document.querySelector<HTMLInputElement>('input[type="file"]');
      if (!found) throw new Error('no file input');
      return found;
    });
    expect(input.accept).toBe('.xlsx,.csv');
    const user = userEvent.setup({ delay: null });

    await user.click(await button('英文模板'));
    await waitFor(() => expect(calls.to(integration.downloadImportTemplate)).toHaveLength(1));
    expect(calls.to(integration.downloadImportTemplate)[0]!.query).toEqual({ entity: 'purchase-orders', language: 'en' });
    await waitFor(() => expect(saved).toEqual(['purchase-orders-template-en.xlsx']));

    await user.upload(input, new File(['订单号\nPO-OK'], 'orders.csv', { type: 'text/csv' }));
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(uploads[0]).toEqual({ url: '/api/integration/import/check?entity=purchase-orders', file: 'orders.csv' });
    expect(await screen.findByText('检查完成：3 行，2 个单据，通过 1 个，有问题 1 个')).toBeTruthy();
    // The report as .xlsx: the lines of the check, as the server answered them.
    await user.click(await button('下载检查报告'));
    await waitFor(() => expect(calls.to(integration.exportImportReport)).toHaveLength(1));
    expect(calls.to(integration.exportImportReport)[0]!.body).toEqual({ entity: 'purchase-orders', lines: checked.lines });
    await waitFor(() => expect(saved).toEqual(['purchase-orders-template-en.xlsx', 'purchase-orders-report.xlsx']));

    await user.click(await button('导入通过检查的 1 个单据'));
    await waitFor(() => expect(uploads).toHaveLength(2));
    expect(uploads[1]!.url).toBe('/api/integration/import/run?entity=purchase-orders');
    expect(await screen.findByText('导入完成：新增 1，更新 0，未变 0，过期版本 0，拒绝 1')).toBeTruthy();
  }, 90_000);
});
