// The per-user menu (route JSON of spec section 2), module and button permissions.
import { z } from 'zod';
import { defineCall } from './call';

export const routeMeta = z.object({
  title: z.string(),
  /** The title in English (not in the spec's route JSON: the web's English menu); absent where there is none. */
  titleEn: z.string().optional(),
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
  signedIn: "the caller's own menu, which decides what else they may reach",
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
  signedIn: "the caller's own rights; the service limits other accounts to its child accounts or (staff) its tenant",
  query: z.object({ employeeCode: z.string().trim().max(64).optional() }),
  data: permission,
});

export const externalModule = z.object({
  moudleCode: z.string(),
  name: z.string(),
  url: z.string(),
  kind: z.enum(['frame', 'sso']),
});
export type ExternalModule = z.infer<typeof externalModule>;

export const getExternalModules = defineCall({
  area: 'menu',
  method: 'GET',
  path: '/menu/externalModules',
  summary: 'External partner modules the caller holds: the only addresses the shell may frame or open',
  signedIn: 'answers only the external modules the caller holds',
  data: z.array(externalModule),
});

const moduleQuery = z.object({ moudleCode: z.string().trim().min(1, 'moudleCode 不能为空').max(32) });

export const getSsoLink = defineCall({
  area: 'menu',
  method: 'GET',
  path: '/menu/ssoLink',
  summary: 'A signed, short-lived single-sign-on link to a partner system (modules ms0045, ms0062, ms0066)',
  signedIn: 'the service answers only for an sso module the caller holds (the module is a query field)',
  query: moduleQuery,
  data: z.object({ url: z.string() }),
});

export const getSecondVerifyCode = defineCall({
  area: 'menu',
  method: 'GET',
  path: '/menu/secondVerifyCode',
  summary: 'A one-time second-verification code for a partner system (module ms0066)',
  signedIn: 'the service answers only for an sso module the caller holds (the module is a query field)',
  query: moduleQuery,
  data: z.object({ code: z.string(), expiresInSeconds: z.number().int() }),
});

export const checkPage = defineCall({
  area: 'menu',
  method: 'GET',
  path: '/menu/checkPage',
  summary:
    "Whether the caller may open a page of the web app (its module's path, or a page below it): 'held', 'forbidden' (the page exists, the caller lacks its module: the web shows 403) or 'none' (no such page: 404)",
  signedIn: "answers only about the caller's own rights",
  query: z.object({ path: z.string().trim().min(1, 'path 不能为空').max(300) }),
  // Answered, not refused: the browser logs a refused request as a console error, and an unknown address is no error.
  data: z.object({ access: z.enum(['held', 'forbidden', 'none']) }),
});
