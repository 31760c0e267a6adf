// @vitest-environment jsdom
// The dashboard's certificate card: each item's tag and the type's name read apart, the type in the user's
// language ('Missing Food business licence', not 'Missing食品经营许可证'), in Chinese as the tenant named it.
import { type CertificateSummary, certificate } from '@portal/contract';
import { screen, waitFor } from '@testing-library/react';
import i18n from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeServer, installBrowserParts, renderPage, signIn } from '../../test/page';
import { CertificateCard } from './certificate-card';

beforeAll(installBrowserParts);

const summary: CertificateSummary = {
  today: '2026-11-26',
  missing: 1,
  expiring: 1,
  expired: 0,
  items: [
    {
      suppName: '杭州绿源乳业有限公司',
      typeName: '食品经营许可证',
      typeNameEn: 'Food business licence',
      ctfName: '',
      ctfNumber: '',
      validTo: '',
      daysLeft: null,
      problem: 'missing',
    },
    {
      suppName: '上海禾丰食品有限公司',
      typeName: '生产许可证',
      typeNameEn: 'Production licence',
      ctfName: '食品生产许可证',
      ctfNumber: 'SC10631011000123',
      validTo: '2026-12-08',
      daysLeft: 12,
      problem: 'expiring',
    },
  ],
};

const items = () => [...document.querySelectorAll('.ant-list-item')].map((li) => li.textContent?.trim());

describe('dashboard certificate card', () => {
  it('reads each item in English with a space between the tag and the English type name', async () => {
    signIn();
    fakeServer([[certificate.getCertificateSummary, summary]]);
    renderPage(<CertificateCard />);
    await i18n.changeLanguage('en');
    await screen.findByText(/Food business licence/);
    await waitFor(() =>
      expect(items()).toEqual([
        'Missing Food business licence · 杭州绿源乳业有限公司',
        'Expiring Production licence SC10631011000123 · 12 days left',
      ]),
    );
  }, 60_000);

  it('reads each item in Chinese as the tenant named the type', async () => {
    signIn();
    fakeServer([[certificate.getCertificateSummary, summary]]);
    renderPage(<CertificateCard />);
    await screen.findByText(/食品经营许可证/);
    expect(items()[0]).toBe('缺失 食品经营许可证 · 杭州绿源乳业有限公司');
  }, 60_000);
});
