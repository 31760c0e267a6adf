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
} as const;
export type ModuleCode = (typeof ModuleCode)[keyof typeof ModuleCode];

/** Modules opened by single sign-on in a new window rather than as a page (spec: /sso/{code}). */
export const ssoModules: readonly string[] = [ModuleCode.mall, ModuleCode.invoicePlatform, ModuleCode.bankDirect];
