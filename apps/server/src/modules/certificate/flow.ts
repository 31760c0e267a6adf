// The workflow of a certificate: a supplier saves (未提交) and submits (已提交); staff approve (已审核) or
// return it with a reason (审核退回); resubmitting restarts review. A new certificate of the same type
// replaces the current one, which stays with its history. The daily job's marks are history entries too.
import { type CertificateStatus, certificate } from '@portal/contract';
import { type Who, defineWorkflow } from '../../platform/workflow/definition';

const supplier: readonly Who[] = [{ kind: 'main' }, { kind: 'child', button: 'upload' }];
const reviewer: readonly Who[] = [{ kind: 'staff', role: 'admin' }];
const editable: readonly CertificateStatus[] = ['未提交', '审核退回'];
const any: readonly CertificateStatus[] = certificate.certificateStatuses;

export const certificateFlow = defineWorkflow({
  record: 'certificate',
  label: '证照',
  labelEn: 'certificate',
  module: certificate.certificateModule,
  statusText: certificate.certificateStatusText,
  statusTextEn: certificate.certificateStatusTextEn,
  transitions: {
    create: { from: [], to: '未提交', who: supplier, label: '新建', labelEn: 'create' },
    update: { from: editable, who: supplier, label: '修改', labelEn: 'edit' },
    submit: { from: editable, to: '已提交', who: supplier, label: '提交审核', labelEn: 'submit' },
    approve: { from: ['已提交'], to: '已审核', who: reviewer, label: '审核通过', labelEn: 'approve' },
    return: { from: ['已提交'], to: '审核退回', who: reviewer, label: '审核退回', labelEn: 'return' },
    replace: { from: ['未提交', '已审核', '审核退回'], who: supplier, label: '更换', labelEn: 'replace' },
    // Marks of the daily job (written by it, never run by a caller).
    'expiry-warn': { from: any, who: [], label: '到期预警', labelEn: 'warn of the expiry of' },
    'review-warn': { from: any, who: [], label: '年审预警', labelEn: 'warn of the annual review of' },
    expire: { from: any, who: [], label: '已过期', labelEn: 'mark as expired' },
  },
});
