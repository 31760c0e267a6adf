// Field shapes the settlement calls share (not exported from the area: the calls carry them).
import { z } from 'zod';
import { decimal } from '../paging';
import { billStatus } from './states';

export const code = (max = 32) => z.string().trim().max(max);
export const billNum = z
  .string()
  .trim()
  .min(1, 'samBillNum 不能为空')
  .max(40)
  .regex(/^[A-Za-z0-9-]+$/, '结算单号只能包含字母、数字和-');
export const note = z.string().trim().max(500).default('');
export const reason = z.string().trim().min(1, '请填写原因').max(500);
/** A period month YYYY-MM. */
export const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, '月份格式应为 YYYY-MM');
/** Positive money with at most 2 decimals. */
export const money = z
  .string()
  .trim()
  .regex(/^\d{1,12}(\.\d{1,2})?$/, '金额须为最多两位小数的正数');
export const taxRateInput = z
  .string()
  .trim()
  .regex(/^\d{1,2}(\.\d{1,2})?$/, '税率须为 0-99 的数字');

/** Staff narrow to one supplier; ignored for supplier accounts (the session decides). */
export const suppCode = { suppCode: code().optional() };

/** A bill by its number (staff: of one supplier). */
export const billRef = z.object({ samBillNum: billNum, ...suppCode });
/** What a change of a bill answers. */
export const savedBill = z.object({ samBillNum: z.string(), status: billStatus, version: z.number().int(), payableAmount: decimal });
