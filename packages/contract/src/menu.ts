// The per-user menu (route JSON of spec section 2), module and button permissions.
import { z } from 'zod';
import { defineCall } from './call';

export const routeMeta = z.object({
  title: z.string(),
  roles: z.array(z.string()).optional(),
  icon: z.string().optional(),
  affix: z.boolean().optional(),
  breadcrumb: z.boolean().optional(),
  activeMenu: z.string().optional(),
  noCache: z.boolean().optional(),
});

export interface RouteItem {
  name: string;
  path: string;
  component: string;
  meta: z.infer<typeof routeMeta>;
  hidden: boolean;
  alwaysShow?: boolean | undefined;
  redirect?: string | undefined;
  moudleCode: string;
  children: RouteItem[];
}

export const routeItem: z.ZodType<RouteItem> = z.lazy(() =>
  z.object({
    name: z.string(),
    path: z.string(),
    component: z.string(),
    meta: routeMeta,
    hidden: z.boolean(),
    alwaysShow: z.boolean().optional(),
    redirect: z.string().optional(),
    moudleCode: z.string(),
    children: z.array(routeItem),
  }),
);

export const queryMerchantsModuleList = defineCall({
  area: 'menu',
  method: 'GET',
  path: '/user/queryMerchantsModuleList',
  summary: 'The menu of the calling user as route JSON',
  query: z.object({ token: z.string().optional() }),
  data: z.array(routeItem),
});

export const permission = z.object({
  employeeCode: z.string(),
  moduleCodes: z.array(z.string()),
  buttons: z.array(z.object({ moudleCode: z.string(), buttonCode: z.string() })),
});
export type Permission = z.infer<typeof permission>;

export const queryPermissionByeEmployeeCode = defineCall({
  area: 'menu',
  method: 'GET',
  path: '/user/queryPermissionByeEmployeeCode',
  summary: 'Modules and buttons an account holds (itself, its child accounts, or, for staff, any account of the tenant)',
  query: z.object({ employeeCode: z.string().trim().max(64).optional() }),
  data: permission,
});

export const getAuthBtnList = defineCall({
  area: 'common',
  method: 'POST',
  path: '/api/comm/getAuthBtnList.do',
  summary: 'Button codes the caller holds on a menu code (legacy envelope)',
  envelope: 'legacy',
  body: z.object({ menuCode: z.string().trim().min(1, 'menuCode 不能为空').max(32) }),
  data: z.array(z.string()),
});
