// Base data lookups used by filters everywhere: brands, stores, categories, accounting units,
// business options, bill numbers, system parameters.
import { z } from 'zod';
import { defineCall } from './call';
import { ModuleCode } from './modules';

/** Maintaining the tenant's business options: a staff module without a page of its own (migration 0008), held by the admin role. */
export const busOptionModule = ModuleCode.busOption;

export const brand = z.object({ brandCode: z.string(), brandName: z.string() });
export const dept = z.object({ deptCode: z.string(), deptName: z.string(), deptType: z.enum(['store', 'dc']), city: z.string() });
export const category = z.object({
  categoryCode: z.string(),
  parentCategoryCode: z.string(),
  categoryName: z.string(),
  level: z.number().int(),
});

export interface CategoryNode {
  categoryCode: string;
  parentCategoryCode: string;
  categoryName: string;
  /** `code_name`, as spec section 3 says. */
  label: string;
  children: CategoryNode[];
}
export const categoryNode: z.ZodType<CategoryNode> = z.lazy(() =>
  z.object({
    categoryCode: z.string(),
    parentCategoryCode: z.string(),
    categoryName: z.string(),
    label: z.string(),
    children: z.array(categoryNode),
  }),
);

// POST bodies a caller may leave out entirely arrive as null.
const keyword = z.object({ keyword: z.string().trim().max(64).optional() }).nullish();

export const getAllBrandInfo = defineCall({
  area: 'base-info',
  method: 'POST',
  path: '/baseInfo/getAllBrandInfo',
  signedIn: 'reference data of the tenant that the filters of several pages read',
  summary: 'Brands (optionally matching a keyword in code or name)',
  body: keyword,
  data: z.array(brand),
});
export const getAllDeptInfo = defineCall({
  area: 'base-info',
  method: 'POST',
  path: '/baseInfo/getAllDeptInfo',
  signedIn: 'reference data of the tenant that the filters of several pages read',
  summary: 'Stores and distribution centres',
  body: keyword,
  data: z.array(dept),
});
export const getCategoryInfo = defineCall({
  area: 'base-info',
  method: 'POST',
  path: '/baseInfo/getCategoryInfo',
  signedIn: 'reference data of the tenant that the filters of several pages read',
  summary: 'Categories, flat, optionally the children of one parent',
  body: z.object({ parentCategoryCode: z.string().max(32).optional(), keyword: z.string().trim().max(64).optional() }).nullish(),
  data: z.array(category),
});
export const getCategoryTreeInfo = defineCall({
  area: 'base-info',
  method: 'POST',
  path: '/baseInfo/getCategoryTreeInfo',
  signedIn: 'reference data of the tenant that the filters of several pages read',
  summary: 'The category tree, children nested by parent code',
  data: z.array(categoryNode),
});
export const getAccUnitCodeInfo = defineCall({
  area: 'base-info',
  method: 'POST',
  path: '/baseInfo/getAccUnitCodeInfo',
  signedIn: 'reference data of the tenant that the filters of several pages read',
  summary: "Accounting units (the retailer's legal entities that settle)",
  data: z.array(z.object({ unitCode: z.string(), unitName: z.string(), taxNumber: z.string() })),
});

export const busOption = z.object({
  busShortName: z.string().trim().min(1, '请输入业务简称').max(32),
  busShortDetailName: z.string().trim().min(1, '请输入业务名称').max(64),
  permissionType: z.enum(['all', 'dept', 'category', 'supplier']),
  permission: z.array(z.string().max(32)).max(2000),
});
export type BusOption = z.infer<typeof busOption>;

export const queryBusOption = defineCall({
  area: 'base-info',
  method: 'POST',
  path: '/baseInfo/queryBusOption',
  signedIn: 'reference data of the tenant that the filters of several pages read',
  summary: 'Business options of the tenant',
  body: z.object({ busShortName: z.string().trim().max(32).optional() }).nullish(),
  data: z.array(busOption),
});
export const saveBusOption = defineCall({
  area: 'base-info',
  method: 'POST',
  path: '/baseInfo/saveBusOption',
  summary: 'Create or update a business option (staff)',
  module: busOptionModule,
  changes: true,
  body: busOption,
  data: busOption,
});

export const getBillNumber = defineCall({
  area: 'base-info',
  method: 'GET',
  path: '/baseInfo/getBillNumber',
  changes: true,
  signedIn: 'numbers the bills any page of the tenant creates (the sequence is per tenant and code)',
  summary: 'Next bill number: code + yyyyMMdd + a zero-padded daily sequence, unique under concurrency',
  query: z.object({
    code: z
      .string()
      .trim()
      .regex(/^[A-Z]{1,6}$/, 'code 应为 1-6 位大写字母'),
    digits: z.coerce.number().int().min(3).max(10).default(6),
  }),
  data: z.string(),
});
