// What the import page says of a checked sheet: how many rows passed and failed, and what was imported,
// counted in the user's language (English says "1 row" and "2 rows"; Chinese has one form).
import type { CallData, certificate } from '@portal/contract';
import type { TFunction } from 'i18next';

type Result = CallData<typeof certificate.importCtfs>;

export function importSummary(t: TFunction, result: Result): { message: string; description?: string } {
  const message = t('certificate.importPage.result', { count: result.rows.length, valid: result.validCount, errors: result.errorCount });
  if (result.saved > 0) return { message, description: t('certificate.importPage.saved', { count: result.saved }) };
  if (result.errorCount > 0) return { message, description: t('certificate.importPage.notSaved') };
  return { message };
}
