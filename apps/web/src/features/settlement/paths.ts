// Where the settlement pages live: the list (/samBill), its hidden pages (page-registry subPages) and charges.
export const billListPath = '/samBill';
export const reviewPath = '/samBill/review';
export const chargesPath = '/samCharges';

export const detailPath = (samBillNum: string) => `/samBill/detail?${new URLSearchParams({ samBillNum })}`;

/** The editor of a new bill (of a kind) or of an existing one. */
export const editorPath = (of: { samBillNum: string } | { kind: 'normal' | 'advance' }) =>
  `/samBill/edit?${new URLSearchParams('samBillNum' in of ? { samBillNum: of.samBillNum } : of.kind === 'advance' ? { kind: 'advance' } : {})}`;
