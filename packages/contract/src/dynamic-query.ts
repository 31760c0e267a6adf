// Server-defined query pages (/scmQuery/dynamic/query/{queryCode}): definitions kept per tenant by staff
// (designer, module ms0100), and the runner every query page calls. A definition's SQL reads the reporting
// views only, which the runner scopes to the caller's tenant and supplier (docs/dynamic-query.md).
import { z } from 'zod';
import { defineCall } from './call';
import { ModuleCode } from './modules';
import { columnFilters, columnValues, columnValuesParams, isoDate, pageParams, sortParam } from './paging';

/** Staff maintain the definitions (查询设计). */
export const designerModule = ModuleCode.queryDesign;

const identifier = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

export const queryCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z][A-Za-z0-9_]{1,31}$/, '查询编码为 2-32 位字母、数字或下划线，以字母开头');

/**
 * A parameter's type. `supplier`, `store`, `category`, `brand` and `goods` name one of those by its code, and the
 * query page picks it with the matching picker (a supplier account's `supplier` is always its own supplier).
 */
export const paramTypes = [
  'text', 'number', 'date', 'dateRange', 'select', 'multiSelect', 'supplier', 'store', 'category', 'brand', 'goods',
] as const; // prettier-ignore
export type ParamType = (typeof paramTypes)[number];

/** Where a select's options come from: a fixed list, or a base-data lookup of the tenant. */
export const optionLookups = ['store', 'category', 'brand', 'supplier'] as const;
export type OptionLookup = (typeof optionLookups)[number];

/** A text's English form beside the Chinese one: optional, '' shows the Chinese (the page in English falls back to it). */
const english = (max: number) => z.string().trim().max(max).default('');

/** One choice of a fixed list: its value (what the SQL gets), its label, and the label's English form. */
export const paramOption = z.object({
  value: z.string().trim().min(1).max(64),
  label: z.string().trim().min(1).max(64),
  labelEn: english(64),
});

export const queryParam = z.object({
  name: z.string().regex(identifier, '参数名为字母、数字或下划线，以字母开头'),
  label: z.string().trim().min(1, '请输入参数标题').max(40),
  labelEn: english(80),
  type: z.enum(paramTypes),
  required: z.boolean().default(false),
  /** Text of the default value ('' none); a date may be `today`, `-30d` or a date; a range `from,to` of those. */
  defaultValue: z.string().trim().max(200).default(''),
  /** For select and multiSelect: a fixed list or a lookup. */
  options: z.array(paramOption).max(200).default([]),
  lookup: z.enum(optionLookups).nullable().default(null),
});
export type QueryParam = z.infer<typeof queryParam>;

/** What a parameter names and is picked with, or null for a plain value (text, number, date, a fixed list). */
export type ParamPicker = 'supplier' | 'store' | 'category' | 'brand' | 'goods';
const pickerTypes: readonly string[] = ['supplier', 'store', 'category', 'brand', 'goods'] satisfies ParamPicker[];

/** A parameter of a picker type, or a select whose options come from a lookup (a fixed list wins over a lookup). */
export function paramPicker(param: Pick<QueryParam, 'type' | 'options' | 'lookup'>): ParamPicker | null {
  if (pickerTypes.includes(param.type)) return param.type as ParamPicker;
  if ((param.type === 'select' || param.type === 'multiSelect') && !param.options.length && param.lookup) return param.lookup;
  return null;
}

export const columnFormats = ['money', 'quantity', 'date', 'percent'] as const;

export const queryColumn = z.object({
  field: z.string().regex(identifier, '列字段为字母、数字或下划线，以字母开头'),
  title: z.string().trim().min(1, '请输入列标题').max(40),
  titleEn: english(80),
  type: z.enum(['text', 'number', 'date']).default('text'),
  width: z.number().int().min(40).max(600).default(120),
  fixed: z.enum(['left', 'right']).nullable().default(null),
  format: z.enum(columnFormats).nullable().default(null),
});
export type QueryColumn = z.infer<typeof queryColumn>;

export const queryDefinition = z.object({
  queryCode,
  title: z.string().trim().min(1, '请输入标题').max(40),
  titleEn: english(80),
  description: z.string().trim().max(500).default(''),
  descriptionEn: english(1000),
  params: z.array(queryParam).max(20, '最多 20 个参数'),
  columns: z.array(queryColumn).min(1, '请至少定义一列').max(60, '最多 60 列'),
  /** One SELECT over the reporting views; `:name` marks a parameter (bound, never spliced into the text). */
  sql: z.string().trim().min(1, '请输入 SQL').max(20000, 'SQL 最多 20000 个字符'),
  isPublic: z.boolean().default(false),
});
export type QueryDefinition = z.infer<typeof queryDefinition>;

/** A parameter's value: text, or two texts for a date range; null or '' when not given. */
export const paramValue = z.union([z.string().max(200), z.array(z.string().max(200)).max(200), z.null()]);
export const paramValues = z.record(z.string().max(64), paramValue).refine((v) => Object.keys(v).length <= 40, '参数过多');
export type ParamValues = z.infer<typeof paramValues>;

/** Who sees a published definition: staff roles of the tenant, and suppliers (all of them, or the named ones). */
export const publishTargets = z.object({
  roles: z.array(z.string().max(32)).max(100),
  allSuppliers: z.boolean(),
  suppliers: z.array(z.string().max(32)).max(2000),
});
export type PublishTargets = z.infer<typeof publishTargets>;

export const definitionSummary = z.object({
  queryCode: z.string(),
  title: z.string(),
  titleEn: z.string(),
  isPublic: z.boolean(),
  /** The menu module that grants it once published ('' not published). */
  moudleCode: z.string(),
  targets: publishTargets,
  updatedBy: z.string(),
  updatedAt: z.string(),
});
export type DefinitionSummary = z.infer<typeof definitionSummary>;

export const listDefinitions = defineCall({
  area: 'dynamic-query',
  method: 'POST',
  path: '/dynamicQuery/list',
  module: designerModule,
  summary: 'Query definitions of the tenant (designer)',
  body: z.object({ keyword: z.string().trim().max(64).optional() }).nullish(),
  data: z.array(definitionSummary),
});

export const getDefinition = defineCall({
  area: 'dynamic-query',
  method: 'GET',
  path: '/dynamicQuery/get',
  module: designerModule,
  summary: 'One query definition with its SQL and where it is published (designer)',
  query: z.object({ queryCode }),
  data: queryDefinition.extend({ moudleCode: z.string(), targets: publishTargets }),
});

export const saveDefinition = defineCall({
  area: 'dynamic-query',
  method: 'POST',
  path: '/dynamicQuery/save',
  module: designerModule,
  changes: true,
  summary:
    'Create (isNew) or update a definition. Refused with 400 unless the SQL is one read-only SELECT over the reporting views that the database prepares, ' +
    'every :name is a declared parameter and every declared column is returned',
  body: queryDefinition.extend({ isNew: z.boolean() }),
  data: definitionSummary,
});

export const deleteDefinition = defineCall({
  area: 'dynamic-query',
  method: 'POST',
  path: '/dynamicQuery/delete',
  module: designerModule,
  changes: true,
  summary: 'Delete a definition and its menu entry',
  body: z.object({ queryCode }),
  data: z.null(),
});

export const testRun = defineCall({
  area: 'dynamic-query',
  method: 'POST',
  path: '/dynamicQuery/testRun',
  module: designerModule,
  summary: 'Checks an unsaved definition as save does and runs it with sample parameters: the first rows and the time taken',
  body: z.object({
    /** Columns may still be empty: the answer names the fields the SQL returns, to make them from. */
    definition: queryDefinition.extend({ columns: z.array(queryColumn).max(60) }),
    params: paramValues.default({}),
    /** Run as this supplier would see it ('' the whole tenant, as staff). */
    asSupplier: z.string().trim().max(32).default(''),
  }),
  data: z.object({
    fields: z.array(z.string()),
    rows: z.array(z.record(z.string(), z.unknown())),
    total: z.number().int(),
    capped: z.boolean(),
    elapsedMs: z.number(),
  }),
});

export const publishTargetOptions = defineCall({
  area: 'dynamic-query',
  method: 'GET',
  path: '/dynamicQuery/publishOptions',
  module: designerModule,
  summary: 'Staff roles of the tenant a definition may be published to (its suppliers: the supplier picker)',
  data: z.object({
    roles: z.array(z.object({ roleCode: z.string(), roleName: z.string() })),
  }),
});

export const publish = defineCall({
  area: 'dynamic-query',
  method: 'POST',
  path: '/dynamicQuery/publish',
  module: designerModule,
  changes: true,
  summary: 'Publishes a definition to the menu of the chosen roles and suppliers (an entry named dynamic); no target unpublishes it',
  body: z.object({ queryCode }).merge(publishTargets),
  data: definitionSummary,
});

// ---------------------------------------------------------------------------------------------------------
// The runner. Every call is open in the auth hook (spec: any path containing /dynamic/query/ opens signed
// out); the service answers a public definition to anyone, in the tenant's public scope (no supplier data),
// and any other only to a signed-in caller holding the definition's own module (401 without a session).

const runnerAccess = { public: true } as const;

/** The tenant of a signed-out caller (as at login); a signed-in caller's tenant is its session's. */
const tenantQuery = z.object({ tenantid: z.string().trim().max(32).optional() });

export const pageDefinition = z.object({
  queryCode: z.string(),
  title: z.string(),
  titleEn: z.string(),
  description: z.string(),
  descriptionEn: z.string(),
  params: z.array(queryParam),
  columns: z.array(queryColumn),
  isPublic: z.boolean(),
  moudleCode: z.string(),
});
export type PageDefinition = z.infer<typeof pageDefinition>;

export const getPageDefinition = defineCall({
  ...runnerAccess,
  area: 'dynamic-query',
  method: 'GET',
  path: '/dynamicQuery/definition',
  summary: "A query page's form and columns (no SQL). Public definitions: anyone; others: the definition's module (401 signed out)",
  query: tenantQuery.extend({ queryCode }),
  data: pageDefinition,
});

export const runQuery = z.object({
  queryCode,
  params: paramValues.default({}),
  ...pageParams,
  sort: sortParam.optional(),
  filters: columnFilters.optional(),
});
export type RunQuery = z.infer<typeof runQuery>;

export const resultRow = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));
export type ResultRow = z.infer<typeof resultRow>;

export const run = defineCall({
  ...runnerAccess,
  area: 'dynamic-query',
  method: 'POST',
  path: '/dynamicQuery/run',
  summary:
    'One page of a definition: sorted and column-filtered on the server, with the total (at most the row cap: capped). Read-only, scoped, time-limited',
  query: tenantQuery,
  body: runQuery,
  data: z.object({ total: z.number().int(), capped: z.boolean(), list: z.array(resultRow) }),
});

export const runColumnValues = defineCall({
  ...runnerAccess,
  area: 'dynamic-query',
  method: 'POST',
  path: '/dynamicQuery/columnValues',
  summary: "Distinct texts of one column of a definition's result under the other filters (the grid's value checklist)",
  query: tenantQuery,
  body: runQuery.omit({ page: true, limit: true, sort: true }).extend(columnValuesParams),
  data: columnValues,
});

const exportBody = runQuery.omit({ page: true, limit: true });

export const exportCsv = defineCall({
  ...runnerAccess,
  area: 'dynamic-query',
  method: 'POST',
  path: '/dynamicQuery/exportCsv',
  summary: "A definition's rows as CSV, streamed (at most the row cap)",
  query: tenantQuery,
  body: exportBody,
  data: z.unknown(),
});

export const exportExcel = defineCall({
  ...runnerAccess,
  area: 'dynamic-query',
  method: 'POST',
  path: '/dynamicQuery/exportExcel',
  summary: "A definition's rows as .xlsx, streamed (at most the row cap)",
  query: tenantQuery,
  body: exportBody,
  data: z.unknown(),
});

/** A date parameter's default: `today`, `-30d` (days before today) or a date. */
export const relativeDate = z.union([z.literal('today'), z.string().regex(/^-\d{1,4}d$/), isoDate]);

/**
 * The reporting views a definition's SQL reads (schema `report`, migration 0018) with their columns; those
 * `bySupplier` answer only the caller's supplier, and nothing at all to a public definition.
 */
export const reportViews: Readonly<Record<string, { bySupplier: boolean; columns: readonly string[] }>> = {
  acceptance: {
    bySupplier: true,
    columns: ['supp_code', 'dept_code', 'acc_date', 'bill_number', 'line_no', 'po_bill_number', 'goods_code', 'category_code', 'brand_code',
      'accepted_qty', 'free_qty', 'price', 'amount', 'amount_excl', 'tax', 'tax_rate', 'settle_status'], // prettier-ignore
  },
  return_note: {
    bySupplier: true,
    columns: ['supp_code', 'dept_code', 'return_date', 'bill_number', 'line_no', 'goods_code', 'asked_qty', 'returned_qty', 'price', 'amount',
      'tax_rate', 'reason', 'settle_status'], // prettier-ignore
  },
  charge: {
    bySupplier: true,
    columns: ['supp_code', 'dept_code', 'charge_code', 'charge_type', 'charge_name', 'period', 'direction', 'amount', 'tax_rate', 'charge_date',
      'settle_status', 'dispute_status'], // prettier-ignore
  },
  pur_order: {
    bySupplier: true,
    columns: ['supp_code', 'bill_number', 'dept_code', 'category_code', 'order_date', 'delivery_date', 'delivery_mode', 'order_type', 'status',
      'total_qty', 'total_amount'], // prettier-ignore
  },
  goods: {
    bySupplier: true,
    columns: ['supp_code', 'goods_code', 'barcode', 'goods_name', 'spec', 'unit', 'case_qty', 'category_code', 'brand_code', 'tax_rate', 'price',
      'retail_price'], // prettier-ignore
  },
  supplier: { bySupplier: true, columns: ['supp_code', 'supp_name', 'business_mode', 'settle_cycle', 'pay_term_days', 'status'] },
  // The receiving rollups (a row per day, or month, store, goods item, category and brand; `bills`: the receiving notes
  // whose first line the row holds, so their sum over whole notes is the notes' count; `goods_bills`: the notes that
  // hold the goods item). A year of a supplier's lines grouped here reads days, not lines.
  acceptance_daily: {
    bySupplier: true,
    columns: ['supp_code', 'acc_date', 'dept_code', 'goods_code', 'category_code', 'brand_code', 'line_count', 'qty', 'amount_excl', 'tax',
      'amount', 'bills', 'goods_bills', 'category_bills', 'brand_bills'], // prettier-ignore
  },
  acceptance_monthly: {
    bySupplier: true,
    columns: ['supp_code', 'month', 'dept_code', 'goods_code', 'category_code', 'brand_code', 'line_count', 'qty', 'amount_excl', 'tax',
      'amount', 'bills', 'goods_bills', 'category_bills', 'brand_bills'], // prettier-ignore
  },
  store: { bySupplier: false, columns: ['dept_code', 'dept_name', 'dept_type', 'city'] },
  category: { bySupplier: false, columns: ['category_code', 'parent_category_code', 'category_name', 'level'] },
  brand: { bySupplier: false, columns: ['brand_code', 'brand_name'] },
};
