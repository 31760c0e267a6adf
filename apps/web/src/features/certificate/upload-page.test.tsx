// @vitest-environment jsdom
// The certificate upload page as a supplier uses it: the required fields say what is missing and nothing is
// sent; a change to a certificate saves its fields, dates and files; the file chooser offers the call's kinds
// and refuses another kind before sending it; renewing an expired goods certificate from its card brings its
// barcode and goods with it.
import { type Certificate, certificate } from '@portal/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeServer, installBrowserParts, renderPage, signIn } from '../../test/page';
import { TypeCards } from './type-cards';
import UploadPage from './upload-page';

beforeAll(installBrowserParts);

const types = [{ typeCode: 'BL', typeName: '营业执照', enabled: true, scope: 'supplier', annualReview: false }];
const stored = {
  certificate: {
    id: 7,
    typeCode: 'BL',
    ctfNumber: 'N-001',
    ctfName: '营业执照',
    issuer: '市监局',
    validFrom: '2025-01-01',
    validTo: '2027-12-31',
    nextReviewDate: null,
    barcode: '',
    goodsName: '',
    approvalNumber: '',
    files: [{ fileId: 'F1', fileName: 'licence.pdf', contentType: 'application/pdf', size: 1024 }],
  },
};

const server = () =>
  fakeServer([
    [certificate.getCtfTypes, types],
    [certificate.getSupplierCtfs, { types: [] }],
    [certificate.getCtfDetail, stored],
    [certificate.saveCtf, { id: 7 }],
  ]);

/** A button by its text (antd spaces two-character texts: 保 存). */
const button = (text: string) =>
  waitFor(() => {
    const found = [...document.querySelectorAll('button')].find((b) => b.textContent?.replace(/\s/g, '') === text);
    if (!found) throw new Error(`no button ${text}`);
    return found;
  });

describe('certificate upload page', () => {
  it('names every missing required field and sends nothing', async () => {
    signIn();
    const calls = server();
    renderPage(<UploadPage />, { path: '/ctf/upload' });
    const user = userEvent.setup({ delay: null });
    await user.click(await button('保存并提交审核'));
    for (const text of ['请选择证照类型', '请输入证照编号', '请输入证照名称', '请选择有效期至'])
      expect(await screen.findByText(text)).toBeTruthy();
    expect(calls.to(certificate.saveCtf)).toHaveLength(0);
  }, 90_000);

  it('saves a change with its fields, dates and files, without submitting it', async () => {
    signIn();
    const calls = server();
    renderPage(<UploadPage />, { path: '/ctf/upload?id=7' });
    const user = userEvent.setup({ delay: null });
    await waitFor(() => expect((screen.getByDisplayValue('N-001') as HTMLInputElement).value).toBe('N-001'));
    await user.click(await button('保存'));
    await waitFor(() => expect(calls.to(certificate.saveCtf)).toHaveLength(1));
    expect(calls.to(certificate.saveCtf)[0]!.body).toEqual({
      id: 7,
      typeCode: 'BL',
      ctfNumber: 'N-001',
      ctfName: '营业执照',
      issuer: '市监局',
      validFrom: '2025-01-01',
      validTo: '2027-12-31',
      nextReviewDate: '',
      barcode: '',
      goodsName: '',
      approvalNumber: '',
      fileIds: ['F1'],
      submit: false,
    });
    expect(await screen.findByText('已保存')).toBeTruthy();
  }, 90_000);

  it("offers the upload call's kinds and refuses another kind before sending it", async () => {
    signIn();
    const calls = server();
    renderPage(<UploadPage />, { path: '/ctf/upload' });
    const input = await waitFor(() => {
      const found = document.querySelector<HTMLInputElement>('input[type="file"]');
      if (!found) throw new Error('no file input');
      return found;
    });
    expect(input.accept).toBe('.pdf,.jpg,.jpeg,.png');
    const user = userEvent.setup({ delay: null, applyAccept: false });
    await user.upload(input, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText(/文件 notes\.txt 不是允许的类型/)).toBeTruthy();
    expect(calls.to(certificate.uploadCtfFile)).toHaveLength(0);
  }, 90_000);

  it('renews an expired goods certificate from its card with its barcode and goods filled in', async () => {
    signIn();
    const report = {
      id: 41,
      typeCode: 'ZJBG',
      typeName: '质检报告',
      typeNameEn: 'Quality inspection report',
      scope: 'goods',
      mandatory: false,
      suppCode: '100001',
      suppName: '上海禾丰食品有限公司',
      ctfNumber: 'QT2025-0612-031',
      ctfName: '禾丰原味苏打饼干检验报告',
      issuer: '上海市食品质量监督检验研究院',
      validFrom: '2025-11-16',
      validTo: '2026-11-16',
      nextReviewDate: '',
      barcode: '6923456789012',
      goodsName: '禾丰原味苏打饼干',
      approvalNumber: '',
      status: '已审核',
      expiryState: '已过期',
      daysLeft: -10,
      returnReason: '',
      current: true,
      inForce: true,
      updatedAt: '2026-11-16T02:00:00.000Z',
      files: [],
    } satisfies Certificate;
    const type = {
      typeCode: 'ZJBG',
      typeName: '质检报告',
      typeNameEn: 'Quality inspection report',
      scope: 'goods',
      mandatory: false,
      annualReview: false,
      enabled: true,
      sortNo: 5,
    } as const;
    const overview = {
      suppCode: '100001',
      suppName: '上海禾丰食品有限公司',
      today: '2026-11-26',
      types: [{ type, certificates: [report], problem: 'expired' as const }],
    };
    const calls = fakeServer([
      [certificate.getCtfTypes, [type]],
      [certificate.getSupplierCtfs, overview],
      [certificate.saveCtf, { id: 42 }],
    ]);
    renderPage(
      <Routes>
        <Route path="/ctfType" element={<TypeCards types={overview.types} canUpload onOpen={() => undefined} />} />
        <Route path="/ctf/upload" element={<UploadPage />} />
      </Routes>,
      { path: '/ctfType' },
    );
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: '更换 QT2025-0612-031' }));
    await waitFor(() => expect((screen.getByLabelText('商品条码') as HTMLInputElement).value).toBe('6923456789012'));
    expect((screen.getByLabelText('商品名称') as HTMLInputElement).value).toBe('禾丰原味苏打饼干');
    expect((screen.getByLabelText('证照名称') as HTMLInputElement).value).toBe('禾丰原味苏打饼干检验报告');
    expect(await screen.findByText(/将更换当前证照 QT2025-0612-031/)).toBeTruthy();
    await user.type(screen.getByLabelText('证照编号'), 'QT2026-1120-007');
    await user.click(screen.getByLabelText('有效期至'));
    await user.type(screen.getByLabelText('有效期至'), '2027-11-20{enter}');
    await user.click(await button('保存'));
    await waitFor(() => expect(calls.to(certificate.saveCtf)).toHaveLength(1));
    expect(calls.to(certificate.saveCtf)[0]!.body).toMatchObject({
      typeCode: 'ZJBG',
      ctfNumber: 'QT2026-1120-007',
      validTo: '2027-11-20',
      barcode: '6923456789012',
      goodsName: '禾丰原味苏打饼干',
      submit: false,
    });
  }, 90_000);
});
