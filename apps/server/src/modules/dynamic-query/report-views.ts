// The reporting views a definition's SQL may read (schema `report`, migration 0018), and which of them hold
// supplier data: those answer only the caller's supplier, and nothing at all to a public definition.
export const reportViews: ReadonlyMap<string, { bySupplier: boolean }> = new Map([
  ['acceptance', { bySupplier: true }],
  ['return_note', { bySupplier: true }],
  ['charge', { bySupplier: true }],
  ['pur_order', { bySupplier: true }],
  ['goods', { bySupplier: true }],
  ['supplier', { bySupplier: true }],
  ['store', { bySupplier: false }],
  ['category', { bySupplier: false }],
  ['brand', { bySupplier: false }],
]);

export const supplierViews: ReadonlySet<string> = new Set([...reportViews].filter(([, v]) => v.bySupplier).map(([name]) => name));
