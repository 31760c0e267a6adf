// Paging and exact-number shapes shared by list calls.
import { z } from 'zod';

export const pageParams = {
  page: z.coerce.number().int().min(1, 'page 从 1 开始').default(1),
  limit: z.coerce.number().int().min(1).max(1000, 'limit 最大 1000').default(20),
};

export const pageOf = <T extends z.ZodType>(item: T) => z.object({ total: z.number().int(), list: z.array(item) });

/** An exact decimal travelling as a string ("1003.00", "-51.00", "12.500000"). */
export const decimal = z.string().regex(/^-?\d+(\.\d+)?$/, '必须是数字');

/** A calendar date YYYY-MM-DD. */
export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 YYYY-MM-DD').refine((v) => !Number.isNaN(Date.parse(v)), '日期不存在');

/** Sort of a server-paged grid: field and direction. */
export const sortParam = z.object({ field: z.string().max(64), order: z.enum(['asc', 'desc']) });
