// Supplier settlement (结算管理): bills from draft to paid, the source documents they settle, charges with
// their disputes, invoices, payments, contracts and accounting units. Spec section 7 "Settlement area"
// names the calls; the payloads are ours (domain.md). Money travels as exact decimal strings.
// One file per sub-area (bills, making, review, invoices, charges, attachments, contracts), as on the server.
export * from './states';
export * from './messages';
export * from './contracts';
export * from './bills';
export * from './making';
export * from './invoices';
export * from './review';
export * from './charges';
export * from './attachments';
