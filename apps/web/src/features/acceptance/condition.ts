// The search form's values as the contract's condition, the default range, and the trend's points.
import type { AccCondition, AccGroup } from '@portal/contract';
import dayjs, { type Dayjs } from 'dayjs';
import { businessToday } from '../../lib/business-day';

/** As the form holds them: a cleared field may be undefined. */
export interface FilterValues {
  range: [Dayjs, Dayjs] | null;
  deptCodes?: string[] | undefined;
  categoryCode?: string | undefined;
  brandCodes?: string[] | undefined;
  goods?: string | undefined;
  billNumber?: string | undefined;
  /** Staff only. */
  suppCode?: string | undefined;
}

/** From the first of this month to today, both of the business day. */
export const thisMonth = (today: Dayjs = businessToday()): [Dayjs, Dayjs] => [today.startOf('month'), today.startOf('day')];

export const initialFilters = (today?: Dayjs): FilterValues => ({
  range: thisMonth(today),
  deptCodes: [],
  brandCodes: [],
  goods: '',
  billNumber: '',
});

const isoDate = (d: Dayjs) => d.format('YYYY-MM-DD');

/** The condition the server gets: dates as YYYY-MM-DD, blank and empty filters left out. */
export function conditionOf(values: FilterValues, today?: Dayjs): AccCondition {
  const [start, end] = values.range ?? thisMonth(today);
  const goods = values.goods?.trim();
  const billNumber = values.billNumber?.trim();
  return {
    startDate: isoDate(start),
    endDate: isoDate(end),
    ...(values.deptCodes?.length ? { deptCodes: values.deptCodes } : {}),
    ...(values.categoryCode ? { categoryCode: values.categoryCode } : {}),
    ...(values.brandCodes?.length ? { brandCodes: values.brandCodes } : {}),
    ...(goods ? { goods } : {}),
    ...(billNumber ? { billNumber } : {}),
    ...(values.suppCode ? { suppCode: values.suppCode } : {}),
  };
}

/** Up to about two months the trend shows days; longer ranges show months. */
export function trendDimension(condition: Pick<AccCondition, 'startDate' | 'endDate'>): 'day' | 'month' {
  return dayjs(condition.endDate).diff(dayjs(condition.startDate), 'day') < 62 ? 'day' : 'month';
}

/**
 * Every day (or month) of the range with its amount including tax, zero where nothing was received, so the
 * line shows the gaps. Amounts become numbers only to be drawn; the exact strings go to the tooltip.
 */
export function trendPoints(condition: Pick<AccCondition, 'startDate' | 'endDate'>, by: 'day' | 'month', groups: AccGroup[]) {
  const amounts = new Map(groups.map((g) => [g.groupKey, g.amount]));
  const format = by === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM';
  const end = dayjs(condition.endDate);
  const labels: string[] = [];
  for (let at = dayjs(condition.startDate).startOf(by === 'day' ? 'day' : 'month'); !at.isAfter(end); at = at.add(1, by))
    labels.push(at.format(format));
  const amountsShown = labels.map((label) => amounts.get(label) ?? '0');
  return { labels, amounts: amountsShown, values: amountsShown.map(Number) };
}
