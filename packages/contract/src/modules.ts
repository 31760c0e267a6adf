// The menu's module codes (spec: moudleCode) the code refers to, written once: calls name the module that
// grants them, pages the module whose buttons they show. The menu itself comes from the database.
export const ModuleCode = {
  dashboard: 'ms0014',
  reports: 'ms0020',
  acceptance: 'ms0021',
  purchaseOrder: 'ms0022',
  settlement: 'ms0030',
  settlementBill: 'ms0031',
  charges: 'ms0032',
  certificate: 'ms0040',
  mall: 'ms0045',
  employee: 'ms0050',
  goodsApplyAudit: 'ms0060',
  invoicePlatform: 'ms0062',
  bankDirect: 'ms0066',
  logistics: 'ms0070',
  usageStats: 'ms0080',
  busOption: 'ms0081',
  baseData: 'ms0090',
  brand: 'ms0091',
  category: 'ms0092',
  dept: 'ms0093',
  accUnit: 'ms0094',
  goodsApply: 'ms0061',
  supplierApplyAudit: 'ms0063',
  supplierHistory: 'ms0064',
  queryDesign: 'ms0100',
} as const;
export type ModuleCode = (typeof ModuleCode)[keyof typeof ModuleCode];

/** Modules opened by single sign-on in a new window rather than as a page (spec: /sso/{code}). */
export const ssoModules: readonly string[] = [ModuleCode.mall, ModuleCode.invoicePlatform, ModuleCode.bankDirect];

/**
 * English titles of the menu's modules (the module table holds the Chinese name only): the web shows these
 * in English, and a module without one keeps its Chinese name.
 */
export const moduleTitlesEn: Readonly<Record<string, string>> = {
  ms0014: 'Home',
  ms0020: 'Reports',
  ms0021: 'Receiving statistics',
  ms0022: 'Purchase orders',
  ms0030: 'Settlement',
  ms0031: 'Settlement bills',
  ms0032: 'Charges',
  ms0040: 'Certificates',
  ms0045: 'Supplier mall',
  ms0050: 'Accounts',
  ms0060: 'New-product review',
  ms0062: 'E-invoice platform',
  ms0066: 'Bank direct link',
  ms0070: 'Logistics',
  ms0080: 'Module usage',
  ms0081: 'Business options',
  ms0090: 'Base data',
  ms0091: 'Brands',
  ms0092: 'Goods categories',
  ms0093: 'Stores and DCs',
  ms0094: 'Accounting units',
  ms0061: 'New-product applications',
  ms0063: 'Supplier admission review',
  ms0064: 'Supplier history',
  ms0100: 'Query designer',
};
