// The child-account grid: columns of the Employee entity (spec section 3) and rows as the grid shows them.
import { type Employee, employee } from '@portal/contract';
import type { TFunction } from 'i18next';
import type { GridColumn, GridRow } from '../../components/data-grid';
import { formatTime } from '../../lib/format';

export function employeeColumns(t: TFunction): GridColumn[] {
  const title = (field: string) => t(`employee.columns.${field}`);
  return [
    { field: 'employeeCode', title: title('employeeCode'), width: 120, fixed: 'left' },
    { field: 'employeeName', title: title('employeeName'), width: 110 },
    { field: 'movPhone', title: title('movPhone'), width: 120 },
    {
      field: 'isUsed',
      title: title('isUsed'),
      width: 80,
      // The cell keeps the contract's word (the server filters on it); the user reads it in its language.
      display: (value) =>
        value === employee.employeeStatusText['1']
          ? t('employee.enabled')
          : value === employee.employeeStatusText['0']
            ? t('employee.disabled')
            : value,
    },
    { field: 'matureDate', title: title('matureDate'), type: 'date', width: 110 },
    { field: 'email', title: title('email'), width: 180 },
    { field: 'buildDate', title: title('buildDate'), width: 160 },
    { field: 'firstLoginTime', title: title('firstLoginTime'), width: 160 },
    { field: 'lastLoginTime', title: title('lastLoginTime'), width: 160 },
    { field: 'closeDate', title: title('closeDate'), width: 160 },
  ];
}

/** Status as the contract's words, times in the default format: the server filters on the same texts. */
export function employeeRow(e: Employee): GridRow {
  return {
    ...e,
    isUsed: employee.employeeStatusText[e.isUsed],
    buildDate: formatTime(e.buildDate),
    firstLoginTime: formatTime(e.firstLoginTime),
    lastLoginTime: formatTime(e.lastLoginTime),
    closeDate: formatTime(e.closeDate),
  };
}
