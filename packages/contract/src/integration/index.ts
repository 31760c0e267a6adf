// The integration area (docs/integration.md): clients and their credentials, inbound documents, the outbox's feed.
export * from './clients';
export * from './documents';
export * from './events';
export * from './imports';
export * from './log';
