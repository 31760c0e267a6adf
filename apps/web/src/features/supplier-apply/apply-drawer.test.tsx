// @vitest-environment jsdom
// A cooperation application as staff review it: 营业期限至 left empty reads 长期 (No end date), never the form's
// hint 不填表示长期; a date given reads as the date.
import { type CallData, supplierApply } from '@portal/contract';
import { screen } from '@testing-library/react';
import i18n from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeServer, installBrowserParts, renderPage, signIn } from '../../test/page';
import { ApplyDrawer } from './apply-drawer';

beforeAll(installBrowserParts);

const application = (licenceValidTo: string): CallData<typeof supplierApply.getApplyDetail> => ({
  applyNo: 'SA20261124-0001',
  companyName: '宁波海润水产食品有限公司',
  creditCode: '91330206MA2J8K3L4X',
  legalPerson: '林海',
  contactName: '林晓',
  contactPhone: '13957811234',
  categoryNames: '1501_水产',
  status: '已提交',
  suppCode: '',
  fileCount: 0,
  submittedAt: '2026-11-24 10:30:00',
  updatedAt: '2026-11-24 10:30:00',
  licenceValidTo,
  address: '',
  contactEmail: '',
  bankName: '宁波银行',
  bankAccount: '6222000000000001',
  categories: [{ code: '1501', name: '水产' }],
  remark: '',
  returnReason: '',
  files: [],
  history: [],
  actions: [],
});

/** The value beside a label of the drawer's description list. */
const valueOf = async (label: string) =>
  (await screen.findByText(label, { selector: 'th *, th' })).closest('th')!.nextElementSibling!.textContent;

describe('cooperation application drawer', () => {
  it('reads an empty licence end as 长期, not the hint of the form', async () => {
    signIn({ staff: true });
    fakeServer([[supplierApply.getApplyDetail, application('')]]);
    renderPage(<ApplyDrawer applyNo="SA20261124-0001" onClose={() => undefined} />);
    expect(await valueOf('营业期限至')).toBe('长期');
    expect(screen.queryByText('不填表示长期')).toBeNull();
  }, 60_000);

  it('reads a licence end date as the date, and an empty one in English as No end date', async () => {
    signIn({ staff: true });
    fakeServer([[supplierApply.getApplyDetail, application('2036-05-31')]]);
    const { unmount } = renderPage(<ApplyDrawer applyNo="SA20261124-0001" onClose={() => undefined} />);
    expect(await valueOf('营业期限至')).toBe('2036-05-31');
    unmount();
    fakeServer([[supplierApply.getApplyDetail, application('')]]);
    renderPage(<ApplyDrawer applyNo="SA20261124-0001" onClose={() => undefined} />);
    await i18n.changeLanguage('en');
    expect(await valueOf('Licence valid until')).toBe('No end date');
    expect(screen.queryByText('Empty: no end date')).toBeNull();
  }, 60_000);
});
