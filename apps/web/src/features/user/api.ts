// Calls of child-account management (module ms0050) with their query keys; changes are mutations that
// refresh the list.
import { type CallBody, type EmployeeForm, employee, session } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../api/client';
import { searchOf } from '../../components/server-list/search-of';
import { useChange } from '../../lib/react-query';

export type EmployeeListQuery = CallBody<typeof employee.getEmployeeByParentCodePageQuery>;
export type Grant = z.infer<typeof employee.grant>;

export const employeeKeys = { all: ['employees'] as const };

export const employeePageQuery = (query: EmployeeListQuery) =>
  queryOptions({
    queryKey: [...employeeKeys.all, 'page', query],
    queryFn: () => call(employee.getEmployeeByParentCodePageQuery, { body: query }),
    placeholderData: (previous) => previous,
  });

/** Texts of a list column across every page of the search and the other column filters (the checklist). */
export async function employeeColumnValues(query: EmployeeListQuery, field: string): Promise<string[]> {
  return (await call(employee.getEmployeeColumnValues, { body: { ...searchOf(query), field } }, { silent: true })).values;
}

export const employeeDetailQuery = (employeeCode: string) =>
  queryOptions({
    queryKey: [...employeeKeys.all, 'detail', employeeCode],
    queryFn: () => call(employee.getEmployeeDetail, { query: { employeeCode } }),
    enabled: Boolean(employeeCode),
  });

export const grantsQuery = (employeeCode: string) =>
  queryOptions({
    queryKey: [...employeeKeys.all, 'grants', employeeCode],
    queryFn: () => call(employee.queryChildPermissioByEmpCode, { query: { employeeCode } }),
    enabled: Boolean(employeeCode),
  });

export const historyQuery = (employeeCode: string) =>
  queryOptions({
    queryKey: [...employeeKeys.all, 'history', employeeCode],
    queryFn: () => call(employee.getEmployeeHistory, { query: { employeeCode } }),
    enabled: Boolean(employeeCode),
  });

export const resourcesQuery = queryOptions({
  queryKey: [...employeeKeys.all, 'resources'],
  queryFn: () => call(employee.fetchResource, { query: {} }),
  staleTime: 60_000,
});

export const nextCodeQuery = queryOptions({
  queryKey: [...employeeKeys.all, 'next-code'],
  queryFn: () => call(employee.getChildEmployeeCode, { query: {} }),
  staleTime: 0,
});

/** Whether a code is free; silent: the form shows the answer by the field. */
export const isCodeFree = (employeeCode: string) => call(employee.checkEmployeeCode, { query: { employeeCode } }, { silent: true });
export const isMobileFree = (movPhone: string, employeeCode?: string) =>
  call(employee.checkMobileUnique, { query: { movPhone, ...(employeeCode ? { employeeCode } : {}) } }, { silent: true });

const saveAccount = ({ form, editing }: { form: EmployeeForm; editing: boolean }) =>
  editing
    ? call(employee.updateSupChild, { body: form }, { silent: true }).then(() => null)
    : call(employee.insertSupChild, { body: form }, { silent: true });

/** The first save of a child's grants inserts them; later saves replace them. */
const saveGrants = ({ grant, first }: { grant: Grant; first: boolean }) =>
  call(first ? employee.insertSupChildRole : employee.updateSupChildRole, { body: grant }, { silent: true });

const setEnabled = ({ employeeCode, enabled }: { employeeCode: string; enabled: boolean }) =>
  call(employee.changeIsUsed, { query: { employeeCode, isUsed: enabled ? '1' : '0' } });
const resetPassword = (employeeCode: string) => call(employee.resetPassword, { query: { employeeCode } });
const deleteAccount = (employeeCode: string) => call(employee.deleteEmployee, { query: { employeeCode } });
const endSessions = (employeeCode: string) => call(session.endAccountSessions, { body: { employeeCode } });

export const useSaveAccount = () => useChange(saveAccount, [employeeKeys.all]);
export const useSaveGrants = () => useChange(saveGrants, [employeeKeys.all]);
export const useSetEnabled = () => useChange(setEnabled, [employeeKeys.all]);
export const useResetPassword = () => useChange(resetPassword, [employeeKeys.all]);
export const useDeleteAccount = () => useChange(deleteAccount, [employeeKeys.all]);
/** Ends every session of an account (结束会话): nothing the list shows changes. */
export const useEndSessions = () => useChange(endSessions, []);
