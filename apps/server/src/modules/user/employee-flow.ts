// The workflow of a child account: enabled ('1') or disabled ('0'); only its main account changes it,
// and every change (edit, grants, password reset too) is a transition in the record's history.
import { type EmployeeStatus, employee } from '@portal/contract';
import { type Who, defineWorkflow } from '../../platform/workflow/definition';

const main: readonly Who[] = [{ kind: 'main' }];
const any: readonly EmployeeStatus[] = ['1', '0'];

export const employeeFlow = defineWorkflow({
  record: 'employee',
  label: '子账号',
  module: employee.employeeModule,
  statusText: employee.employeeStatusText,
  transitions: {
    create: { from: [], to: '1', who: main, label: '新建' },
    update: { from: any, who: main, label: '修改' },
    grant: { from: any, who: main, label: '授权' },
    'reset-password': { from: any, who: main, label: '重置密码' },
    enable: { from: ['0'], to: '1', who: main, label: '启用' },
    disable: { from: ['1'], to: '0', who: main, label: '停用' },
    delete: { from: any, to: null, who: main, label: '删除' },
  },
});
