// Base data lookups used by filters everywhere: brands, stores, categories, accounting units,
// business options, bill numbers, system parameters.
import { z } from 'zod';
import { defineCall } from './call';
import { ModuleCode } from './modules';
import { columnFilters, columnValues, columnValuesParams, pageOf, pageParams, sortParam } from './paging';

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

// ---------------------------------------------------------------------------------------------------------
// The base data screens (staff, folder 基础资料 ms0090): brands, the category tree, stores and DCs.

/** A search of a base-data list: a keyword in code or name, the grid's sort and column filters. */
const baseListQuery = z.object({
  keyword: z.string().trim().max(64).optional(),
  ...pageParams,
  sort: sortParam.optional(),
  filters: columnFilters.optional(),
});

export const brandRow = brand.extend({ goodsCount: z.number().int(), supplierCount: z.number().int() });
export type BrandRow = z.infer<typeof brandRow>;

export const getBrandPage = defineCall({
  area: 'base-info',
  method: 'POST',
  path: '/baseInfo/getBrandPage',
  module: ModuleCode.brand,
  summary: 'Brands of the tenant with how many goods and suppliers carry them, paged',
  body: baseListQuery,
  data: pageOf(brandRow),
});
export const getBrandColumnValues = defineCall({
  area: 'base-info',
  method: 'POST',
  path: '/baseInfo/getBrandColumnValues',
  module: ModuleCode.brand,
  summary: "Distinct texts of one column of the brand list (the grid's value checklist)",
  body: baseListQuery.omit({ page: true, limit: true, sort: true }).extend(columnValuesParams),
  data: columnValues,
});

const code = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `请输入${label}编码`)
    .max(16, `${label}编码最多 16 位`)
    .regex(/^[A-Za-z0-9]+$/, `${label}编码只能包含字母和数字`);
const name = (label: string) => z.string().trim().min(1, `请输入${label}名称`).max(40, `${label}名称最多 40 个字`);

export const brandForm = z.object({ brandCode: code('品牌'), brandName: name('品牌'), isNew: z.boolean() });
export type BrandForm = z.infer<typeof brandForm>;
export const saveBrand = defineCall({
  area: 'base-info',
  method: 'POST',
  path: '/baseInfo/saveBrand',
  module: ModuleCode.brand,
  changes: true,
  summary: 'Create a brand (isNew: its code must be free) or rename one',
  body: brandForm,
  data: brand,
});

export const categoryForm = z.object({
  categoryCode: code('类别'),
  /** '' for a top-level category. */
  parentCategoryCode: z.string().trim().max(16).default(''),
  categoryName: name('类别'),
  isNew: z.boolean(),
});
export type CategoryForm = z.infer<typeof categoryForm>;
export const saveCategory = defineCall({
  area: 'base-info',
  method: 'POST',
  path: '/baseInfo/saveCategory',
  module: ModuleCode.category,
  changes: true,
  summary: 'Create a category under a parent (at most three levels) or rename one',
  body: categoryForm,
  data: category,
});

export const deptRow = dept.extend({ online: z.boolean(), onlineText: z.string() });
export type DeptRow = z.infer<typeof deptRow>;
export const deptTypeText = { store: '门店', dc: '配送中心' } as const;
export const deptOnlineText = { true: '营业', false: '停业' } as const;
export const getDeptPage = defineCall({
  area: 'base-info',
  method: 'POST',
  path: '/baseInfo/getDeptPage',
  module: ModuleCode.dept,
  summary: 'Stores and distribution centres of the tenant, paged',
  body: baseListQuery.extend({ deptType: z.enum(['store', 'dc']).optional() }),
  data: pageOf(deptRow),
});
export const getDeptColumnValues = defineCall({
  area: 'base-info',
  method: 'POST',
  path: '/baseInfo/getDeptColumnValues',
  module: ModuleCode.dept,
  summary: "Distinct texts of one column of the store list (the grid's value checklist)",
  body: baseListQuery
    .omit({ page: true, limit: true, sort: true })
    .extend({ deptType: z.enum(['store', 'dc']).optional(), ...columnValuesParams }),
  data: columnValues,
});

// ---------------------------------------------------------------------------------------------------------
// 核算单位 (ms0094): the retailer's legal entities that settle with suppliers. Staff maintain them; a supplier
// reads those that settle its stores (it invoices them, so it needs their tax number, address and bank).

export const accUnitRow = z.object({
  unitCode: z.string(),
  unitName: z.string(),
  taxNumber: z.string(),
  address: z.string(),
  bankName: z.string(),
  bankAccount: z.string(),
  /** Stores and DCs that settle through the unit (a supplier: of those it deals with). */
  deptCount: z.number().int(),
});
export type AccUnitRow = z.infer<typeof accUnitRow>;

export const getAccUnitPage = defineCall({
  area: 'base-info',
  method: 'POST',
  path: '/baseInfo/getAccUnitPage',
  module: ModuleCode.accUnit,
  summary: 'Accounting units with how many stores settle through each, paged (a supplier: the units of the stores it deals with)',
  body: baseListQuery,
  data: pageOf(accUnitRow),
});
export const getAccUnitColumnValues = defineCall({
  area: 'base-info',
  method: 'POST',
  path: '/baseInfo/getAccUnitColumnValues',
  module: ModuleCode.accUnit,
  summary: "Distinct texts of one column of the accounting-unit list (the grid's value checklist)",
  body: baseListQuery.omit({ page: true, limit: true, sort: true }).extend(columnValuesParams),
  data: columnValues,
});

const optionalText = (max: number, label: string) => z.string().trim().max(max, `${label}最多 ${max} 个字`).default('');
export const accUnitForm = z.object({
  unitCode: code('核算单位'),
  unitName: z.string().trim().min(1, '请输入核算单位名称').max(60, '核算单位名称最多 60 个字'),
  /** 纳税人识别号: the 18-character unified social credit code, or an older 15- or 20-character number. */
  taxNumber: z
    .string()
    .trim()
    .regex(/^(?:[0-9A-Z]{15}|[0-9A-Z]{18}|[0-9A-Z]{20})$/, '纳税人识别号应为 15、18 或 20 位数字或大写字母'),
  address: optionalText(100, '地址'),
  bankName: optionalText(60, '开户银行'),
  bankAccount: z
    .string()
    .trim()
    .max(40, '银行账号最多 40 个字符')
    .regex(/^[0-9 ]*$/, '银行账号只能包含数字和空格')
    .default(''),
  isNew: z.boolean(),
});
export type AccUnitForm = z.infer<typeof accUnitForm>;
export const saveAccUnit = defineCall({
  area: 'base-info',
  method: 'POST',
  path: '/baseInfo/saveAccUnit',
  module: ModuleCode.accUnit,
  changes: true,
  summary: 'Create an accounting unit (isNew: its code must be free) or change one (staff)',
  body: accUnitForm,
  data: accUnitRow.omit({ deptCount: true }),
});
