// Paging and exact-number shapes shared by list calls.
import { z } from 'zod';

export const pageParams = {
  page: z.coerce.number().int().min(1, 'page 从 1 开始').default(1),
  limit: z.coerce.number().int().min(1).max(1000, 'limit 最大 1000').default(20),
};

/**
 * A page of a list: `total` counts the matching rows. Lists that grow with the business stop counting at a cap
 * and say so with `totalCapped` (then more than `total` rows match: the grid shows "10,000+"); `next` is the
 * keyset cursor of the page after this one (send it as `after`), present when the page is full; `prev` the cursor
 * of the page before it (send it as `before`), present on every page but the first.
 */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    total: z.number().int(),
    totalCapped: z.boolean().optional(),
    next: z.string().optional(),
    prev: z.string().optional(),
    list: z.array(item),
  });

/**
 * A list that reads deep pages by keyset: `after` is a page's `next` (the page after it, whatever `page` says),
 * `before` a page's `prev` (the page before it; the first page when fewer rows are left). Not both.
 */
export const keysetParams = { after: z.string().max(4000).optional(), before: z.string().max(4000).optional() };

/** An exact decimal travelling as a string ("1003.00", "-51.00", "12.500000"). */
export const decimal = z.string().regex(/^-?\d+(\.\d+)?$/, '必须是数字');

/** Whether YYYY-MM-DD names a day of the calendar (2026-02-30 does not; Date.parse would roll it over). */
export function isCalendarDate(text: string): boolean {
  const [year, month, day] = text.split('-').map(Number) as [number, number, number];
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The retailer's clock (China, Asia/Shanghai: UTC+8 all year, no daylight saving). */
const businessOffsetMs = 8 * 3_600_000;

/** The retailer's calendar day at `now`: the day where the business happens (China, UTC+8), as YYYY-MM-DD. */
export function businessDay(now: Date): string {
  return new Date(now.getTime() + businessOffsetMs).toISOString().slice(0, 10);
}

/** The calendar day `days` after (or before, when negative) the day YYYY-MM-DD. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The retailer's wall-clock time of an instant, as YYYY-MM-DD HH:mm:ss (what every screen and printout shows). */
export function businessTime(instant: Date): string {
  return new Date(instant.getTime() + businessOffsetMs).toISOString().slice(0, 19).replace('T', ' ');
}

/** A calendar date YYYY-MM-DD. */
export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 YYYY-MM-DD')
  .refine(isCalendarDate, '日期不存在');

/** Sort of a server-paged grid: field and direction. */
export const sortParam = z.object({ field: z.string().max(64), order: z.enum(['asc', 'desc']) });
export type SortOrder = z.infer<typeof sortParam>['order'];

const conditions = [
  'contains',
  'notContains',
  'equals',
  'notEquals',
  'beginsWith',
  'endsWith',
  'empty',
  'notEmpty',
  'eq',
  'ne',
  'gt',
  'ge',
  'lt',
  'le',
  'between',
] as const;
const condition = z.enum([...conditions, '']);

/**
 * A grid column's filter (spec section 3), sent when a server-paged grid filters on the server: a value
 * checklist and one or two conditions joined by fMode; text conditions ignore case unless isSensitive.
 */
export const columnFilter = z.object({
  isSensitive: z.boolean().default(false),
  checks: z.array(z.string().max(200)).max(5000).nullable().default(null),
  sVal: z.string().max(200).default(''),
  sMenu: condition.default(''),
  fType1: condition.default(''),
  fVal1: z.string().max(200).default(''),
  fMode: z.enum(['and', 'or']).default('and'),
  fType2: condition.default(''),
  fVal2: z.string().max(200).default(''),
});
export type ColumnFilter = z.infer<typeof columnFilter>;

/** Column filters by field. */
export const columnFilters = z.record(z.string().max(64), columnFilter).refine((f) => Object.keys(f).length <= 50, '最多 50 个列筛选');

/** A server-paged grid's value checklist lists at most this many texts of a column. */
export const maxColumnValues = 1000;

/** The column whose distinct texts a checklist asks for. */
export const columnValuesParams = { field: z.string().max(64) };

/** Distinct texts of a column under the other filters, sorted; `more` when there were over maxColumnValues. */
export const columnValues = z.object({ values: z.array(z.string()), more: z.boolean() });
