// The figures as grid columns (both screens), and a figure's text: a percentage with its sign, or a dash.
import type { PerformanceFigures } from '@portal/contract';
import type { TFunction } from 'i18next';
import type { GridColumn, GridRow } from '../../components/data-grid';

export const rateFields = ['otifRate', 'inFullRate', 'fillRate', 'onTimeRate', 'confirmRate', 'rejectionRate'] as const;
export const figureFields = [...rateFields, 'avgConfirmHours', 'lines', 'orders'] as const;

export const percent = (value: string | null) => (value === null ? '—' : `${value}%`);

export function figureCells(f: PerformanceFigures): GridRow {
  return {
    otifRate: f.otifRate,
    inFullRate: f.inFullRate,
    fillRate: f.fillRate,
    onTimeRate: f.onTimeRate,
    confirmRate: f.confirmRate,
    rejectionRate: f.rejectionRate,
    avgConfirmHours: f.avgConfirmHours,
    lines: f.lines,
    orders: f.orders,
  };
}

export function figureColumns(t: TFunction, options: { sortable: boolean }): GridColumn[] {
  const base = { sortable: options.sortable, filterable: false } as const;
  return figureFields.map((field) => ({
    field,
    title: t(`performance.figures.${field}`),
    type: 'number' as const,
    width: field === 'avgConfirmHours' ? 150 : 120,
    ...(rateFields.includes(field as (typeof rateFields)[number]) ? { display: (v: string) => (v === '' ? '—' : `${v}%`) } : {}),
    ...base,
  }));
}
