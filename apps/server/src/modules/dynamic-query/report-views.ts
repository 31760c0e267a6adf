// The reporting views a definition's SQL may read (the contract's list; schema `report`, migration 0018), and
// which of them hold supplier data: those answer only the caller's supplier, and nothing to a public definition.
import { dynamicQuery } from '@portal/contract';

export const reportViews: ReadonlySet<string> = new Set(Object.keys(dynamicQuery.reportViews));

export const supplierViews: ReadonlySet<string> = new Set(
  Object.entries(dynamicQuery.reportViews)
    .filter(([, v]) => v.bySupplier)
    .map(([name]) => name),
);
