// A supplier main account's child (staff) accounts: list, create, edit, grants, enable, reset, delete.
import { z } from 'zod';
import { defineCall } from './call';
import { PageSizes } from './constants';
import { history } from './history';
import { columnFilters, columnValues, columnValuesParams, isoDate, pageOf, sortParam } from './paging';
import { ModuleCode } from './modules';

/** Child-account management: only main accounts use it, so it is never granted to a child. */
export const employeeModule = ModuleCode.employee;

/**
 * Modules only a main account holds, never granted to a child: account management, and 操作日志 (issue 31), whose
 * entries are every account's of the supplier (a child would read its main account's actions).
 */
export const mainAccountModules: readonly string[] = [ModuleCode.employee, ModuleCode.activityLog];

/**
 * Modules every account holds (issue 30): 消息中心 and 通知设置. A child account has them from its creation and keeps
 * them whatever its main account grants; they are not in the grant tree.
 */
export const everyAccountModules: readonly string[] = [ModuleCode.messageCentre, ModuleCode.notificationSettings];

export const employee = z.object({
  employeeCode: z.string(),
  employeeName: z.string(),
  movPhone: z.string(),
  email: z.string(),
  /** '1' enabled, '0' disabled. */
  isUsed: z.enum(['0', '1']),
  buildDate: z.string(),
  closeDate: z.string(),
  firstLoginTime: z.string(),
  lastLoginTime: z.string(),
  matureDate: z.string(),
  /** '1' when the caller may edit this account. */
  isEdit: z.enum(['0', '1']),
});
export type Employee = z.infer<typeof employee>;

/** How the list shows isUsed; the server filters the status column on these same words. */
export const employeeStatusText = { '1': '启用', '0': '停用' } as const;
/** The states of a child account ('1' enabled, '0' disabled), as the workflow and the history name them. */
export type EmployeeStatus = keyof typeof employeeStatusText;

export const employeeListQuery = z.object({
  /** Matches code, name or mobile. */
  rawInfo: z.string().trim().max(64).optional(),
  /** '1' enabled, '0' disabled, '' or absent: both. */
  status: z.enum(['', '0', '1']).optional(),
  /** '1' (or true): rawInfo must match exactly. */
  isStrict: z.union([z.boolean(), z.enum(['0', '1'])]).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(1000).default(PageSizes.employee),
  sort: sortParam.optional(),
  /** Column filters of the grid, applied on the server. */
  filters: columnFilters.optional(),
  /** Staff only: the supplier whose accounts to view. */
  suppCode: z.string().trim().max(32).optional(),
});

export const getEmployeeByParentCodePageQuery = defineCall({
  area: 'user',
  method: 'POST',
  path: '/user/getEmployeeByParentCodePageQuery',
  module: employeeModule,
  summary: "Child accounts of the caller's main account (staff: of a supplier), paged",
  body: employeeListQuery,
  data: pageOf(employee),
});

export const getEmployeeColumnValues = defineCall({
  area: 'user',
  method: 'POST',
  path: '/user/getEmployeeColumnValues',
  module: employeeModule,
  summary:
    "Distinct texts of one column of the child-account list under the search and the other column filters (the grid's value checklist)",
  body: employeeListQuery.omit({ page: true, limit: true, sort: true }).extend(columnValuesParams),
  data: columnValues,
});

const mobile = z
  .string()
  .trim()
  .regex(/^1[3-9]\d{9}$/, '请输入正确的手机号码');

/** The employee edit form of spec section 3. */
export const employeeForm = z.object({
  empCode: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{3,32}$/, '账号为3-32位字母、数字或-'),
  name: z.string().trim().min(1, '请输入姓名').max(32),
  mobile,
  email: z.union([z.literal(''), z.string().trim().email('请输入正确的邮箱地址').max(64)]).default(''),
  position: z.string().trim().max(32).default(''),
  remark: z.string().trim().max(200).default(''),
  sex: z.enum(['', '男', '女']).default(''),
  cardNo: z.string().trim().max(32).default(''),
  profies: z.string().trim().max(500).default(''),
  headPicUrl: z.string().trim().max(500).default(''),
  wxQRCode: z.string().trim().max(500).default(''),
  loginName: z.string().trim().max(32).default(''),
  deptCode: z.string().trim().max(32).default(''),
  /** Account expiry, YYYY-MM-DD; empty: never. */
  matureDate: z.union([z.literal(''), isoDate]).default(''),
});
export type EmployeeForm = z.infer<typeof employeeForm>;

export const employeeDetail = employeeForm.extend({
  isUsed: z.enum(['0', '1']),
  parentCode: z.string(),
  buildDate: z.string(),
  lastLoginTime: z.string(),
});

export const getEmployeeDetail = defineCall({
  area: 'user',
  method: 'GET',
  path: '/user/getEmployeeDetail',
  module: employeeModule,
  summary: 'One child account with every form field (for edit, copy and read-only view)',
  query: z.object({ employeeCode: z.string().trim().min(1).max(32) }),
  data: employeeDetail,
});

export const checkEmployeeCode = defineCall({
  area: 'user',
  method: 'GET',
  path: '/user/checkEmployeeCode',
  module: employeeModule,
  summary: 'Whether an account code is free (true) or taken (false)',
  query: z.object({ employeeCode: z.string().trim().min(1).max(32) }),
  data: z.boolean(),
});

export const checkMobileUnique = defineCall({
  area: 'user',
  method: 'GET',
  path: '/user/checkMobileUnique',
  module: employeeModule,
  summary: 'Whether a mobile number is free (true); pass employeeCode to ignore that account when editing',
  query: z.object({ movPhone: z.string().trim().min(1).max(20), employeeCode: z.string().trim().max(32).optional() }),
  data: z.boolean(),
});

export const getChildEmployeeCode = defineCall({
  area: 'user',
  method: 'GET',
  path: '/user/getChildEmployeeCode',
  module: employeeModule,
  summary: 'The next free child code of a main account, such as 100001-02',
  query: z.object({ employeeCode: z.string().trim().max(32).optional() }),
  data: z.string(),
});

export const insertSupChild = defineCall({
  area: 'user',
  method: 'POST',
  path: '/user/insertSupChild',
  module: employeeModule,
  changes: true,
  summary: 'Create a child account; answers its one-time initial password (it must be changed at first login)',
  body: employeeForm,
  data: z.object({ employeeCode: z.string(), initialPassword: z.string() }),
});

export const updateSupChild = defineCall({
  area: 'user',
  method: 'POST',
  path: '/user/updateSupChild',
  module: employeeModule,
  changes: true,
  summary: 'Update a child account',
  body: employeeForm,
  data: z.null(),
});

export const grant = z.object({
  employeeCode: z.string().trim().min(1).max(32),
  moduleCodes: z.array(z.string().max(32)).max(500),
  buttons: z.array(z.object({ moudleCode: z.string().max(32), buttonCode: z.string().max(32) })).max(2000),
});

export interface ResourceNode {
  moudleCode: string;
  name: string;
  /** The module's English name, where it has one. */
  nameEn?: string | undefined;
  buttons: { buttonCode: string; name: string }[];
  children: ResourceNode[];
}
export const resourceNode: z.ZodType<ResourceNode> = z.lazy(() =>
  z.object({
    moudleCode: z.string(),
    name: z.string(),
    nameEn: z.string().optional(),
    buttons: z.array(z.object({ buttonCode: z.string(), name: z.string() })),
    children: z.array(resourceNode),
  }),
);

export const fetchResource = defineCall({
  area: 'user',
  method: 'GET',
  path: '/user/fetchResource',
  module: employeeModule,
  summary: 'Modules and buttons the main account may grant (never more than it holds), as a tree',
  query: z.object({ employeeCode: z.string().trim().max(32).optional() }),
  data: z.array(resourceNode),
});

export const queryChildPermissioByEmpCode = defineCall({
  area: 'user',
  method: 'GET',
  path: '/user/queryChildPermissioByEmpCode',
  module: employeeModule,
  summary: 'The grants of a child account',
  query: z.object({ employeeCode: z.string().trim().min(1).max(32) }),
  data: grant,
});

export const insertSupChildRole = defineCall({
  area: 'user',
  method: 'POST',
  path: '/user/insertSupChildRole',
  module: employeeModule,
  changes: true,
  stepUp: true,
  summary: 'Set the grants of a child account (first time)',
  body: grant,
  data: z.null(),
});
export const updateSupChildRole = defineCall({
  area: 'user',
  method: 'POST',
  path: '/user/updateSupChildRole',
  module: employeeModule,
  changes: true,
  stepUp: true,
  summary: 'Replace the grants of a child account',
  body: grant,
  data: z.null(),
});

const codeQuery = z.object({ employeeCode: z.string().trim().min(1, 'employeeCode 不能为空').max(32) });

export const changeIsUsed = defineCall({
  area: 'user',
  method: 'GET',
  path: '/user/changeIsUsed',
  module: employeeModule,
  changes: true,
  summary: 'Enable (1) or disable (0) a child account; disabling ends its sessions at once',
  query: codeQuery.extend({ isUsed: z.enum(['0', '1']) }),
  data: z.null(),
});

export const resetPassword = defineCall({
  area: 'user',
  method: 'GET',
  path: '/user/resetPassword',
  module: employeeModule,
  changes: true,
  stepUp: true,
  summary: 'A new random password for a child account, shown once; it must be changed at next login',
  query: codeQuery,
  data: z.object({ employeeCode: z.string(), password: z.string() }),
});

export const deleteEmployee = defineCall({
  area: 'user',
  method: 'GET',
  path: '/user/deleteEmployee',
  module: employeeModule,
  changes: true,
  summary: 'Delete a child account (the journal keeps who did it and what it was)',
  query: codeQuery,
  data: z.null(),
});

export const getEmployeeHistory = defineCall({
  area: 'user',
  method: 'GET',
  path: '/user/getEmployeeHistory',
  module: employeeModule,
  summary: 'What was done to a child account, by whom and when (created, edited, granted, enabled, disabled, reset), oldest first',
  query: codeQuery,
  data: history,
});
