// Who did it, as the audit screens write it: the account's name and code, else what acted (an integration client, the system).
import { type Language, audit } from '@portal/contract';

export const whoOf = (r: Pick<audit.AuditRow, 'accountCode' | 'accountName' | 'actorKind'>, language: Language): string =>
  r.accountCode ? `${r.accountName} (${r.accountCode})` : audit.actorKindLabel(r.actorKind, language);
