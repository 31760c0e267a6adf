// The legacy common calls (spec section 7, "Legacy and common calls"): lookups other screens lean on,
// answering the legacy envelope {success, content: {result}, msg} at the spec's `.do` paths.
import { z } from 'zod';
import { defineCall } from './call';
import { busOption, busOptionModule } from './base-info';
import { orderStatusTextEn, orderStatuses } from './purchase-order';

/** An entry of an enum: its code (what is stored and sent) and its name (what people read). */
export const enumItem = z.object({ code: z.string(), name: z.string() });
export type EnumItem = z.infer<typeof enumItem>;

export const deliveryModes = ['直送', '配送', '越库'] as const;
/** The English labels of the fixed Chinese words and names below (the screens' and the enums'). */
export const deliveryModeTextEn: Record<(typeof deliveryModes)[number], string> = { 直送: 'Direct', 配送: 'Via DC', 越库: 'Cross-dock' };
export const orderTypes = ['普通', '急补'] as const;
export const orderTypeTextEn: Record<(typeof orderTypes)[number], string> = { 普通: 'Regular', 急补: 'Urgent' };
export const deptTypeNames = { store: '门店', dc: '配送中心' } as const;
export const deptTypeNamesEn: Record<keyof typeof deptTypeNames, string> = { store: 'Store', dc: 'Distribution centre' };
export const billDirections = ['in', 'out'] as const;
const billDirectionNames: Record<(typeof billDirections)[number], string> = { in: '入库', out: '出库' };
const billDirectionNamesEn: Record<(typeof billDirections)[number], string> = { in: 'Inbound', out: 'Outbound' };
export const printTypes = {
  purOrder: '采购订单',
  receiving: '验收单',
  samBill: '结算单',
  adjustPrice: '调价单',
  goodsChange: '商品变更单',
} as const;
export const printTypesEn: Record<keyof typeof printTypes, string> = {
  purOrder: 'Purchase order',
  receiving: 'Receiving note',
  samBill: 'Settlement bill',
  adjustPrice: 'Price adjustment',
  goodsChange: 'Goods change',
};
const employeeStatusNames = { '1': '启用', '0': '停用' };
const employeeStatusNamesEn: Record<keyof typeof employeeStatusNames, string> = { '1': 'Enabled', '0': 'Disabled' };
export type PrintType = keyof typeof printTypes;
const printTypeCodes = Object.keys(printTypes) as [PrintType, ...PrintType[]];

const same = (values: readonly string[]): EnumItem[] => values.map((v) => ({ code: v, name: v }));
const named = (names: Record<string, string>): EnumItem[] => Object.entries(names).map(([code, name]) => ({ code, name }));

/** The product's enums by name, as `/api/enum/list.do` answers them (to every caller that asks for no other language). */
export const enums: Record<string, EnumItem[]> = {
  orderStatus: same(orderStatuses),
  deliveryMode: same(deliveryModes),
  orderType: same(orderTypes),
  deptType: named(deptTypeNames),
  billDirection: named(billDirectionNames),
  printType: named(printTypes),
  employeeStatus: named(employeeStatusNames),
};

/** The enums' names in English by enum and code: the same codes, the names an English caller reads. */
export const enumNamesEn: Record<string, Readonly<Record<string, string>>> = {
  orderStatus: orderStatusTextEn,
  deliveryMode: deliveryModeTextEn,
  orderType: orderTypeTextEn,
  deptType: deptTypeNamesEn,
  billDirection: billDirectionNamesEn,
  printType: printTypesEn,
  employeeStatus: employeeStatusNamesEn,
};

/** Why any signed-in user may make these lookups: each reads only what the caller may see anyway. */
const openTo = {
  enumLists: 'fixed lists of the product, the same for every user',
  ownStores: 'only the stores and DCs the caller deals with (a supplier: those of its orders and receipts)',
  ownGoods: "only the caller's own goods (a supplier) or its tenant's (staff)",
  ownGrants: "the caller's own modules and buttons",
  ownSuppliers: 'a supplier account sees only itself; staff their tenant',
  tenantSettings: "settings of the caller's tenant that every screen reads",
  baseData: "the tenant's categories and brands, which every picker shows",
};

const code = z.string().trim().min(1).max(32);
/** Codes joined by commas ("S0101,S0102"), as the legacy clients send lists; at most 500. */
const codeList = (field: string) =>
  z
    .string()
    .max(20_000)
    .transform((text) => [
      ...new Set(
        text
          .split(',')
          .map((c) => c.trim())
          .filter(Boolean),
      ),
    ])
    .refine((codes) => codes.length <= 500, `${field} 最多 500 个编码`)
    .refine((codes) => codes.every((c) => c.length <= 32), `${field} 中的编码最长 32 位`);

export const deptItem = z.object({
  deptCode: z.string(),
  deptName: z.string(),
  deptType: z.enum(['store', 'dc']),
  city: z.string(),
  online: z.boolean(),
});

/** A node of the legacy pickers' trees: code, name and children, under one root. */
export interface TreeNode {
  id: string;
  label: string;
  children: TreeNode[];
}
export const treeNode: z.ZodType<TreeNode> = z.lazy(() => z.object({ id: z.string(), label: z.string(), children: z.array(treeNode) }));

export const listEnum = defineCall({
  area: 'common',
  signedIn: openTo.enumLists,
  method: 'GET',
  path: '/api/enum/list.do',
  envelope: 'legacy',
  summary:
    "The entries of one of the product's enums (orderStatus, deliveryMode, orderType, deptType, billDirection, printType, employeeStatus)",
  query: z.object({ enumName: z.string().trim().min(1, 'enumName 不能为空').max(64) }),
  data: z.array(enumItem),
});

const deptQuery = z.object({ keyword: z.string().trim().max(64).optional() }).nullish();

export const getDeptList = defineCall({
  area: 'common',
  signedIn: openTo.ownStores,
  method: 'POST',
  path: '/deptBuildGoods/getDeptList.do',
  envelope: 'legacy',
  summary: 'Stores and DCs the caller deals with (a supplier: those it has orders or receipts for; staff: every one of the tenant)',
  body: deptQuery,
  data: z.array(deptItem),
});
export const getOnLineDeptList = defineCall({
  area: 'common',
  signedIn: openTo.ownStores,
  method: 'POST',
  path: '/deptBuildGoods/getOnLineDeptList.do',
  envelope: 'legacy',
  summary: 'The same stores and DCs, only those open for business',
  body: deptQuery,
  data: z.array(deptItem),
});
export const getPickStoreList = defineCall({
  area: 'common',
  signedIn: openTo.ownStores,
  method: 'POST',
  path: '/comm/getPickStoreList.do',
  envelope: 'legacy',
  summary: 'Stores (not DCs) a store picker offers the caller',
  body: deptQuery,
  data: z.array(deptItem),
});
export const queryMyStore = defineCall({
  area: 'common',
  signedIn: openTo.ownStores,
  method: 'GET',
  path: '/baseProxy/api/common/queryMyStore.do',
  envelope: 'legacy',
  summary: "The caller's own stores: a staff member's store, every store for staff without one, the stores a supplier delivers to",
  data: z.array(deptItem),
});

export const allDistributions = defineCall({
  area: 'common',
  signedIn: openTo.enumLists,
  method: 'GET',
  path: '/distributionType/allDistributions',
  envelope: 'legacy',
  summary: 'Delivery modes (直送 to the store, 配送 through a DC, 越库 cross-docked)',
  data: z.array(enumItem),
});

export const stockItem = z.object({
  deptCode: z.string(),
  deptName: z.string(),
  goodsCode: z.string(),
  goodsName: z.string(),
  unit: z.string(),
  /** Stock in the goods' unit: stored in 1/10000 units, divided exactly ("12345.6789"). */
  stockQty: z.string(),
  updatedAt: z.string(),
});
export const getBatchStocksList = defineCall({
  area: 'common',
  signedIn: openTo.ownGoods,
  method: 'POST',
  path: '/baseProxy/api/common/getBatchStocksList.do',
  envelope: 'legacy',
  summary: 'Stock of goods at stores and DCs (codes comma-joined; a supplier sees its own goods only)',
  body: z.object({
    deptCode: codeList('deptCode').optional(),
    goodsCode: codeList('goodsCode').refine((c) => c.length > 0, 'goodsCode 不能为空'),
  }),
  data: z.array(stockItem),
});

export const permissionInfo = z.object({
  modules: z.array(z.object({ moduleCode: z.string(), moduleName: z.string() })),
  buttons: z.array(z.object({ moduleCode: z.string(), buttonCode: z.string() })),
});
export const getUserPermission = defineCall({
  area: 'common',
  signedIn: openTo.ownGrants,
  method: 'POST',
  path: '/baseProxy/api/common/getUserPermission.do',
  envelope: 'legacy',
  summary: 'Modules and buttons the caller holds',
  data: permissionInfo,
});

export const supplierItem = z.object({
  suppCode: z.string(),
  suppName: z.string(),
  creditCode: z.string(),
  businessMode: z.string(),
  status: z.string(),
});
export const getSupplierInfo = defineCall({
  area: 'common',
  signedIn: openTo.ownSuppliers,
  method: 'POST',
  path: '/baseProxy/api/common/getSupplierInfo.do',
  envelope: 'legacy',
  summary: "Suppliers, paged (the supplier list's page size is 9999); a supplier account sees itself only",
  body: z
    .object({
      page: z.coerce.number().int().min(1, 'page 从 1 开始').default(1),
      pageSize: z.coerce.number().int().min(1).max(9999, 'pageSize 最大 9999').default(9999),
      keyword: z.string().trim().max(64).optional(),
    })
    .nullish(),
  data: z.object({ total: z.number().int(), list: z.array(supplierItem) }),
});

export const queryListByParamCode = defineCall({
  area: 'common',
  signedIn: openTo.tenantSettings,
  method: 'POST',
  path: '/baseProxy/api/common/queryListByParamCode.do',
  envelope: 'legacy',
  summary: 'System parameters of the tenant by code (codes comma-joined)',
  body: z.object({ paramCode: codeList('paramCode').refine((c) => c.length > 0, 'paramCode 不能为空') }),
  data: z.array(z.object({ parameterCode: z.string(), parameterName: z.string(), parameterValue: z.string() })),
});

export const getCatalogClassInfo = defineCall({
  area: 'common',
  signedIn: openTo.baseData,
  method: 'GET',
  path: '/baseProxy/api/common/getCatalogClassInfo.do',
  envelope: 'legacy',
  summary: 'The category tree under the root 所有类别',
  data: z.array(treeNode),
});
export const getSupplierCateInfo = defineCall({
  area: 'common',
  signedIn: openTo.ownSuppliers,
  method: 'GET',
  path: '/baseProxy/api/common/getSupplierCateInfo.do',
  envelope: 'legacy',
  summary: 'Suppliers by the top categories of their goods, under the root 所有供应商',
  data: z.array(treeNode),
});
export const getBrandInfo = defineCall({
  area: 'common',
  signedIn: openTo.baseData,
  method: 'GET',
  path: '/baseProxy/api/common/getBrandInfo.do',
  envelope: 'legacy',
  summary: 'Brands under the root 所有品牌',
  data: z.array(treeNode),
});

export const goodsItem = z.object({
  goodsCode: z.string(),
  barcode: z.string(),
  goodsName: z.string(),
  spec: z.string(),
  unit: z.string(),
  caseQty: z.number().int(),
  categoryCode: z.string(),
  categoryName: z.string(),
  brandCode: z.string(),
  brandName: z.string(),
  suppCode: z.string(),
  suppName: z.string(),
  taxRate: z.string(),
  price: z.string(),
  retailPrice: z.string(),
});
export const getGoodInfo = defineCall({
  area: 'common',
  signedIn: openTo.ownGoods,
  method: 'POST',
  path: '/baseProxy/api/common/getGoodInfo.do',
  envelope: 'legacy',
  summary: 'Goods by keyword (code, barcode or name), category or brand, paged; a supplier sees its own goods only',
  body: z
    .object({
      keyword: z.string().trim().max(64).optional(),
      categoryCode: code.optional(),
      brandCode: code.optional(),
      page: z.coerce.number().int().min(1, 'page 从 1 开始').default(1),
      pageSize: z.coerce.number().int().min(1).max(1000, 'pageSize 最大 1000').default(50),
    })
    .nullish(),
  data: z.object({ total: z.number().int(), list: z.array(goodsItem) }),
});

export const printTemplate = z.object({
  templateCode: z.string(),
  templateName: z.string(),
  printTypeCode: z.enum(printTypeCodes),
  isDefault: z.boolean(),
  paperSize: z.enum(['A4', 'A5', '241x140']),
  orientation: z.enum(['portrait', 'landscape']),
  /** Margins in millimetres: top, right, bottom, left. */
  margins: z.tuple([z.number(), z.number(), z.number(), z.number()]),
  /**
   * The layout: title, header fields, line columns, footer fields (field names of the printed record, see
   * print.ts `printFields`). Header and footer repeat on every printed page.
   */
  layout: z.object({
    /** The title; may name fields of the record as {{field}} (logic-less Mustache, printed as text). */
    title: z.string(),
    header: z.array(z.object({ field: z.string(), label: z.string() })),
    columns: z.array(z.object({ field: z.string(), label: z.string(), width: z.number(), align: z.enum(['left', 'right', 'center']) })),
    footer: z.array(z.object({ field: z.string(), label: z.string() })),
    /** Free text at the foot of every page (signatures), with {{field}} placeholders as in the title. */
    note: z.string().max(500).optional(),
  }),
});
export type PrintTemplate = z.infer<typeof printTemplate>;
export const getPrintTemplateAll = defineCall({
  area: 'common',
  signedIn: openTo.tenantSettings,
  method: 'GET',
  path: '/baseProxy/api/common/getPrintTemplateAll.do',
  envelope: 'legacy',
  summary: 'Print templates of the tenant for one print type (purOrder, receiving, samBill, adjustPrice, goodsChange), the default first',
  query: z.object({ printTypeCode: z.enum(printTypeCodes, { message: `printTypeCode 应为 ${printTypeCodes.join(', ')} 之一` }) }),
  data: z.array(printTemplate),
});
export const getOcxDownloadUrl = defineCall({
  area: 'common',
  signedIn: openTo.tenantSettings,
  method: 'GET',
  path: '/baseProxy/api/common/getOcxDownloadUrl.do',
  envelope: 'legacy',
  summary: "Where the legacy print plug-in is downloaded (the tenant's OCX_DOWNLOAD_URL parameter; empty when the browser prints)",
  data: z.string(),
});

export const locationItem = z.object({
  deptCode: z.string(),
  deptName: z.string(),
  locationCode: z.string(),
  locationName: z.string(),
  billDirection: z.enum(billDirections),
});
export const queryLocationArchivesBatch = defineCall({
  area: 'common',
  signedIn: openTo.ownStores,
  method: 'POST',
  path: '/baseProxy/api/common/queryLocationArchivesBatch.do',
  envelope: 'legacy',
  summary: 'Storage locations (库位) for receiving (in) or returns (out), of some stores or DCs (codes comma-joined)',
  body: z.object({
    billDirection: z.enum(billDirections, { message: 'billDirection 应为 in 或 out' }),
    deptCode: codeList('deptCode').optional(),
  }),
  data: z.array(locationItem),
});

export const saveBusOption = defineCall({
  area: 'common',
  method: 'POST',
  path: '/baseProxy/api/common/saveBusOption.do',
  envelope: 'legacy',
  module: busOptionModule,
  changes: true,
  summary: 'Create or update a business option (staff; the legacy path of /baseInfo/saveBusOption)',
  body: busOption,
  data: busOption,
});

export const getAuthBtnList = defineCall({
  area: 'common',
  method: 'POST',
  path: '/api/comm/getAuthBtnList.do',
  summary: 'Button codes the caller holds on a menu code (legacy envelope)',
  signedIn: "the caller's own buttons on a page",
  envelope: 'legacy',
  body: z.object({ menuCode: z.string().trim().min(1, 'menuCode 不能为空').max(32) }),
  data: z.array(z.string()),
});
