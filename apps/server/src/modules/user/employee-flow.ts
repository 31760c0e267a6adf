// The workflow of a child account: enabled ('1') or disabled ('0'); only its main account changes it,
// and every change (edit, grants, password reset too) is a transition in the record's history.
import { type EmployeeStatus, employee } from '@portal/contract';
import { type Who, defineWorkflow } from '../../platform/workflow/definition';

const main: readonly Who[] = [{ kind: 'main' }];
const any: readonly EmployeeStatus[] = ['1', '0'];

export const employeeFlow = defineWorkflow({
  record: 'employee',
  label: '子账号',
  labelEn: 'child account',
  module: employee.employeeModule,
  statusText: employee.employeeStatusText,
  statusTextEn: { '1': 'Enabled', '0': 'Disabled' },
  transitions: {
    create: { from: [], to: '1', who: main, label: '新建', labelEn: 'create' },
    update: { from: any, who: main, label: '修改', labelEn: 'edit' },
    grant: { from: any, who: main, label: '授权', labelEn: 'grant modules to' },
    'reset-password': { from: any, who: main, label: '重置密码', labelEn: 'reset the password of' },
    enable: { from: ['0'], to: '1', who: main, label: '启用', labelEn: 'enable' },
    disable: { from: ['1'], to: '0', who: main, label: '停用', labelEn: 'disable' },
    delete: { from: any, to: null, who: main, label: '删除', labelEn: 'delete' },
  },
});
