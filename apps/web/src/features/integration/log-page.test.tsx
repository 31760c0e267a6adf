// @vitest-environment jsdom
// 接口日志 as staff use it: the list call asks for the first page newest first, a search sends the sender and
// 'refusals only', the export sends the same search without paging and the format.
import { integration } from '@portal/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { fileTypes } from '../../api/download';
import { fakeServer, fileAnswer, installBrowserParts, renderPage, savedFiles, signIn } from '../../test/page';
import LogPage from './log-page';

beforeAll(installBrowserParts);

const row: integration.LogRow = {
  id: '7',
  at: '2026-11-26 10:00:00',
  source: 'api',
  clientId: 'erp-main',
  sender: '总部ERP (erp-main)',
  entity: 'purchase-orders',
  documents: 3,
  created: 1,
  updated: 1,
  unchanged: 0,
  stale: 0,
  refused: 1,
  lines: 9,
  durationMs: 41,
};

const button = (text: string) =>
  waitFor(() => {
    const found = [...document.querySelectorAll('button')].find((b) => b.textContent?.replace(/\s/g, '') === text.replace(/\s/g, ''));
    if (!found) throw new Error(`no button ${text}`);
    return found;
  });

describe('integration log page', () => {
  it('asks for the first page, searches by sender and refusals only, and exports the same search', async () => {
    signIn({ staff: true });
    const calls = fakeServer([
      [integration.getIntegrationLog, { total: 1, list: [row] }],
      [integration.exportIntegrationLog, fileAnswer(fileTypes.xlsx[0], 'integration-log.xlsx')],
    ]);
    const saved = savedFiles();
    renderPage(<LogPage />, { path: '/integrationLog' });
    await waitFor(() => expect(calls.to(integration.getIntegrationLog)).toHaveLength(1));
    expect(calls.to(integration.getIntegrationLog)[0]!.body).toEqual({ page: 1, limit: 20 });

    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('客户端/用户'), ' erp ');
    await user.click(screen.getByLabelText('只看有拒绝的'));
    await user.click(await button('查询'));
    await waitFor(() => expect(calls.to(integration.getIntegrationLog)).toHaveLength(2));
    expect(calls.to(integration.getIntegrationLog)[1]!.body).toEqual({ page: 1, limit: 20, sender: 'erp', refusedOnly: true });

    await user.click(await button('导出Excel'));
    await waitFor(() => expect(calls.to(integration.exportIntegrationLog)).toHaveLength(1));
    expect(calls.to(integration.exportIntegrationLog)[0]!.body).toEqual({ sender: 'erp', refusedOnly: true, format: 'xlsx' });
    // The download ends before the test does: a file saved, no warning left to pop up after the page is gone.
    await waitFor(() => expect(saved).toEqual(['integration-log.xlsx']));
    // Nothing selected yet: the refusals button waits for a row.
    expect((await button('查看拒绝明细')).disabled).toBe(true);
  }, 90_000);
});
